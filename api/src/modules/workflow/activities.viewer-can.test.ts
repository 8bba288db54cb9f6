import { describe, expect, test } from "bun:test";
import { factories } from "../../../test/harness.ts";
import { type Branch, employee, serveBranch } from "../../../test/personnel-helpers.ts";
import type { ActivityViewerCan } from "./activities.viewer-can.ts";

// An activity's viewerCan says what patchActivity will accept from the signed-in person, read where
// the lead page reads it (leadProjectThreads): for the activity's assignee (anything), for someone who
// works leads without CUSTOMER_ACCESS (nothing: the server refuses them), and for someone with it
// (anything). Each answer is checked against the mutation itself; a thread once closed reopens nothing.

let branch: Branch;
serveBranch((made) => {
  branch = made;
});

type C = Awaited<ReturnType<typeof employee>>;
const THREADS = `query($l: ID!){ leadProjectThreads(leadId: $l){ activities { id subject
  viewerCan { resolve cancel reopen reschedule reassign edit } } } }`;
const PATCH = `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess message } }`;

/** Whether patchActivity takes the change (false for a refusal, whether FORBIDDEN or a result). */
async function accepted(c: C, id: string, input: Record<string, unknown>) {
  const r = await c.gql<{ patchActivity: { isSuccess: boolean } }>(PATCH, { id, i: input });
  if (r.errors) {
    expect(r.errors[0]?.extensions?.code).toBe("FORBIDDEN");
    return false;
  }
  return r.data!.patchActivity.isSuccess;
}

/**
 * A lead with a thread: three open activities at the first step and one done at the second (not the
 * last step, whose resolving closes the thread), all the assignee's.
 */
async function leadWork(assignee: string, closed = false) {
  const p = branch.server.prisma;
  const f = factories(p);
  const lead = await p.lead.create({ data: { branchId: branch.branchId, firstName: "Vic", lastName: "Can" } });
  const project = await f.workflow.project(branch.branchId);
  const thread = await f.workflow.thread(branch.branchId, project.id, { leadId: lead.id });
  const step = project.steps[0]!.id;
  await f.workflow.activities(branch.branchId, thread.id, step, { count: 3, assignedPersonId: assignee });
  const [done] = await f.workflow.activities(branch.branchId, thread.id, project.steps[1]!.id, {
    status: "RESOLVED",
    assignedPersonId: assignee,
  });
  if (closed) await p.projectThread.update({ where: { id: thread.id }, data: { closedAt: new Date() } });
  return { leadId: lead.id, done: done!.id };
}

async function viewerCan(c: C, leadId: string) {
  const r = await c.gql<{
    leadProjectThreads: { activities: { id: string; subject: string; viewerCan: ActivityViewerCan }[] }[];
  }>(THREADS, { l: leadId });
  expect(r.errors).toBeUndefined();
  return r.data!.leadProjectThreads.flatMap((t) => t.activities);
}

const ALL = { resolve: true, cancel: true, reopen: false, reschedule: true, reassign: true, edit: true };
const NONE = { resolve: false, cancel: false, reopen: false, reschedule: false, reassign: false, edit: false };

describe("an activity's viewerCan", () => {
  test("agrees with patchActivity for the assignee, a lead worker without CUSTOMER_ACCESS, one with it", async () => {
    const assignee = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const stranger = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const manager = await employee(branch, ["LEAD_DATA_ENTRY", "CUSTOMER_ACCESS"]);
    for (const [who, c, may] of [
      ["assignee", assignee, true],
      ["stranger", stranger, false],
      ["manager", manager, true],
    ] as const) {
      const { leadId, done } = await leadWork(assignee.personId);
      const acts = await viewerCan(c, leadId);
      const [a, b, d] = acts.filter((x) => x.id !== done);
      const resolved = acts.find((x) => x.id === done)!;
      // what the page is told
      for (const x of [a!, b!, d!]) expect({ who, can: x.viewerCan }).toEqual({ who, can: may ? ALL : NONE });
      expect({ who, can: resolved.viewerCan }).toEqual({
        who,
        can: may ? { ...NONE, reopen: true, edit: true } : NONE,
      });
      // what the server does, action by action
      const answers = {
        resolve: await accepted(c, a!.id, { status: "RESOLVED" }),
        cancel: await accepted(c, b!.id, { status: "CANCELLED" }),
        reschedule: await accepted(c, d!.id, { scheduledTime: "2026-07-01T15:00:00Z" }),
        reassign: await accepted(c, d!.id, { assignedPersonId: manager.personId }),
        reopen: await accepted(c, done, { status: "ACTIVE" }),
        edit: await accepted(c, done, { subject: "Edited" }),
      };
      expect({ who, answers }).toEqual({
        who,
        answers: {
          resolve: a!.viewerCan.resolve,
          cancel: b!.viewerCan.cancel,
          reschedule: d!.viewerCan.reschedule,
          reassign: d!.viewerCan.reassign,
          reopen: resolved.viewerCan.reopen,
          edit: resolved.viewerCan.edit,
        },
      });
    }
  });

  test("a closed thread's done activity: no reopen offered, and patchActivity refuses it", async () => {
    const assignee = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const { leadId, done } = await leadWork(assignee.personId, true);
    const resolved = (await viewerCan(assignee, leadId)).find((x) => x.id === done)!;
    expect(resolved.viewerCan).toEqual({ ...NONE, edit: true });
    expect(await accepted(assignee, done, { status: "ACTIVE" })).toBe(false);
    expect(await accepted(assignee, done, { subject: "Still editable" })).toBe(true);
  });
});
