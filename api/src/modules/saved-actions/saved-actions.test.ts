import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";

// Saved actions through GraphQL: saved with a filter checked against the shortcut's table (another
// branch's project or step refused), private to the owner unless public, changed only by the owner or
// a WORKFLOW_CONFIGURATION holder; previewed (nothing written) and run on the records the filter
// selects now (lastRunAt set, the run linked and undoable); refused without CUSTOMER_ACCESS.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Saved = R & { savedAction: { id: string; name: string; isPublic: boolean; canEdit: boolean } | null };
const FIELDS =
  "id name isPublic canEdit shortcutName tableId lastRunAt filter { projectId stepId status olderThanDays }";
const CREATE = `mutation($i: SavedActionInput!){ createSavedAction(input: $i){ isSuccess message savedAction { ${FIELDS} } } }`;
const EDIT = `mutation($id: ID!, $i: SavedActionInput!){ editSavedAction(id: $id, input: $i){ isSuccess message savedAction { ${FIELDS} } } }`;
const DELETE = `mutation($id: ID!){ deleteSavedAction(id: $id){ isSuccess message } }`;
const LIST = `{ savedActions { id name } }`;
const ONE = `query($id: ID!){ savedAction(id: $id){ ${FIELDS} } }`;
const PREVIEW = `query($id: ID!){ savedActionPreview(id: $id){ total refused summary } }`;
const RUN = `mutation($id: ID!){ runSavedAction(id: $id){ isSuccess message run { id status total done savedActionId } } }`;
const UNDO = `mutation($id: ID!){ undoWorkflowShortcutRun(id: $id){ isSuccess message } }`;

async function setup(b: Branch = branch) {
  const p = server.prisma;
  const admin = await employee(b, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
  const f = factories(p);
  const sale = await f.workflow.project(b.branchId, {
    steps: [{ description: "First call" }, { description: "Sold" }],
  });
  const thread = await f.workflow.thread(b.branchId, sale.id);
  const old = new Date(clock.nowMs() - 40 * 86_400_000);
  const acts = await f.workflow.activities(b.branchId, thread.id, sale.steps[0]!.id, { count: 5 });
  await p.activity.updateMany({ where: { id: { in: acts.slice(0, 3).map((a) => a.id) } }, data: { enteredTime: old } });
  // the other two entered now on the business clock (the database's default is the wall clock's now)
  await p.activity.updateMany({
    where: { id: { in: acts.slice(3).map((a) => a.id) } },
    data: { enteredTime: clock.now() },
  });
  const shortcut = await p.workflowShortcut.create({
    data: {
      branchId: b.branchId,
      name: `Close ${crypto.randomUUID().slice(0, 8)}`,
      tableId: "ACTIVITY",
      actions: [{ type: "RESOLVE_ACTIVITY" }],
    },
  });
  const input = (name = `Stale first calls ${crypto.randomUUID().slice(0, 6)}`) => ({
    name,
    shortcutId: shortcut.id,
    filter: { projectId: sale.id, stepId: sale.steps[0]!.id, status: "OPEN", olderThanDays: 30 },
  });
  return { admin, sale, acts, shortcut, input };
}

const create = async (c: Awaited<ReturnType<typeof employee>>, i: object) =>
  (await c.gql<{ createSavedAction: Saved }>(CREATE, { i })).data!.createSavedAction;

describe("saved actions", () => {
  test("saved with a checked filter; private unless public; changed by the owner or WORKFLOW_CONFIGURATION", async () => {
    const s = await setup();
    const theirs = await setup(other);
    const clerk = await employee(branch, ["CUSTOMER_ACCESS"]);
    const mine = await create(clerk, s.input());
    expect(mine.isSuccess).toBe(true);
    expect(mine.savedAction).toMatchObject({ isPublic: false, canEdit: true });
    const id = mine.savedAction!.id;
    const refusals: [object, string][] = [
      [{ ...s.input(), filter: { status: "CLOSED" } }, "Status: one of open, resolved."],
      [{ ...s.input(), filter: { projectId: theirs.sale.id } }, "Project not found."],
      [{ ...s.input(), filter: { stepId: theirs.sale.steps[0]!.id } }, "Step not found in that project."],
      [{ ...s.input(), filter: { olderThanDays: -1 } }, "Older than: between 0 and 3650 days."],
      [{ ...s.input(), shortcutId: theirs.shortcut.id }, "Shortcut not found: pick one of the list."],
      [{ ...s.input(), name: " " }, "Name is required."],
      [
        { ...s.input(mine.savedAction!.name.toUpperCase()) },
        `Name "${mine.savedAction!.name.toUpperCase()}" is already used by another saved action.`,
      ],
    ];
    for (const [i, message] of refusals) expect(await create(clerk, i)).toMatchObject({ isSuccess: false, message });

    // Private: another clerk neither sees nor runs it; the admin does not see it either until public.
    const other1 = await employee(branch, ["CUSTOMER_ACCESS"]);
    expect(
      (await other1.gql<{ savedActions: { id: string }[] }>(LIST)).data?.savedActions.map((x) => x.id),
    ).not.toContain(id);
    expect((await other1.gql(ONE, { id })).errors?.[0]?.message).toBe("Saved action not found.");
    expect((await other1.gql(RUN, { id })).errors?.[0]?.message).toBe("Saved action not found.");
    const shared = (await clerk.gql<{ editSavedAction: Saved }>(EDIT, { id, i: { isPublic: true } })).data!
      .editSavedAction;
    expect(shared.savedAction).toMatchObject({ isPublic: true });
    const seen = (await other1.gql<{ savedAction: { canEdit: boolean } }>(ONE, { id })).data?.savedAction;
    expect(seen?.canEdit).toBe(false);
    expect((await other1.gql(EDIT, { id, i: { name: "Mine now" } })).errors?.[0]?.message).toBe(
      "Only its owner, or someone allowed to configure workflow, may change it.",
    );
    expect((await s.admin.gql<{ savedAction: { canEdit: boolean } }>(ONE, { id })).data?.savedAction.canEdit).toBe(
      true,
    );
    const renamed = (
      await s.admin.gql<{ editSavedAction: Saved }>(EDIT, { id, i: { name: `Renamed ${id.slice(0, 6)}` } })
    ).data!.editSavedAction;
    expect(renamed.isSuccess).toBe(true);
    // another branch's employee does not find it; without CUSTOMER_ACCESS nothing is reachable
    const foreign = await employee(other, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
    expect((await foreign.gql(ONE, { id })).errors?.[0]?.message).toBe("Saved action not found.");
    const none = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    expect((await none.gql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await clerk.gql<{ deleteSavedAction: R }>(DELETE, { id })).data?.deleteSavedAction.isSuccess).toBe(true);
    expect((await clerk.gql(ONE, { id })).errors?.[0]?.message).toBe("Saved action not found.");
  });

  test("preview writes nothing; run does the filter's records now, sets lastRunAt, and can be undone", async () => {
    const s = await setup();
    const input = s.input();
    const made = await create(s.admin, { ...input, filter: { ...input.filter, assignedPersonId: null } });
    expect(made.isSuccess).toBe(true);
    const id = made.savedAction!.id;
    const preview = (
      await s.admin.gql<{ savedActionPreview: { total: number; refused: number; summary: string } }>(PREVIEW, { id })
    ).data!.savedActionPreview;
    expect(preview).toMatchObject({ total: 3, refused: 0 });
    expect(preview.summary).toBe(`"${s.shortcut.name}" on 3 activities: Resolves 3 open activities.`);
    expect(await server.prisma.activity.count({ where: { threadId: s.acts[0]!.threadId, status: "ACTIVE" } })).toBe(5);

    const ran = (await s.admin.gql<{ runSavedAction: R & { run: Record<string, unknown> } }>(RUN, { id })).data!
      .runSavedAction;
    expect(ran).toMatchObject({ isSuccess: true, run: { status: "DONE", total: 3, done: 3, savedActionId: id } });
    expect(await server.prisma.activity.count({ where: { threadId: s.acts[0]!.threadId, status: "ACTIVE" } })).toBe(2);
    const after = (await s.admin.gql<{ savedAction: { lastRunAt: string | null } }>(ONE, { id })).data?.savedAction;
    expect(after?.lastRunAt).not.toBeNull();
    const again = (await s.admin.gql<{ runSavedAction: R }>(RUN, { id })).data!.runSavedAction;
    expect(again).toMatchObject({ isSuccess: false, message: "The filter selects no records right now." });
    const undo = (await s.admin.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: ran.run.id as string })).data!
      .undoWorkflowShortcutRun;
    expect(undo).toMatchObject({ isSuccess: true, message: "Undone: reopened 3 activities." });
    expect(await server.prisma.activity.count({ where: { threadId: s.acts[0]!.threadId, status: "ACTIVE" } })).toBe(5);
  });
});
