import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveBranch } from "../../../test/personnel-helpers.ts";

// Shortcuts on leads: a LEAD shortcut creates an activity on each lead's project thread (started for
// the lead when it has none, the same thread the next time); whoever works leads runs it with
// executeShortcutOnLeads; a salesperson held to a zone cannot name a lead outside it; a shortcut of
// another kind of record is refused; a merged lead is not found.

let server: TestServer;
let branch: Branch;
serveBranch((b) => {
  server = b.server;
  branch = b;
});

type Run = {
  isSuccess: boolean;
  message: string;
  results: { entityId: string; isSuccess: boolean; message: string }[];
};
const RUN = `mutation($s: ID!, $ids: [ID!]!){ executeShortcutOnLeads(shortcutId: $s, leadIds: $ids){
  isSuccess message results { entityId isSuccess message } } }`;
const CREATE = `mutation($i: WorkflowShortcutInput!){ createWorkflowShortcut(input: $i){ isSuccess message shortcut { id } } }`;

describe("shortcuts on leads", () => {
  test("a LEAD shortcut creates an activity on each lead's thread; zones and kinds refused", async () => {
    const p = server.prisma;
    const f = factories(p);
    const sale = await f.workflow.project(branch.branchId, {
      description: `Lead follow-up ${crypto.randomUUID().slice(0, 6)}`,
    });
    const config = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const made = await config.gql<{
      createWorkflowShortcut: { isSuccess: boolean; message: string; shortcut: { id: string } };
    }>(CREATE, {
      i: {
        name: `Call back ${crypto.randomUUID().slice(0, 6)}`,
        tableId: "LEAD",
        actions: [{ type: "CREATE_ACTIVITY", stepId: sale.steps[0]!.id, subject: "Call back", dueInMinutes: 60 }],
      },
    });
    expect(made.data?.createWorkflowShortcut.isSuccess).toBe(true);
    const shortcutId = made.data!.createWorkflowShortcut.shortcut.id;
    const [a, b, merged] = await Promise.all(
      [{ zoneId: "z1" }, { zoneId: "z2" }, { zoneId: "z1", mergedIntoId: "gone" }].map((d, i) =>
        p.lead.create({ data: { branchId: branch.branchId, firstName: `Lead ${i}`, ...d } }),
      ),
    );

    const worker = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const run = async (c: typeof worker, ids: string[], s = shortcutId) =>
      await c.gql<{ executeShortcutOnLeads: Run }>(RUN, { s, ids });
    const done = (await run(worker, [a!.id, b!.id, merged!.id])).data!.executeShortcutOnLeads;
    expect(done.results.map((r) => [r.isSuccess, r.message])).toEqual([
      [true, expect.stringContaining('Created "Call back"')],
      [true, expect.stringContaining('Created "Call back"')],
      [false, "Lead not found."],
    ]);
    const threads = await p.projectThread.findMany({ where: { leadId: a!.id }, include: { activities: true } });
    expect(threads).toHaveLength(1);
    expect(threads[0]!.activities.map((x) => x.subject)).toEqual(["Call back"]);
    // again: the same thread, a second activity
    expect((await run(worker, [a!.id])).data!.executeShortcutOnLeads.isSuccess).toBe(true);
    expect(await p.activity.count({ where: { threadId: threads[0]!.id } })).toBe(2);

    // held to zone z1: a lead of z2 is refused before anything runs
    const sales = await employee(branch, ["LEAD_DATA_ENTRY"]);
    await p.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: sales.personId, enforceZonePermission: true, zoneIds: ["z1"] },
    });
    expect((await run(sales, [a!.id, b!.id])).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await run(sales, [a!.id])).data!.executeShortcutOnLeads.isSuccess).toBe(true);
    // without a lead permission, refused
    expect((await run(await employee(branch, ["CUSTOMER_ACCESS"]), [a!.id])).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    // a shortcut of another kind of record
    const other = await config.gql<{ createWorkflowShortcut: { shortcut: { id: string } } }>(CREATE, {
      i: {
        name: `Thread ${crypto.randomUUID().slice(0, 6)}`,
        tableId: "PROJECT_THREAD",
        actions: [{ type: "CREATE_ACTIVITY", stepId: sale.steps[0]!.id, subject: "x", dueInMinutes: 0 }],
      },
    });
    const wrong = (await run(worker, [a!.id], other.data!.createWorkflowShortcut.shortcut.id)).data!
      .executeShortcutOnLeads;
    expect(wrong).toMatchObject({ isSuccess: false, message: expect.stringContaining("does not act on leads") });
  });
});
