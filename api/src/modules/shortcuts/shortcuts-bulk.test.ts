import { afterEach, describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { runDueShortcutRuns } from "./shortcuts.job.ts";
import { shortcutHooks } from "./shortcuts.run.ts";

// Large shortcut runs through GraphQL: 10,000 ids accepted and 10,001 refused before any work; 1,000
// activities done in the background (driven here by the sweep, as JOBS are off) with the right counts;
// a run that crashes mid-way resumes without doing a record twice; a preview writes nothing and counts
// what would change; undo puts back each kind of change, once, within 24 hours, by who ran it or a
// WORKFLOW_CONFIGURATION holder; another branch's runs are not found.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));
afterEach(() => {
  shortcutHooks.afterRecord = undefined;
  clock.startAt(null);
});

type R = { isSuccess: boolean; message: string };
type Run = {
  id: string;
  status: string;
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  undoneAt: string | null;
  undoRefusal: string | null;
  outcomes: { totalCount: number; items: { entityId: string; isSuccess: boolean; message: string }[] };
};
const RUN_FIELDS =
  "id status total done succeeded failed undoneAt undoRefusal outcomes(limit: 5) { totalCount items { entityId isSuccess message } }";
const CREATE = `mutation($i: WorkflowShortcutInput!){ createWorkflowShortcut(input: $i){ isSuccess message shortcut { id name } } }`;
const EXECUTE = `mutation($id: ID!, $e: [ID!]!, $k: String){ executeWorkflowShortcut(shortcutId: $id, entityIds: $e, idempotencyKey: $k){ isSuccess message results { entityId isSuccess message } run { ${RUN_FIELDS} } } }`;
const RUN = `query($id: ID!){ workflowShortcutRun(id: $id){ ${RUN_FIELDS} } }`;
const RUNS = `query($s: ID){ workflowShortcutRuns(shortcutId: $s){ id status } }`;
const PREVIEW = `query($id: ID!, $e: [ID!]!){ workflowShortcutPreview(shortcutId: $id, entityIds: $e){ total refused failing summary actions { type count summary } } }`;
const UNDO = `mutation($id: ID!){ undoWorkflowShortcutRun(id: $id){ isSuccess message run { undoneAt } } }`;

type Exec = R & { results: unknown[]; run: Run | null };

async function setup(b: Branch = branch) {
  const p = server.prisma;
  const admin = await employee(b, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
  const f = factories(p);
  const sale = await f.workflow.project(b.branchId, {
    steps: [{ description: "First call" }, { description: "Appointment" }, { description: "Sold" }],
  });
  const status = await p.customField.create({
    data: {
      branchId: b.branchId,
      name: `Status ${crypto.randomUUID().slice(0, 6)}`,
      tableId: "ACTIVITY",
      type: "TEXT",
    },
  });
  /** `count` open activities at the first step, spread over threads of 100. */
  const activities = async (count: number) => {
    const out = [];
    for (let i = 0; i < count; i += 100) {
      const t = await f.workflow.thread(b.branchId, sale.id);
      out.push(
        ...(await f.workflow.activities(b.branchId, t.id, sale.steps[0]!.id, { count: Math.min(100, count - i) })),
      );
    }
    return out;
  };
  const shortcut = async (actions: object[], tableId = "ACTIVITY") => {
    const r = await admin.gql<{ createWorkflowShortcut: R & { shortcut: { id: string; name: string } } }>(CREATE, {
      i: { name: `Bulk ${crypto.randomUUID().slice(0, 8)}`, tableId, actions },
    });
    expect(r.data?.createWorkflowShortcut.isSuccess).toBe(true);
    return r.data!.createWorkflowShortcut.shortcut;
  };
  const markLost = () =>
    shortcut([{ type: "SET_CUSTOM_FIELD", fieldId: status.id, value: "Lost" }, { type: "RESOLVE_ACTIVITY" }]);
  return { admin, sale, status, activities, shortcut, markLost };
}

const exec = async (c: Awaited<ReturnType<typeof employee>>, id: string, e: string[]) =>
  (await c.gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, { id, e })).data!.executeWorkflowShortcut;
const runOf = async (c: Awaited<ReturnType<typeof employee>>, id: string) =>
  (await c.gql<{ workflowShortcutRun: Run }>(RUN, { id })).data!.workflowShortcutRun;
const drain = async () => {
  for (let i = 0; i < 10; i++) if ((await runDueShortcutRuns(server.runtime, { graceSeconds: 0 })).ran === 0) return;
};

describe("large runs", () => {
  test("sizes first: 10,000 ids are accepted (queued), 10,001 refused before any work", async () => {
    const s = await setup();
    const sc = await s.markLost();
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    const refused = await exec(s.admin, sc.id, ids(10_001));
    expect(refused).toMatchObject({
      isSuccess: false,
      message: "A shortcut runs on at most 10,000 records at a time (10,001 were sent).",
      run: null,
    });
    const long = await exec(s.admin, sc.id, ["x".repeat(101)]);
    expect(long.message).toBe("That id is not valid.");
    expect(await server.prisma.workflowShortcutExecution.count({ where: { shortcutId: sc.id } })).toBe(0);
    const accepted = await exec(s.admin, sc.id, ids(10_000));
    expect(accepted.isSuccess).toBe(true);
    expect(accepted.message).toBe(`Running "${sc.name}" on 10,000 records in the background.`);
    expect(accepted.run).toMatchObject({ status: "QUEUED", total: 10_000, done: 0 });
    // not worked here (10,000 unknown ids): gone before a sweep takes it
    await server.prisma.workflowShortcutExecution.delete({ where: { id: accepted.run!.id } });
  }, 60_000);

  test("1,000 activities in the background: progress, counts, outcomes paged; a crash mid-run resumes without doing a record twice", async () => {
    const s = await setup();
    const sc = await s.shortcut([{ type: "SET_CUSTOM_FIELD", fieldId: s.status.id, value: "Lost" }]);
    const acts = await s.activities(1000);
    const started = await exec(
      s.admin,
      sc.id,
      acts.map((a) => a.id),
    );
    const runId = started.run!.id;
    expect(started.run).toMatchObject({ status: "QUEUED", total: 1000, done: 0 });
    shortcutHooks.afterRecord = (id, index) => {
      if (id === runId && index === 450) throw new Error("simulated crash");
    };
    const t0 = Date.now();
    await expect(runDueShortcutRuns(server.runtime, { graceSeconds: 0 })).rejects.toThrow("simulated crash");
    shortcutHooks.afterRecord = undefined;
    const stopped = await runOf(s.admin, runId);
    expect(stopped.status).toBe("RUNNING");
    expect(stopped.done).toBeGreaterThan(0);
    expect(stopped.done).toBeLessThanOrEqual(451);
    // Held while its lease lasts; once run out (the worker is gone) the sweep takes it up.
    await drain();
    expect((await runOf(s.admin, runId)).status).toBe("RUNNING");
    await server.prisma.workflowShortcutExecution.update({
      where: { id: runId },
      data: { leaseUntil: new Date(clock.nowMs() - 1000) },
    });
    await drain();
    const ms = Date.now() - t0;
    const run = await runOf(s.admin, runId);
    expect(run).toMatchObject({ status: "DONE", total: 1000, done: 1000, succeeded: 1000, failed: 0 });
    expect(run.outcomes.totalCount).toBe(1000);
    expect(run.outcomes.items[0]?.message).toBe('Set a field to "Lost".');
    expect(await server.prisma.customFieldValue.count({ where: { fieldId: s.status.id, valueString: "Lost" } })).toBe(
      1000,
    );
    const changes = await server.prisma.workflowShortcutChange.groupBy({
      by: ["kind"],
      where: { executionId: runId },
      _count: true,
    });
    expect(Object.fromEntries(changes.map((c) => [c.kind, c._count]))).toEqual({ FIELD_SET: 1000 });
    const results = (await server.prisma.workflowShortcutExecution.findUnique({ where: { id: runId } }))!.results as {
      entityId: string;
    }[];
    expect(new Set(results.map((r) => r.entityId)).size).toBe(1000);
    console.log(`1,000-record run with a crash and a resume: ${ms} ms`);
    // Undo puts all of it back.
    const undone = (await s.admin.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: runId })).data!
      .undoWorkflowShortcutRun;
    expect(undone.message).toBe("Undone: put back 1000 field values.");
    expect(await server.prisma.customFieldValue.count({ where: { fieldId: s.status.id } })).toBe(0);
  }, 400_000);
});

describe("preview", () => {
  test("counts what would change and writes nothing", async () => {
    const s = await setup();
    const rep = await server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: "Rae", lastName: "Rep" },
    });
    const sc = await s.shortcut([
      { type: "CREATE_ACTIVITY", stepId: s.sale.steps[1]!.id, subject: "Visit", personId: rep.id, dueInMinutes: 60 },
      { type: "SET_CUSTOM_FIELD", fieldId: s.status.id, value: "Booked" },
      { type: "RESOLVE_ACTIVITY" },
    ]);
    const acts = await s.activities(30);
    await server.prisma.activity.update({ where: { id: acts[0]!.id }, data: { status: "RESOLVED" } });
    const theirs = await (await setup(other)).activities(1);
    const before = await server.prisma.activity.count();
    const r = await s.admin.gql<{ workflowShortcutPreview: Record<string, unknown> }>(PREVIEW, {
      id: sc.id,
      e: [...acts.map((a) => a.id), theirs[0]!.id, "nope"],
    });
    expect(r.data?.workflowShortcutPreview).toEqual({
      total: 32,
      refused: 2,
      failing: 0,
      summary:
        `"${sc.name}" on 30 activities: Creates 30 activities at the step "Appointment" for 1 person; ` +
        `Sets "${s.status.name}" to "Booked" on 30 activities; Resolves 29 open activities. ` +
        "2 records not found or not yours to change.",
      actions: [
        {
          type: "CREATE_ACTIVITY",
          count: 30,
          summary: 'Creates 30 activities at the step "Appointment" for 1 person.',
        },
        { type: "SET_CUSTOM_FIELD", count: 30, summary: `Sets "${s.status.name}" to "Booked" on 30 activities.` },
        { type: "RESOLVE_ACTIVITY", count: 29, summary: "Resolves 29 open activities." },
      ],
    });
    expect(await server.prisma.activity.count()).toBe(before);
    expect(await server.prisma.customFieldValue.count({ where: { fieldId: s.status.id } })).toBe(0);
    expect(await server.prisma.workflowShortcutExecution.count({ where: { shortcutId: sc.id } })).toBe(0);
    expect(
      await server.prisma.workflowShortcutChange.count({ where: { entityId: { in: acts.map((a) => a.id) } } }),
    ).toBe(0);
  });
});

describe("undo", () => {
  test("puts back each kind of change; what changed since is kept; once only, even with two clicks at once", async () => {
    const s = await setup();
    const sc = await s.shortcut([
      { type: "CREATE_ACTIVITY", stepId: s.sale.steps[1]!.id, subject: "Visit", dueInMinutes: 60 },
      { type: "SET_CUSTOM_FIELD", fieldId: s.status.id, value: "Booked" },
      { type: "RESOLVE_ACTIVITY" },
    ]);
    const acts = await s.activities(3);
    const [a, b, c] = acts;
    await server.prisma.customFieldValue.create({
      data: {
        branchId: branch.branchId,
        fieldId: s.status.id,
        tableId: "ACTIVITY",
        recordId: a!.id,
        valueString: "New",
      },
    });
    const out = await exec(
      s.admin,
      sc.id,
      acts.map((x) => x.id),
    );
    expect(out.message).toBe(`Ran "${sc.name}" on all 3 records.`);
    expect(out.run).toMatchObject({ status: "DONE", total: 3, done: 3, undoRefusal: null });
    const created = await server.prisma.activity.findMany({
      where: { stepId: s.sale.steps[1]!.id, threadId: a!.threadId },
    });
    expect(created).toHaveLength(3);
    // Someone resolves one created activity and changes c's field after the run: those are kept.
    await server.prisma.activity.update({ where: { id: created[0]!.id }, data: { status: "RESOLVED" } });
    await server.prisma.customFieldValue.updateMany({
      where: { fieldId: s.status.id, recordId: c!.id },
      data: { valueString: "Mine" },
    });

    const other = await employee(branch, ["CUSTOMER_ACCESS"]);
    const refused = await other.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: out.run!.id });
    expect(refused.errors?.[0]?.message).toBe(
      "Only who ran it, or someone allowed to configure workflow, may undo this run.",
    );
    expect((await runOf(other, out.run!.id)).undoRefusal).toBe(
      "Only who ran it, or someone allowed to configure workflow, may undo this run.",
    );

    const [x, y] = await Promise.all(
      [0, 1].map(
        async () =>
          (await s.admin.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: out.run!.id })).data!.undoWorkflowShortcutRun,
      ),
    );
    const won = [x!, y!].find((r) => r.isSuccess)!;
    expect([x!.isSuccess, y!.isSuccess].sort()).toEqual([false, true]);
    expect(won.message).toBe(
      "Undone: removed 2 created activities, reopened 3 activities, put back 2 field values. 2 kept: changed by someone since the run.",
    );
    const field = async (id: string) =>
      (await server.prisma.customFieldValue.findFirst({ where: { fieldId: s.status.id, recordId: id } }))
        ?.valueString ?? null;
    expect([await field(a!.id), await field(b!.id), await field(c!.id)]).toEqual(["New", null, "Mine"]);
    const now = await server.prisma.activity.findMany({
      where: { id: { in: [...acts, ...created].map((z) => z.id) } },
    });
    const statusOf = (id: string) => now.find((z) => z.id === id)!.status;
    expect(acts.map((z) => statusOf(z.id))).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
    expect(created.map((z) => statusOf(z.id)).sort()).toEqual(["DELETED", "DELETED", "RESOLVED"]);
    const again = (await s.admin.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: out.run!.id })).data!
      .undoWorkflowShortcutRun;
    expect(again.isSuccess).toBe(false);
    expect(again.message).toStartWith("This run was already undone (");
  });

  test("refused after 24 hours; a WORKFLOW_CONFIGURATION holder may undo another's run; another branch's run is not found", async () => {
    const s = await setup();
    const sc = await s.markLost();
    const runner = await employee(branch, ["CUSTOMER_ACCESS"]);
    const acts = await s.activities(2);
    const first = await exec(runner, sc.id, [acts[0]!.id]);
    const second = await exec(runner, sc.id, [acts[1]!.id]);
    clock.startAt(new Date(clock.nowMs() + 25 * 3_600_000));
    const late = (await runner.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: first.run!.id })).data!
      .undoWorkflowShortcutRun;
    expect(late.isSuccess).toBe(false);
    expect(late.message).toStartWith("Undo is offered for 24 hours after a run; this one finished ");
    expect(await server.prisma.activity.findUnique({ where: { id: acts[0]!.id } })).toMatchObject({
      status: "RESOLVED",
    });
    clock.startAt(null);
    const theirs = await employee(other, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
    const foreign = await theirs.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: second.run!.id });
    expect(foreign.errors?.[0]?.message).toBe("Shortcut run not found.");
    expect((await theirs.gql(RUN, { id: second.run!.id })).errors?.[0]?.message).toBe("Shortcut run not found.");
    expect(
      (await theirs.gql<{ workflowShortcutRuns: unknown[] }>(RUNS, { s: sc.id })).data?.workflowShortcutRuns,
    ).toEqual([]);
    const ok = (await s.admin.gql<{ undoWorkflowShortcutRun: R }>(UNDO, { id: second.run!.id })).data!
      .undoWorkflowShortcutRun;
    expect(ok).toMatchObject({ isSuccess: true, message: "Undone: reopened 1 activity, put back 1 field value." });
    const noPerm = await employee(branch, []);
    expect((await noPerm.gql(RUN, { id: second.run!.id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
