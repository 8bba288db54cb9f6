import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// Workflow shortcuts through GraphQL: configured (behind WORKFLOW_CONFIGURATION, their actions checked
// as an automation's), run on many project threads at once (an activity for the zone's holder of a
// territory role, the first step resolved), one record failing without stopping the others, and the
// attacker's cases: another branch's ids among the records, 201 records, no permission, the same
// click sent twice at once, deleting the shop's sale workflow.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Outcome = { entityId: string; isSuccess: boolean; message: string };
type Exec = R & { results: Outcome[]; replayed: boolean };
const FIELDS =
  "id name description tableId inactive sortOrder isSaleWorkflow actions { type stepId zoneRoleId subject }";
const CREATE = `mutation($i: WorkflowShortcutInput!){ createWorkflowShortcut(input: $i){ isSuccess message shortcut { ${FIELDS} } } }`;
const EDIT = `mutation($id: ID!, $i: WorkflowShortcutInput!){ editWorkflowShortcut(id: $id, input: $i){ isSuccess message shortcut { ${FIELDS} } } }`;
const DELETE = `mutation($id: ID!){ deleteWorkflowShortcut(id: $id){ isSuccess message } }`;
const LIST = `query($t: [TableIdentifier!], $all: Boolean){ workflowShortcuts(tableIds: $t, includeInactive: $all){ ${FIELDS} } }`;
const ONE = `query($id: ID!){ workflowShortcut(id: $id){ ${FIELDS} } }`;
const EXECUTE = `mutation($id: ID!, $e: [ID!]!, $k: String){ executeWorkflowShortcut(shortcutId: $id, entityIds: $e, idempotencyKey: $k){ isSuccess message replayed results { entityId isSuccess message } } }`;

async function setup(b: Branch = branch) {
  const p = server.prisma;
  const id = b.branchId;
  const admin = await employee(b, ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"]);
  const rep = await p.person.create({ data: { branchId: id, firstName: "Sam", lastName: "Salesrep" } });
  const role = await p.personTerritoryRole.create({ data: { branchId: id, name: `Sales rep ${crypto.randomUUID()}` } });
  const map = await p.territoryMap.create({ data: { branchId: id, name: `Map ${crypto.randomUUID()}` } });
  const ring = [
    [-98, 30],
    [-97, 30],
    [-97, 31],
    [-98, 31],
    [-98, 30],
  ];
  const zone = await p.territoryZone.create({
    data: { branchId: id, mapId: map.id, name: "North", data: { type: "Polygon", coordinates: [ring] } },
  });
  await p.territoryZonePerson.create({ data: { branchId: id, zoneId: zone.id, roleId: role.id, personId: rep.id } });
  if (!(await p.territoryMapUsage.findFirst({ where: { branchId: id } })))
    await p.territoryMapUsage.create({ data: { branchId: id, activityAssignmentMapId: map.id } });
  else await p.territoryMapUsage.updateMany({ where: { branchId: id }, data: { activityAssignmentMapId: map.id } });
  const f = factories(p);
  const sale = await f.workflow.project(id, {
    steps: [{ description: "First call" }, { description: "Appointment" }, { description: "Sold" }],
  });
  const newThread = async () => {
    const customer = await f.customer(id, String(300000 + Math.floor(Math.random() * 600000)));
    const address = await f.serviceAddress(id, customer.id);
    await p.serviceAddress.update({ where: { id: address.id }, data: { latitude: 30.5, longitude: -97.5 } });
    const thread = await f.workflow.thread(id, sale.id, { customerId: customer.id });
    await f.workflow.activities(id, thread.id, sale.steps[0]!.id, { assignedPersonId: admin.personId });
    return thread;
  };
  const setAppointment = (name = `Set appointment ${crypto.randomUUID().slice(0, 8)}`) => ({
    name,
    description: "Books the visit for the zone's sales rep and closes the first call.",
    tableId: "PROJECT_THREAD",
    actions: [
      {
        type: "CREATE_ACTIVITY",
        stepId: sale.steps[1]!.id,
        subject: "Water taste test at home",
        zoneRoleId: role.id,
        dueInMinutes: 1440,
      },
      { type: "RESOLVE_ACTIVITY", stepId: sale.steps[0]!.id },
    ],
  });
  return { admin, rep, role, sale, newThread, setAppointment };
}

const create = async (c: Awaited<ReturnType<typeof employee>>, input: object) =>
  (await c.gql<{ createWorkflowShortcut: R & { shortcut: { id: string; name: string } | null } }>(CREATE, { i: input }))
    .data!.createWorkflowShortcut;

describe("configuring", () => {
  test("create with ordered actions, list, read, edit; refusals name what is wrong and change nothing", async () => {
    const s = await setup();
    const made = await create(s.admin, { ...s.setAppointment("Set appointment"), sortOrder: 2 });
    expect(made.isSuccess).toBe(true);
    expect(made.message).toBe('Saved the shortcut "Set appointment".');
    const id = made.shortcut!.id;
    const one = (await s.admin.gql<{ workflowShortcut: Record<string, unknown> }>(ONE, { id })).data!.workflowShortcut;
    expect(one).toMatchObject({
      name: "Set appointment",
      tableId: "PROJECT_THREAD",
      sortOrder: 2,
      inactive: false,
      isSaleWorkflow: false,
      actions: [
        { type: "CREATE_ACTIVITY", stepId: s.sale.steps[1]!.id, zoneRoleId: s.role.id },
        { type: "RESOLVE_ACTIVITY", stepId: s.sale.steps[0]!.id },
      ],
    });

    const refusals: [object, string][] = [
      [{ ...s.setAppointment("set APPOINTMENT") }, 'Name "set APPOINTMENT" is already used by another shortcut.'],
      [{ ...s.setAppointment(""), name: " " }, "Name is required."],
      [{ ...s.setAppointment(), name: "x".repeat(101) }, "Name must be at most 100 characters."],
      [{ ...s.setAppointment(), tableId: "PERSON" }, expect.stringContaining("A shortcut applies to one of:") as never],
      [{ ...s.setAppointment(), actions: [] }, "Actions: a shortcut needs at least one action."],
      [
        { ...s.setAppointment(), actions: Array(11).fill({ type: "RESOLVE_ACTIVITY", stepId: s.sale.steps[0]!.id }) },
        "Actions: a shortcut has at most 10 actions.",
      ],
      [
        { ...s.setAppointment(), actions: [{ type: "RESOLVE_ACTIVITY" }] },
        "Action 1: name the step whose open activities are resolved.",
      ],
      [
        {
          ...s.setAppointment(),
          actions: [{ type: "CREATE_ACTIVITY", stepId: s.sale.steps[1]!.id, subject: " ", dueInMinutes: 0 }],
        },
        "Action 1: The activity's subject is required.",
      ],
    ];
    for (const [input, message] of refusals) {
      const r = await create(s.admin, input);
      expect(r.isSuccess).toBe(false);
      expect(r.message).toEqual(message);
    }
    const list = (await s.admin.gql<{ workflowShortcuts: { name: string }[] }>(LIST, {})).data!.workflowShortcuts;
    expect(list.map((x) => x.name)).toEqual(["Set appointment"]);

    const edited = await s.admin.gql<{ editWorkflowShortcut: R & { shortcut: { name: string; inactive: boolean } } }>(
      EDIT,
      { id, i: { name: "Set appointment (rep)", inactive: true } },
    );
    expect(edited.data?.editWorkflowShortcut).toMatchObject({
      isSuccess: true,
      shortcut: { name: "Set appointment (rep)", inactive: true },
    });
    expect((await s.admin.gql<{ workflowShortcuts: unknown[] }>(LIST, {})).data!.workflowShortcuts).toEqual([]);
    const withInactive = await s.admin.gql<{ workflowShortcuts: unknown[] }>(LIST, {
      all: true,
      t: ["PROJECT_THREAD"],
    });
    expect(withInactive.data!.workflowShortcuts).toHaveLength(1);
    expect(
      (await s.admin.gql<{ workflowShortcuts: unknown[] }>(LIST, { all: true, t: ["ACTIVITY"] })).data!
        .workflowShortcuts,
    ).toEqual([]);
  });

  test("another branch's ids: its steps and roles refused in actions, its shortcuts not found", async () => {
    const mine = await setup();
    const theirs = await setup(other);
    const foreignStep = await create(mine.admin, {
      ...mine.setAppointment(),
      actions: [{ type: "CREATE_ACTIVITY", stepId: theirs.sale.steps[1]!.id, subject: "Visit", dueInMinutes: 0 }],
    });
    expect(foreignStep.message).toBe("Action 1: step not found.");
    const foreignRole = await create(mine.admin, {
      ...mine.setAppointment(),
      actions: [
        {
          type: "CREATE_ACTIVITY",
          stepId: mine.sale.steps[1]!.id,
          subject: "Visit",
          zoneRoleId: theirs.role.id,
          dueInMinutes: 0,
        },
      ],
    });
    expect(foreignRole.message).toBe("Action 1: territory role not found.");

    const theirShortcut = (await create(theirs.admin, theirs.setAppointment())).shortcut!;
    const read = await mine.admin.gql(ONE, { id: theirShortcut.id });
    expect(read.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const edit = await mine.admin.gql(EDIT, { id: theirShortcut.id, i: { name: "Mine now" } });
    expect(edit.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const del = await mine.admin.gql(DELETE, { id: theirShortcut.id });
    expect(del.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const run = await mine.admin.gql(EXECUTE, { id: theirShortcut.id, e: [crypto.randomUUID()] });
    expect(run.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await server.prisma.workflowShortcut.findUnique({ where: { id: theirShortcut.id } })).not.toBeNull();
  });

  test("without WORKFLOW_CONFIGURATION nothing is configured; any employee reads them", async () => {
    const s = await setup();
    const made = (await create(s.admin, s.setAppointment())).shortcut!;
    const runner = await employee(branch, ["CUSTOMER_ACCESS"]);
    const r = await runner.gql(CREATE, { i: s.setAppointment() });
    expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await runner.gql(DELETE, { id: made.id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await runner.gql(EDIT, { id: made.id, i: { name: "x" } })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const listed = await runner.gql<{ workflowShortcuts: { id: string }[] }>(LIST, {});
    expect(listed.data!.workflowShortcuts.map((x) => x.id)).toContain(made.id);
  });

  test("the shop's sale workflow cannot be deleted or made inactive; another can", async () => {
    const s = await setup();
    const saleFlow = (await create(s.admin, { ...s.setAppointment("Online sale"), tableId: "CUSTOMER" })).shortcut!;
    const spare = (await create(s.admin, s.setAppointment())).shortcut!;
    await server.prisma.storefrontConfig.upsert({
      where: { branchId: branch.branchId },
      create: { branchId: branch.branchId, saleWorkflowShortcutId: saleFlow.id },
      update: { saleWorkflowShortcutId: saleFlow.id },
    });
    const refused = await s.admin.gql<{ deleteWorkflowShortcut: R }>(DELETE, { id: saleFlow.id });
    expect(refused.data?.deleteWorkflowShortcut).toEqual({
      isSuccess: false,
      message:
        '"Online sale" is the shop\'s sale workflow and cannot be deleted: pick another sale workflow on the e-commerce setup page first.',
    });
    const off = await s.admin.gql<{ editWorkflowShortcut: R }>(EDIT, { id: saleFlow.id, i: { inactive: true } });
    expect(off.data?.editWorkflowShortcut.message).toStartWith("Inactive: this shortcut is the shop's sale workflow");
    const read = await s.admin.gql<{ workflowShortcut: { isSaleWorkflow: boolean } }>(ONE, { id: saleFlow.id });
    expect(read.data?.workflowShortcut.isSaleWorkflow).toBe(true);
    const gone = await s.admin.gql<{ deleteWorkflowShortcut: R }>(DELETE, { id: spare.id });
    expect(gone.data?.deleteWorkflowShortcut).toEqual({
      isSuccess: true,
      message: `Deleted the shortcut "${spare.name}".`,
    });
    await server.prisma.storefrontConfig.update({
      where: { branchId: branch.branchId },
      data: { saleWorkflowShortcutId: null },
    });
  });
});

describe("running", () => {
  test("on many threads: each gets the activity for its zone's rep and its first call resolved; others' ids and a closed thread fail alone", async () => {
    const s = await setup();
    const theirs = await setup(other);
    const shortcut = (await create(s.admin, s.setAppointment())).shortcut!;
    const [a, b, closed] = [await s.newThread(), await s.newThread(), await s.newThread()];
    await server.prisma.projectThread.update({ where: { id: closed.id }, data: { closedAt: new Date() } });
    const foreign = await theirs.newThread();
    const runner = await employee(branch, ["CUSTOMER_ACCESS"]);
    const r = await runner.gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, {
      id: shortcut.id,
      e: [a.id, foreign.id, b.id, closed.id, "no-such-thread", a.id],
    });
    const out = r.data!.executeWorkflowShortcut;
    expect(out.isSuccess).toBe(true);
    expect(out.message).toBe(`Ran "${shortcut.name}" on 2 of 5 records; 3 failed.`);
    expect(out.replayed).toBe(false);
    const by = new Map(out.results.map((x) => [x.entityId, x]));
    expect(by.get(a.id)).toEqual({
      entityId: a.id,
      isSuccess: true,
      message: 'Created "Water taste test at home" at the step "Appointment". Resolved 1 activity at "First call".',
    });
    expect(by.get(b.id)?.isSuccess).toBe(true);
    expect(by.get(foreign.id)).toEqual({
      entityId: foreign.id,
      isSuccess: false,
      message: "Project thread not found.",
    });
    expect(by.get("no-such-thread")?.message).toBe("Project thread not found.");
    expect(by.get(closed.id)?.message).toStartWith("Action 1 (create an activity): This thread of");
    for (const t of [a, b]) {
      const acts = await server.prisma.activity.findMany({ where: { threadId: t.id } });
      const at = (step: number) => acts.filter((x) => x.stepId === s.sale.steps[step]!.id);
      expect(acts).toHaveLength(2);
      expect(at(0).map((x) => x.status)).toEqual(["RESOLVED"]);
      expect(at(1).map((x) => [x.status, x.assignedPersonId, x.subject])).toEqual([
        ["ACTIVE", s.rep.id, "Water taste test at home"],
      ]);
    }
    // the other branch's thread is untouched
    const theirActs = await server.prisma.activity.findMany({ where: { threadId: foreign.id } });
    expect(theirActs.map((x) => x.status)).toEqual(["ACTIVE"]);
  });

  test("sizes first: 10,001 records or none are refused before anything runs; an inactive shortcut is refused", async () => {
    const s = await setup();
    const shortcut = (await create(s.admin, s.setAppointment())).shortcut!;
    const t = await s.newThread();
    const many = [t.id, ...Array.from({ length: 10_000 }, () => crypto.randomUUID())];
    const r = await s.admin.gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, { id: shortcut.id, e: many });
    expect(r.data?.executeWorkflowShortcut).toMatchObject({
      isSuccess: false,
      message: "A shortcut runs on at most 10,000 records at a time (10,001 were sent).",
      results: [],
    });
    const none = await s.admin.gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, { id: shortcut.id, e: [] });
    expect(none.data?.executeWorkflowShortcut.message).toBe("Pick at least one record.");
    expect(await server.prisma.activity.count({ where: { threadId: t.id } })).toBe(1);
    expect(await server.prisma.workflowShortcutExecution.count({ where: { shortcutId: shortcut.id } })).toBe(0);
    await s.admin.gql(EDIT, { id: shortcut.id, i: { inactive: true } });
    const off = await s.admin.gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, { id: shortcut.id, e: [t.id] });
    expect(off.data?.executeWorkflowShortcut.message).toBe(`The shortcut "${shortcut.name}" is inactive.`);
  });

  test("without CUSTOMER_ACCESS nothing runs (configuring alone is not enough)", async () => {
    const s = await setup();
    const shortcut = (await create(s.admin, s.setAppointment())).shortcut!;
    const t = await s.newThread();
    for (const perms of [[], ["WORKFLOW_CONFIGURATION"]] as const) {
      const c = await employee(branch, [...perms]);
      const r = await c.gql(EXECUTE, { id: shortcut.id, e: [t.id] });
      expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect(await server.prisma.activity.count({ where: { threadId: t.id } })).toBe(1);
  });

  test("the same click twice at once runs once; the key answers again later; a reused key for other records is refused", async () => {
    const s = await setup();
    const shortcut = (await create(s.admin, s.setAppointment())).shortcut!;
    const threads = [await s.newThread(), await s.newThread()];
    const ids = threads.map((t) => t.id);
    const key = crypto.randomUUID();
    const [x, y] = await Promise.all(
      [0, 1].map(() =>
        s.admin
          .gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, { id: shortcut.id, e: ids, k: key })
          .then((r) => r.data!.executeWorkflowShortcut),
      ),
    );
    expect([x!.replayed, y!.replayed].sort()).toEqual([false, true]);
    for (const t of threads) expect(await server.prisma.activity.count({ where: { threadId: t.id } })).toBe(2);
    const again = await s.admin.gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, {
      id: shortcut.id,
      e: [...ids].reverse(),
      k: key,
    });
    expect(again.data?.executeWorkflowShortcut).toMatchObject({ isSuccess: true, replayed: true });
    expect(again.data?.executeWorkflowShortcut.results.every((r) => r.isSuccess)).toBe(true);
    for (const t of threads) expect(await server.prisma.activity.count({ where: { threadId: t.id } })).toBe(2);
    const reused = await s.admin.gql<{ executeWorkflowShortcut: Exec }>(EXECUTE, {
      id: shortcut.id,
      e: [ids[0]],
      k: key,
    });
    expect(reused.data?.executeWorkflowShortcut).toMatchObject({
      isSuccess: false,
      message: "That idempotency key was used for another run: send a new one.",
    });
    // without a key, a second click runs again (a new activity)
    await s.admin.gql(EXECUTE, { id: shortcut.id, e: [ids[0]] });
    expect(await server.prisma.activity.count({ where: { threadId: ids[0] } })).toBe(3);
  });
});
