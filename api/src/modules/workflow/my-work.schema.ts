import { builder } from "../../pothos/builder.ts";
import { SortDirectionEnum } from "../../pothos/enums.ts";
import { MAX_TAKE, MY_WORK_DUES, MY_WORK_SORTS, type MyWorkPage, myWork, NO_PRIORITY } from "./my-work.page.ts";
import { ActivityRef } from "./workflow.types.ts";

// team/my-work's list, paged on the server: a person's open activities filtered, searched, sorted and
// cut 50 at a time, with the due chips' counts and the project and priority options (my-work.page.ts).
// The same scope as assignedActivities: one's own work, or anyone's with CUSTOMER_ACCESS.

const MyWorkDueEnum = builder.enumType("MyWorkDue", {
  description: "Open work by the branch's day: before today, today, after today (or all of it).",
  values: MY_WORK_DUES,
});
const MyWorkSortEnum = builder.enumType("MyWorkSort", { values: MY_WORK_SORTS });

type DueCounts = MyWorkPage["dueCounts"];
const MyWorkDueCountsRef = builder.objectRef<DueCounts>("MyWorkDueCounts").implement({
  description: "The person's open activities (within the period) by due, whatever the other filters.",
  fields: (t) => ({
    overdue: t.exposeInt("overdue"),
    today: t.exposeInt("today"),
    upcoming: t.exposeInt("upcoming"),
    all: t.exposeInt("all"),
  }),
});

const MyWorkProjectRef = builder.objectRef<MyWorkPage["projects"][number]>("MyWorkProjectOption").implement({
  fields: (t) => ({ id: t.exposeID("id"), description: t.exposeString("description") }),
});
const MyWorkPriorityRef = builder.objectRef<MyWorkPage["priorities"][number]>("MyWorkPriorityOption").implement({
  description: `A priority of the person's open work; id and name null: activities without one (filter "${NO_PRIORITY}").`,
  fields: (t) => ({
    id: t.exposeID("id", { nullable: true }),
    name: t.exposeString("name", { nullable: true }),
  }),
});

const MyWorkPageRef = builder.objectRef<MyWorkPage>("MyWorkPage").implement({
  description: "One page of a person's open work, with the counts and filter options of the whole list.",
  fields: (t) => ({
    activities: t.field({ type: [ActivityRef], resolve: (p) => p.activities }),
    total: t.exposeInt("total", { description: "How many activities match the filters and the search." }),
    dueCounts: t.field({ type: MyWorkDueCountsRef, resolve: (p) => p.dueCounts }),
    projects: t.field({
      type: [MyWorkProjectRef],
      description: "The projects of the person's open work within the period, by name.",
      resolve: (p) => p.projects,
    }),
    priorities: t.field({
      type: [MyWorkPriorityRef],
      description: "The priorities of the person's open work within the period, by name (none last).",
      resolve: (p) => p.priorities,
    }),
  }),
});

builder.queryFields((t) => ({
  myWork: t.field({
    type: MyWorkPageRef,
    description:
      "A page of a person's open activities (default: the signed-in employee's own), optionally scheduled in " +
      '[from, to), by due (the branch\'s day), project and priority ("none": without one), searched in the ' +
      "subject, details, customer, lead, project, step and pinned values; sorted (default: by time); " +
      `take at most ${MAX_TAKE}.`,
    authScopes: (_r, a) => ({ $all: { employee: true, recordAccess: { kind: "assignee", id: a.personId ?? "" } } }),
    args: {
      personId: t.arg.id({ required: false }),
      from: t.arg({ type: "DateTime", required: false }),
      to: t.arg({ type: "DateTime", required: false }),
      due: t.arg({ type: MyWorkDueEnum, required: false }),
      projectId: t.arg.id({ required: false }),
      priorityId: t.arg.id({ required: false }),
      search: t.arg.string({ required: false }),
      sort: t.arg({ type: MyWorkSortEnum, required: false }),
      sortDirection: t.arg({ type: SortDirectionEnum, required: false }),
      skip: t.arg.int({ required: false }),
      take: t.arg.int({ required: false }),
    },
    resolve: (_r, { sortDirection, ...a }, ctx) => myWork(ctx, { ...a, descending: sortDirection === "DESC" }),
  }),
}));
