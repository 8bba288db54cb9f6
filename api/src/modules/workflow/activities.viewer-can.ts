import { mayChangeActivity } from "../../auth/access.ts";
import type { RecordStatus } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { mayReopen } from "./activities.service.ts";
import { ActivityRef } from "./workflow.types.ts";

// What the viewer may do to an activity, so that a page shows only the actions the server will take
// (the lead page's activities are read by people who work leads, who may not have CUSTOMER_ACCESS). It
// is the rule patchActivity's scope declares (mayChangeActivity: one's own activity, anyone else's with
// CUSTOMER_ACCESS) and the service's one about reopening, with the status each action applies to. The
// viewer's permissions are read once per request (ctx.permissions), so a list costs no statement per row.

export type ActivityViewerCan = {
  resolve: boolean;
  cancel: boolean;
  reopen: boolean;
  reschedule: boolean;
  reassign: boolean;
  edit: boolean;
};

const NOTHING: ActivityViewerCan = {
  resolve: false,
  cancel: false,
  reopen: false,
  reschedule: false,
  reassign: false,
  edit: false,
};

/** What the signed-in employee may do to the activity (nothing for anyone else). */
export async function activityViewerCan(
  ctx: Context,
  a: { assignedPersonId: string | null; status: RecordStatus; threadClosedAt: Date | null },
): Promise<ActivityViewerCan> {
  const personId = ctx.viewer?.personId;
  if (!personId || !mayChangeActivity(personId, await ctx.permissions(), a)) return NOTHING;
  const open = a.status === "ACTIVE";
  return {
    resolve: open,
    cancel: open,
    reopen: !open && mayReopen(a),
    reschedule: open,
    reassign: open,
    edit: true,
  };
}

const ActivityViewerCanRef = builder.objectRef<ActivityViewerCan>("ActivityViewerCan").implement({
  description:
    "What the signed-in person may do to the activity: patchActivity with that change is accepted. " +
    "Resolve, cancel, reschedule and reassign an open activity; reopen a done or cancelled one while its " +
    "thread is open; edit any.",
  fields: (t) => ({
    resolve: t.exposeBoolean("resolve"),
    cancel: t.exposeBoolean("cancel"),
    reopen: t.exposeBoolean("reopen"),
    reschedule: t.exposeBoolean("reschedule"),
    reassign: t.exposeBoolean("reassign"),
    edit: t.exposeBoolean("edit"),
  }),
});

builder.objectField(ActivityRef, "viewerCan", (t) =>
  t.field({
    type: ActivityViewerCanRef,
    description: "What the signed-in person may do to this activity (the rule patchActivity applies).",
    resolve: (a, _args, ctx) => activityViewerCan(ctx, a),
  }),
);
