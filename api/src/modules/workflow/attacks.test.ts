import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// The workflow's operations tried as an attacker would: another branch's ids in every id argument,
// employees without the permissions, oversized input (refused before any work), and concurrent calls
// (twenty adds with resolvePrevious on one thread while its last step is resolved, twenty adds that
// would each start the customer's thread, a step deleted while work is added to it). PGlite runs one
// statement at a time, so the races only interleave for real on PostgreSQL (TEST_DATABASE_URL): there
// the code before the row locks (locks.ts) made 20 threads and answered a step's delete with an error.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
const ADD = `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message activity { id threadId } } }`;
const PATCH = `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess message } }`;
const soon = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const customerOf = (b: Branch) =>
  factories(server.prisma).customer(b.branchId, String(300000 + Math.floor(Math.random() * 600000)));

/** What an id argument refers to in `branch`: a row of every kind the workflow names. */
async function branchRows() {
  const p = server.prisma;
  const b = branch.branchId;
  const project = await factories(p).workflow.project(b);
  const customer = await customerOf(branch);
  const thread = await factories(p).workflow.thread(b, project.id, { customerId: customer.id });
  const [activity] = await factories(p).workflow.activities(b, thread.id, project.steps[0]!.id);
  const person = await p.person.create({ data: { branchId: b, firstName: "Their", lastName: "Rep" } });
  const priority = await p.workflowPriority.create({ data: { branchId: b, name: `P ${crypto.randomUUID()}` } });
  const type = await p.projectType.create({ data: { branchId: b, name: `T ${crypto.randomUUID()}` } });
  const milestone = await p.projectMilestone.create({ data: { branchId: b, name: `M ${crypto.randomUUID()}` } });
  const role = await p.personTerritoryRole.create({ data: { branchId: b, name: `R ${crypto.randomUUID()}` } });
  return { project, customer, thread, activity: activity!, person, priority, type, milestone, role };
}

describe("another branch's ids", () => {
  test("in every id argument: not found, and nothing of either branch changes", async () => {
    const theirs = await branchRows();
    const stranger = await employee(other, ["CUSTOMER_ACCESS", "WORKFLOW_CONFIGURATION"]);
    const f = factories(server.prisma).workflow;
    const mine = await f.project(other.branchId);
    const myCustomer = await customerOf(other);
    const myThread = await f.thread(other.branchId, mine.id, { customerId: myCustomer.id });
    const [myActivity] = await f.activities(other.branchId, myThread.id, mine.steps[0]!.id, {
      assignedPersonId: stranger.personId,
    });
    const before = {
      activities: await server.prisma.activity.count(),
      threads: await server.prisma.projectThread.count(),
      steps: await server.prisma.projectStep.count(),
      projects: await server.prisma.project.count(),
    };
    const add = (extra: Record<string, unknown>) =>
      stranger.gql<{ addActivity: R }>(ADD, {
        i: { threadId: myThread.id, stepId: mine.steps[0]!.id, subject: "x", scheduledTime: soon(1), ...extra },
      });
    const refusal = async (r: Promise<{ data?: Record<string, R> | null; errors?: { message: string }[] }>) => {
      const a = await r;
      return a.errors?.[0]?.message ?? Object.values(a.data ?? {})[0]?.message;
    };
    for (const [extra, message] of [
      [{ stepId: theirs.project.steps[1]!.id }, `That step is not a step of "${mine.description}".`],
      [{ assignedPersonId: theirs.person.id }, "The assigned person was not found."],
      [{ priorityId: theirs.priority.id }, "Priority not found."],
      [{ threadId: null, projectId: mine.id, customerId: theirs.customer.id }, "Customer not found."],
      [{ threadId: null, projectId: theirs.project.id, customerId: myCustomer.id }, "Project not found."],
      [{ threadId: theirs.thread.id, stepId: theirs.project.steps[0]!.id }, "Project thread not found."],
    ] as const)
      expect({ extra, m: await refusal(add(extra)) }).toEqual({ extra, m: message } as never);

    const patch = (i: Record<string, unknown>) => stranger.gql<{ patchActivity: R }>(PATCH, { id: myActivity!.id, i });
    expect(await refusal(patch({ assignedPersonId: theirs.person.id }))).toBe("The assigned person was not found.");
    expect(await refusal(patch({ priorityId: theirs.priority.id }))).toBe("Priority not found.");
    expect(await refusal(stranger.gql(PATCH, { id: theirs.activity.id, i: { status: "CANCELLED" } }))).toBe(
      "Activity not found.",
    );
    expect(
      await refusal(
        stranger.gql(
          `mutation($p: ID!, $c: ID){ startProjectThread(projectId: $p, customerId: $c){ isSuccess message } }`,
          {
            p: mine.id,
            c: theirs.customer.id,
          },
        ),
      ),
    ).toBe("Customer not found.");
    const work = await stranger.gql(`query($p: ID){ assignedActivities(personId: $p){ id } }`, { p: theirs.person.id });
    expect(work.errors?.[0]?.message).toBe("Person not found.");

    // Configuration: every id a project or a step names.
    const CREATE_PROJECT = `mutation($i: ProjectInput!){ createProject(input: $i){ isSuccess message } }`;
    const PATCH_PROJECT = `mutation($id: ID!, $i: ProjectInput!){ patchProject(id: $id, input: $i){ isSuccess message } }`;
    const CREATE_STEP = `mutation($p: ID!, $i: ProjectStepInput!){ createProjectStep(projectId: $p, input: $i){ isSuccess message } }`;
    const PATCH_STEP = `mutation($id: ID!, $i: ProjectStepInput!){ patchProjectStep(id: $id, input: $i){ isSuccess message } }`;
    const DELETE_STEP = `mutation($id: ID!){ deleteProjectStep(id: $id){ isSuccess message } }`;
    for (const [i, message] of [
      [{ typeId: theirs.type.id }, "Project type not found."],
      [{ defaultPersonId: theirs.person.id }, "The default person was not found."],
      [{ defaultPriorityId: theirs.priority.id }, "Priority not found."],
    ] as const) {
      expect(
        await refusal(stranger.gql(CREATE_PROJECT, { i: { description: `New ${crypto.randomUUID()}`, ...i } })),
      ).toBe(message);
      expect(await refusal(stranger.gql(PATCH_PROJECT, { id: mine.id, i }))).toBe(message);
    }
    for (const [i, message] of [
      [{ milestoneId: theirs.milestone.id }, "Milestone not found."],
      [{ defaultZoneRoleId: theirs.role.id }, "Territory role not found."],
      [{ defaultPersonId: theirs.person.id }, "The default person was not found."],
      [{ defaultPriorityId: theirs.priority.id }, "Priority not found."],
    ] as const) {
      expect(await refusal(stranger.gql(CREATE_STEP, { p: mine.id, i: { description: "Step", ...i } }))).toBe(message);
      expect(await refusal(stranger.gql(PATCH_STEP, { id: mine.steps[0]!.id, i }))).toBe(message);
    }
    expect(await refusal(stranger.gql(PATCH_PROJECT, { id: theirs.project.id, i: { inactive: true } }))).toBe(
      "Project not found.",
    );
    expect(await refusal(stranger.gql(DELETE_STEP, { id: theirs.project.steps[2]!.id }))).toBe(
      "Project step not found.",
    );

    expect({
      activities: await server.prisma.activity.count(),
      threads: await server.prisma.projectThread.count(),
      steps: await server.prisma.projectStep.count(),
      projects: await server.prisma.project.count(),
    }).toEqual(before);
    const row = await server.prisma.activity.findUniqueOrThrow({ where: { id: myActivity!.id } });
    expect([row.assignedPersonId, row.priorityId]).toEqual([stranger.personId, null]);
  });
});

describe("who may", () => {
  test("without WORKFLOW_CONFIGURATION or CUSTOMER_ACCESS: refused; someone else's activity: refused", async () => {
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId);
    const customer = await customerOf(branch);
    const thread = await f.thread(branch.branchId, project.id, { customerId: customer.id });
    const colleague = await employee(branch, []);
    const [theirs] = await f.activities(branch.branchId, thread.id, project.steps[0]!.id, {
      assignedPersonId: colleague.personId,
    });
    // Configuring without the permission (reading customers' work does not give it), and the reverse.
    const configurer = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const worker = await employee(branch, ["CUSTOMER_ACCESS"]);
    const forbidden = async (c: typeof worker, q: string, v: Record<string, unknown>) =>
      (await c.gql(q, v)).errors?.[0]?.extensions?.code;
    for (const [q, v] of [
      [
        `mutation($p: ID!){ createProjectStep(projectId: $p, input: { description: "x" }){ isSuccess } }`,
        { p: project.id },
      ],
      [
        `mutation($id: ID!){ patchProjectStep(id: $id, input: { description: "x" }){ isSuccess } }`,
        { id: project.steps[0]!.id },
      ],
      [`mutation($id: ID!){ deleteProjectStep(id: $id){ isSuccess } }`, { id: project.steps[2]!.id }],
      [`mutation($id: ID!){ patchProject(id: $id, input: { inactive: true }){ isSuccess } }`, { id: project.id }],
      [`mutation{ createPriority(input: { name: "Sneaky" }){ isSuccess } }`, {}],
    ] as const)
      expect(await forbidden(worker, q, v)).toBe("FORBIDDEN");
    for (const [q, v] of [
      [`query($id: ID!){ projectThread(id: $id){ id } }`, { id: thread.id }],
      [`query($c: ID!){ customerProjectThreads(customerId: $c){ id } }`, { c: customer.id }],
      [
        `query($f: DateTime!, $t: DateTime!){ activitySummary(from: $f, to: $t, groupBy: STATUS){ key } }`,
        { f: soon(-1), t: soon(1) },
      ],
      [
        `mutation($p: ID!, $c: ID){ startProjectThread(projectId: $p, customerId: $c){ isSuccess } }`,
        { p: project.id, c: customer.id },
      ],
      [`query($p: ID){ assignedActivities(personId: $p){ id } }`, { p: colleague.personId }],
      [PATCH, { id: theirs!.id, i: { assignedPersonId: configurer.personId } }],
    ] as const)
      expect(await forbidden(configurer, q, v)).toBe("FORBIDDEN");
    const row = await server.prisma.activity.findUniqueOrThrow({ where: { id: theirs!.id } });
    expect(row.assignedPersonId).toBe(colleague.personId);
    expect(await server.prisma.projectStep.count({ where: { projectId: project.id } })).toBe(3);
  });
});

describe("oversized input", () => {
  test("a huge subject or details, a huge period: refused with the limit, nothing written", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const project = await factories(server.prisma).workflow.project(branch.branchId);
    const customer = await customerOf(branch);
    const base = {
      projectId: project.id,
      customerId: customer.id,
      stepId: project.steps[0]!.id,
      scheduledTime: soon(1),
    };
    const before = await server.prisma.activity.count();
    const big = await staff.gql<{ addActivity: R }>(ADD, { i: { ...base, subject: "x".repeat(900_000) } });
    expect(big.data?.addActivity.message).toBe("Subject must be at most 200 characters.");
    const bigDetails = await staff.gql<{ addActivity: R }>(ADD, {
      i: { ...base, subject: "Call", details: "x".repeat(900_000) },
    });
    expect(bigDetails.data?.addActivity.message).toBe("Details must be at most 4000 characters.");
    // A body over 1 MB is refused before GraphQL reads it.
    const tooBig = await staff.gql(ADD, { i: { ...base, subject: "Call", details: "x".repeat(1_100_000) } });
    expect(tooBig.status).toBe(413);
    expect(await server.prisma.activity.count()).toBe(before);

    const work = await staff.gql(`query($f: DateTime, $t: DateTime){ assignedActivities(from: $f, to: $t){ id } }`, {
      f: "2000-01-01T00:00:00Z",
      t: "2099-01-01T00:00:00Z",
    });
    expect(work.errors?.[0]?.message).toBe("A period may be at most 3660 days long.");
    const summary = await staff.gql(
      `query($f: DateTime!, $t: DateTime!){ activitySummary(from: $f, to: $t, groupBy: PERSON){ key } }`,
      { f: "2000-01-01T00:00:00Z", t: "2099-01-01T00:00:00Z" },
    );
    expect(summary.errors?.[0]?.message).toBe("A period may be at most 366 days long.");
  });
});

describe("at the same time", () => {
  test("twenty adds with resolvePrevious while the last step is resolved: no work lands on the closed thread", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId);
    const [call, quote, installed] = project.steps;
    const customer = await customerOf(branch);
    const thread = await f.thread(branch.branchId, project.id, { customerId: customer.id });
    await f.activities(branch.branchId, thread.id, call!.id);
    const [last] = await f.activities(branch.branchId, thread.id, installed!.id);
    const adds = Array.from({ length: 20 }, (_, n) =>
      staff.gql<{ addActivity: R }>(ADD, {
        i: {
          threadId: thread.id,
          stepId: quote!.id,
          subject: `Quote ${n}`,
          scheduledTime: soon(2),
          resolvePrevious: true,
        },
      }),
    );
    const [resolved, ...answers] = await Promise.all([
      staff.gql<{ patchActivity: R }>(PATCH, { id: last!.id, i: { status: "RESOLVED" } }),
      ...adds,
    ]);
    expect(resolved.data?.patchActivity.isSuccess).toBe(true);
    for (const a of answers) {
      expect(a.errors).toBeUndefined();
      if (!a.data!.addActivity.isSuccess)
        expect(a.data!.addActivity.message).toBe(
          `This thread of "${project.description}" is closed: start a new thread to add work to it.`,
        );
    }
    const closed = await server.prisma.projectThread.findUniqueOrThrow({ where: { id: thread.id } });
    expect(closed.closedAt).not.toBeNull();
    const rows = await server.prisma.activity.findMany({ where: { threadId: thread.id } });
    expect(rows.filter((r) => r.enteredTime > closed.closedAt!)).toEqual([]);
    expect(rows.length).toBe(2 + answers.filter((a) => a.data!.addActivity.isSuccess).length);
    // The first call was resolved once, by whichever add came first; when the close came before every
    // add, none was let in and the call stays as it was.
    const added = answers.some((a) => a.data!.addActivity.isSuccess);
    expect(rows.filter((r) => r.stepId === call!.id).map((r) => r.status)).toEqual([added ? "RESOLVED" : "ACTIVE"]);
  });

  test("twenty adds naming the project and the customer at once: one thread", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const project = await factories(server.prisma).workflow.project(branch.branchId);
    const customer = await customerOf(branch);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        staff.gql<{ addActivity: R & { activity: { threadId: string } } }>(ADD, {
          i: {
            projectId: project.id,
            customerId: customer.id,
            stepId: project.steps[0]!.id,
            subject: `Call ${n}`,
            scheduledTime: soon(1),
            resolvePrevious: true,
          },
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.data?.addActivity.activity.threadId)).size).toBe(1);
    expect(await server.prisma.projectThread.count({ where: { projectId: project.id } })).toBe(1);
    expect(await server.prisma.activity.count({ where: { thread: { projectId: project.id } } })).toBe(20);
  });

  test("a step deleted while work is added to it: one of them wins, with a clear answer", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS", "WORKFLOW_CONFIGURATION"]);
    const f = factories(server.prisma).workflow;
    for (let round = 0; round < 4; round++) {
      const project = await f.project(branch.branchId);
      const customer = await customerOf(branch);
      const thread = await f.thread(branch.branchId, project.id, { customerId: customer.id });
      const step = project.steps[1]!;
      const [deleted, added] = await Promise.all([
        staff.gql<{ deleteProjectStep: R }>(`mutation($id: ID!){ deleteProjectStep(id: $id){ isSuccess message } }`, {
          id: step.id,
        }),
        staff.gql<{ addActivity: R }>(ADD, {
          i: { threadId: thread.id, stepId: step.id, subject: "Quote", scheduledTime: soon(1) },
        }),
      ]);
      expect([deleted.errors, added.errors]).toEqual([undefined, undefined]);
      const stepLeft = await server.prisma.projectStep.count({ where: { id: step.id } });
      const work = await server.prisma.activity.count({ where: { stepId: step.id } });
      if (deleted.data!.deleteProjectStep.isSuccess) {
        expect([stepLeft, work, added.data!.addActivity.message]).toEqual([
          0,
          0,
          `That step is not a step of "${project.description}".`,
        ]);
      } else {
        expect([stepLeft, work, deleted.data!.deleteProjectStep.message]).toEqual([
          1,
          1,
          `The step "${step.description}" has 1 activity: set it inactive instead of deleting it.`,
        ]);
      }
    }
  });
});
