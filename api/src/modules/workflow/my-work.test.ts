import { beforeAll, describe, expect, test } from "bun:test";
import { customFieldFactory } from "../../../test/factories/custom-fields.ts";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { branchDayBounds } from "./my-work.page.ts";

// My work's page on the server: the due chips by the branch's day (overdue / today / upcoming, with
// counts of the whole list whatever the other filters), the project and priority filters and their
// options, the search (subject, details, customer, lead, project, step, pinned values), the sorts,
// the paging and its limits, and who may read whose work.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

const HOUR = 3_600_000;
type Row = { id: string; subject: string; customerName: string | null; priorityName: string | null };
type Page = {
  activities: Row[];
  total: number;
  dueCounts: { overdue: number; today: number; upcoming: number; all: number };
  projects: { id: string; description: string }[];
  priorities: { id: string | null; name: string | null }[];
};
const MY_WORK = `query($p: ID, $due: MyWorkDue, $project: ID, $priority: ID, $q: String, $sort: MyWorkSort,
  $dir: SortDirection, $skip: Int, $take: Int, $from: DateTime, $to: DateTime) {
  myWork(personId: $p, due: $due, projectId: $project, priorityId: $priority, search: $q, sort: $sort,
    sortDirection: $dir, skip: $skip, take: $take, from: $from, to: $to) {
    activities { id subject customerName priorityName }
    total dueCounts { overdue today upcoming all } projects { id description } priorities { id name } } }`;

describe("the branch's day", () => {
  test("today starts at the branch's midnight, also on a day the clocks change", () => {
    const nye = branchDayBounds("America/Chicago", new Date("2026-12-31T23:30:00-06:00"));
    expect(nye.today.toISOString()).toBe("2026-12-31T06:00:00.000Z");
    expect(nye.tomorrow.toISOString()).toBe("2027-01-01T06:00:00.000Z");
    const spring = branchDayBounds("America/Chicago", new Date("2026-03-08T12:00:00-05:00"));
    expect(spring.today.toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(spring.tomorrow.toISOString()).toBe("2026-03-09T05:00:00.000Z");
    const tokyo = branchDayBounds("Asia/Tokyo", new Date("2026-06-01T20:00:00Z"));
    expect(tokyo.today.toISOString()).toBe("2026-06-01T15:00:00.000Z");
  });
});

describe("my work, a page at a time", () => {
  let rep: Awaited<ReturnType<typeof employee>>;
  let ids: { sale: string; install: string; high: string };
  let count: { overdue: number; today: number; upcoming: number };

  beforeAll(async () => {
    const p = server.prisma;
    const b = branch.branchId;
    const f = factories(p);
    rep = await employee(branch, []);
    const high = await p.workflowPriority.create({ data: { branchId: b, name: "High" } });
    const sale = await f.workflow.project(b, { description: "Sale" });
    const install = await f.workflow.project(b, { description: "Install" });
    const acme = await f.customer(b, "710001");
    await p.customer.update({ where: { id: acme.id }, data: { name: "Acme Water" } });
    const zeta = await f.customer(b, "710002");
    await p.customer.update({ where: { id: zeta.id }, data: { name: "Zeta Springs" } });
    const { today, tomorrow } = branchDayBounds("America/Chicago", clock.now());
    const t1 = await f.workflow.thread(b, sale.id, { customerId: acme.id });
    const t2 = await f.workflow.thread(b, install.id, { customerId: zeta.id });
    const t3 = await f.workflow.thread(b, install.id, { leadId: "L-4471" });
    const add = async (threadId: string, stepId: string, subject: string, at: Date, extra = {}) =>
      p.activity.create({
        data: { branchId: b, threadId, stepId, subject, scheduledTime: at, assignedPersonId: rep.personId, ...extra },
      });
    // Overdue: 2 (one a minute before today), today: 3 (its first and last minute), upcoming: 2.
    await add(t1.id, sale.steps[0]!.id, "Call back", new Date(today.getTime() - 30 * HOUR), { priorityId: high.id });
    await add(t1.id, sale.steps[1]!.id, "Send quote 100% sure", new Date(today.getTime() - 60_000));
    await add(t2.id, install.steps[0]!.id, "book the truck", today, { details: "Bring the dolly" });
    await add(t2.id, install.steps[1]!.id, "Measure", new Date(today.getTime() + 5 * HOUR), {
      priorityId: high.id,
    });
    await add(t3.id, install.steps[0]!.id, "Intro call", new Date(tomorrow.getTime() - 60_000));
    await add(t2.id, install.steps[2]!.id, "Install cooler", tomorrow);
    const pinned = await add(t1.id, sale.steps[2]!.id, "Follow up", new Date(tomorrow.getTime() + 48 * HOUR));
    // Not in the list: resolved, someone else's.
    await add(t1.id, sale.steps[0]!.id, "Done already", today, { status: "RESOLVED" });
    await p.activity.create({
      data: { branchId: b, threadId: t1.id, stepId: sale.steps[0]!.id, subject: "Not mine", scheduledTime: today },
    });
    const field = customFieldFactory(p);
    const gate = await field(b, { tableId: "ACTIVITY", pinStatus: "PINNED", name: "Gate" });
    const hidden = await field(b, { tableId: "CUSTOMER", name: "Hidden" });
    await p.customFieldValue.createMany({
      data: [
        { branchId: b, fieldId: gate.id, tableId: "ACTIVITY", recordId: pinned.id, valueString: "Code 7731" },
        { branchId: b, fieldId: hidden.id, tableId: "CUSTOMER", recordId: zeta.id, valueString: "Code 7731" },
      ],
    });
    ids = { sale: sale.id, install: install.id, high: high.id };
    count = { overdue: 2, today: 3, upcoming: 2 };
  });

  const ask = async (vars: Record<string, unknown> = {}, who = rep) => {
    const r = await who.gql<{ myWork: Page }>(MY_WORK, vars);
    expect(r.errors).toBeUndefined();
    return r.data!.myWork;
  };
  const subjects = (p: Page) => p.activities.map((a) => a.subject);

  test("all of it in time order, with the due counts and the options", async () => {
    const all = await ask();
    expect(subjects(all)).toEqual([
      "Call back",
      "Send quote 100% sure",
      "book the truck",
      "Measure",
      "Intro call",
      "Install cooler",
      "Follow up",
    ]);
    expect(all.total).toBe(7);
    expect(all.dueCounts).toEqual({ ...count, all: 7 });
    expect(all.projects.map((x) => x.description)).toEqual(["Install", "Sale"]);
    expect(all.priorities).toEqual([
      { id: ids.high, name: "High" },
      { id: null, name: null },
    ]);
  });

  test("by due, project and priority: the counts and options stay those of the whole list", async () => {
    expect(subjects(await ask({ due: "OVERDUE" }))).toEqual(["Call back", "Send quote 100% sure"]);
    const today = await ask({ due: "TODAY" });
    expect(subjects(today)).toEqual(["book the truck", "Measure", "Intro call"]);
    expect(today.total).toBe(3);
    expect(today.dueCounts).toEqual({ ...count, all: 7 });
    expect(subjects(await ask({ due: "UPCOMING" }))).toEqual(["Install cooler", "Follow up"]);
    const install = await ask({ project: ids.install, due: "TODAY" });
    expect(subjects(install)).toEqual(["book the truck", "Measure", "Intro call"]);
    expect(subjects(await ask({ project: ids.sale }))).toEqual(["Call back", "Send quote 100% sure", "Follow up"]);
    const high = await ask({ priority: ids.high });
    expect(subjects(high)).toEqual(["Call back", "Measure"]);
    expect(high.projects.length).toBe(2);
    expect((await ask({ priority: "none" })).total).toBe(5);
  });

  test("the search: subject, details, customer, lead, project, step and pinned values, wildcards literal", async () => {
    const found = async (q: string) => subjects(await ask({ q }));
    expect(await found("QUOTE")).toEqual(["Send quote 100% sure", "Measure"]); // Measure: at the Quote step
    expect(await found("100%")).toEqual(["Send quote 100% sure"]);
    expect(await found("%")).toEqual(["Send quote 100% sure"]);
    expect(await found("dolly")).toEqual(["book the truck"]);
    expect(await found("acme")).toEqual(["Call back", "Send quote 100% sure", "Follow up"]);
    expect(await found("L-4471")).toEqual(["Intro call"]);
    expect(await found("First call")).toEqual(["Call back", "book the truck", "Intro call"]);
    // A pinned value finds its activity; an unpinned field's value finds nothing.
    expect(await found("7731")).toEqual(["Follow up"]);
    expect(await found("nothing like it")).toEqual([]);
    const searched = await ask({ q: "install", due: "UPCOMING" });
    expect(subjects(searched)).toEqual(["Install cooler", "Follow up"]); // the project, the step "Installed"
    expect(searched.total).toBe(2);
    expect(searched.dueCounts.all).toBe(7);
  });

  test("sorts (empty values last either way) and pages", async () => {
    expect(subjects(await ask({ sort: "SUBJECT" }))[0]).toBe("book the truck");
    expect(subjects(await ask({ sort: "SUBJECT", dir: "DESC" }))[0]).toBe("Send quote 100% sure");
    const who = await ask({ sort: "CUSTOMER" });
    expect(who.activities.map((a) => a.customerName ?? "lead")).toEqual([
      "Acme Water",
      "Acme Water",
      "Acme Water",
      "lead",
      "Zeta Springs",
      "Zeta Springs",
      "Zeta Springs",
    ]);
    const byPriority = await ask({ sort: "PRIORITY", dir: "DESC" });
    expect(byPriority.activities.map((a) => a.priorityName)).toEqual(["High", "High", null, null, null, null, null]);
    expect(subjects(await ask({ sort: "PROJECT" })).slice(0, 3)).toEqual(["book the truck", "Intro call", "Measure"]);
    expect(subjects(await ask({ sort: "TIME", dir: "DESC" }))[0]).toBe("Follow up");

    const second = await ask({ skip: 3, take: 3 });
    expect(subjects(second)).toEqual(["Measure", "Intro call", "Install cooler"]);
    expect(second.total).toBe(7);
    const past = await ask({ skip: 50, take: 50 });
    expect(past.activities).toEqual([]);
    expect(past.total).toBe(7);
  });

  test("a page is kept a few seconds, and dropped at once when work changes", async () => {
    const first = await ask({ q: "Measure" });
    expect(subjects(first)).toEqual(["Measure"]);
    const id = first.activities[0]!.id;
    const PATCH = `mutation($id: ID!, $s: ActivityStatusChange!){ patchActivity(id: $id, input: { status: $s }){ isSuccess } }`;
    expect((await rep.gql(PATCH, { id, s: "RESOLVED" })).errors).toBeUndefined();
    const after = await ask({ q: "Measure" });
    expect(after.activities).toEqual([]);
    expect(after.dueCounts.today).toBe(count.today - 1);
    expect((await rep.gql(PATCH, { id, s: "ACTIVE" })).errors).toBeUndefined();
    expect(subjects(await ask({ q: "Measure" }))).toEqual(["Measure"]);
  });

  test("limits refused before any read", async () => {
    const refused = async (vars: Record<string, unknown>, message: string) => {
      const r = await rep.gql(MY_WORK, vars);
      expect(r.errors?.[0]?.message).toBe(message);
    };
    await refused({ take: 101 }, '"take" must be between 0 and 100.'); // every page size (graphql/limits.ts)
    await refused({ take: 0 }, "Take between 1 and 100 rows.");
    await refused({ skip: 10_001 }, "Skip at most 10000 rows.");
    await refused({ q: "x".repeat(201) }, "A search may be at most 200 characters long.");
    await refused(
      { from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" },
      "The end of the period must be after its start.",
    );
  });

  test("one's own work, or anyone's with CUSTOMER_ACCESS; another branch's person is not found", async () => {
    const colleague = await employee(branch, []);
    const r = await colleague.gql(MY_WORK, { p: rep.personId });
    expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await ask({}, colleague)).total).toBe(0);
    const office = await employee(branch, ["CUSTOMER_ACCESS"]);
    expect((await ask({ p: rep.personId }, office)).total).toBe(7);
    const stranger = await employee(other, []);
    const outsider = await employee(branch, ["CUSTOMER_ACCESS"]);
    const nobody = await outsider.gql(MY_WORK, { p: stranger.personId });
    expect(nobody.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  test("a lead's work names the lead and is found by its name (run last: it adds work)", async () => {
    const p = server.prisma;
    const b = branch.branchId;
    const lead = await p.lead.create({
      data: { branchId: b, firstName: "Ada", lastName: "Quokka", email: "ada@example.com" },
    });
    const thread = await factories(p).workflow.thread(b, ids.sale, { leadId: lead.id });
    const step = await p.projectStep.findFirstOrThrow({ where: { projectId: ids.sale } });
    await p.activity.create({
      data: {
        branchId: b,
        threadId: thread.id,
        stepId: step.id,
        subject: "Call Ada",
        scheduledTime: new Date(),
        assignedPersonId: rep.personId,
      },
    });
    const r = await rep.gql<{ myWork: { activities: { subject: string; leadName: string | null }[] } }>(
      `query($q: String){ myWork(search: $q){ activities { subject leadName } } }`,
      { q: "quokka" },
    );
    expect(r.data!.myWork.activities).toEqual([{ subject: "Call Ada", leadName: "Ada Quokka" }]);
  });
});
