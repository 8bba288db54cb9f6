import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// Threads and activities through GraphQL: resolvePrevious and the last step closing a thread, a
// closed thread refusing work, orphan threads, who gets the work (zone role, step, project), bad
// input refused with nothing written, who may do what (CUSTOMER_ACCESS, or one's own activity), and
// another branch's ids not found.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Act = {
  id: string;
  threadId: string;
  status: string;
  stepDescription: string;
  assignedPersonId: string | null;
  threadClosed: boolean;
};
const ADD = `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message activity {
  id threadId status stepDescription assignedPersonId threadClosed } } }`;
const PATCH = `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess message activity {
  id status threadClosed scheduledTime } } }`;
const THREAD = `query($id: ID!){ projectThread(id: $id){ id closedAt customerName openActivityCount
  activities { stepDescription status } } }`;
const soon = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function customerOf(b: Branch) {
  const f = factories(server.prisma);
  return f.customer(b.branchId, String(300000 + Math.floor(Math.random() * 600000)));
}

describe("adding and resolving work", () => {
  test("resolvePrevious resolves earlier steps (not no-auto-resolve ones); the last step closes the thread", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const project = await factories(server.prisma).workflow.project(branch.branchId, {
      steps: [
        { description: "First call", sortLevel: 10 },
        { description: "Survey", sortLevel: 15, noAutoResolve: true },
        { description: "Quote", sortLevel: 20 },
        { description: "Installed", sortLevel: 30 },
      ],
    });
    const [call, survey, quote, installed] = project.steps;
    const customer = await customerOf(branch);
    const add = (stepId: string, extra: Record<string, unknown> = {}) =>
      staff.gql<{ addActivity: R & { activity: Act | null } }>(ADD, {
        i: {
          projectId: project.id,
          customerId: customer.id,
          stepId,
          subject: "Work",
          scheduledTime: soon(1),
          ...extra,
        },
      });
    const first = (await add(call!.id)).data!.addActivity;
    expect(first.isSuccess).toBe(true);
    const threadId = first.activity!.threadId;
    // The customer's open thread of the project is reused.
    expect((await add(survey!.id)).data?.addActivity.activity?.threadId).toBe(threadId);
    const q = await add(quote!.id, { resolvePrevious: true });
    expect(q.data?.addActivity.activity?.threadId).toBe(threadId);
    let thread = await staff.gql<{ projectThread: { activities: { stepDescription: string; status: string }[] } }>(
      THREAD,
      { id: threadId },
    );
    expect(thread.data?.projectThread.activities.map((a) => [a.stepDescription, a.status])).toEqual([
      ["First call", "RESOLVED"],
      ["Survey", "ACTIVE"],
      ["Quote", "ACTIVE"],
    ]);

    const last = (await add(installed!.id, { resolvePrevious: true, threadId })).data!.addActivity.activity!;
    expect(last.threadClosed).toBe(false);
    const done = await staff.gql<{ patchActivity: R & { activity: { status: string; threadClosed: boolean } } }>(
      PATCH,
      { id: last.id, i: { status: "RESOLVED" } },
    );
    expect(done.data?.patchActivity).toMatchObject({
      isSuccess: true,
      activity: { status: "RESOLVED", threadClosed: true },
    });
    thread = await staff.gql(THREAD, { id: threadId });
    expect(thread.data?.projectThread.activities.map((a) => a.status)).toEqual([
      "RESOLVED",
      "ACTIVE",
      "RESOLVED",
      "RESOLVED",
    ]);

    // A closed thread takes no new work (named by id); by project and customer a new thread starts.
    const refused = await add(call!.id, { threadId });
    expect(refused.data?.addActivity).toEqual({
      isSuccess: false,
      message: `This thread of "${project.description}" is closed: start a new thread to add work to it.`,
      activity: null,
    });
    const fresh = await add(call!.id);
    expect(fresh.data?.addActivity.activity?.threadId).not.toBe(threadId);
  });

  test("bad input says why and writes nothing; orphans only when the project allows them", async () => {
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId);
    const elsewhere = await f.project(branch.branchId);
    const customer = await customerOf(branch);
    const inactive = await server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: "Ina", lastName: "Ctive", inactive: true },
    });
    const base = {
      projectId: project.id,
      customerId: customer.id,
      stepId: project.steps[0]!.id,
      scheduledTime: soon(2),
    };
    const before = await server.prisma.activity.count();
    for (const [extra, message] of [
      [{ subject: "" }, "Subject is required."],
      [{ subject: "x".repeat(201) }, "Subject must be at most 200 characters."],
      [{ subject: "Call", lengthMinutes: 0 }, "Length must be between 1 and 1440 minutes."],
      [{ subject: "Call", stepId: elsewhere.steps[0]!.id }, `That step is not a step of "${project.description}".`],
      [{ subject: "Call", assignedPersonId: inactive.id }, "Ina Ctive is inactive and cannot be given work."],
      [{ subject: "Call", assignedPersonId: crypto.randomUUID() }, "The assigned person was not found."],
      [{ subject: "Call", customerId: crypto.randomUUID() }, "Customer not found."],
      [
        { subject: "Call", customerId: null },
        `The project "${project.description}" needs a customer or a lead for each of its threads.`,
      ],
      [
        { subject: "Call", scheduledTime: "1999-12-31T10:00:00Z" },
        "Scheduled time must be between the years 2000 and 2099.",
      ],
    ] as const) {
      const r = await staff.gql<{ addActivity: R }>(ADD, { i: { ...base, ...extra } });
      expect({ extra, r: r.data?.addActivity }).toEqual({
        extra,
        r: { isSuccess: false, message, activity: null } as never,
      });
    }
    const garbled = await staff.gql(ADD, { i: { ...base, subject: "Call", scheduledTime: "next tuesday" } });
    expect(garbled.errors?.[0]?.message).toContain("Invalid date and time.");
    expect(await server.prisma.activity.count()).toBe(before);
    expect(await server.prisma.projectThread.count({ where: { projectId: project.id } })).toBe(0);

    const orphans = await f.project(branch.branchId, { allowOrphans: true });
    const ok = await staff.gql<{ startProjectThread: R & { thread: { customerName: string | null } } }>(
      `mutation($p: ID!){ startProjectThread(projectId: $p){ isSuccess message thread { customerName } } }`,
      { p: orphans.id },
    );
    expect(ok.data?.startProjectThread).toMatchObject({ isSuccess: true, thread: { customerName: null } });
  });
});

describe("who gets the work", () => {
  test("the zone's holder of the step's role, else the step's default person, else the project's", async () => {
    const p = server.prisma;
    const b = branch.branchId;
    const staff = await employee(branch, ["CUSTOMER_ACCESS"]);
    const person = (firstName: string) => p.person.create({ data: { branchId: b, firstName, lastName: "Rep" } });
    const [north, stepDefault, projectDefault] = [await person("North"), await person("Step"), await person("Project")];
    const role = await p.personTerritoryRole.create({ data: { branchId: b, name: "Sales rep" } });
    const map = await p.territoryMap.create({ data: { branchId: b, name: "Sales" } });
    const square = (lat: number) => ({
      type: "Polygon",
      coordinates: [
        [
          [-98, lat],
          [-97, lat],
          [-97, lat + 0.5],
          [-98, lat + 0.5],
          [-98, lat],
        ],
      ],
    });
    const zone = await p.territoryZone.create({
      data: { branchId: b, mapId: map.id, name: "North", data: square(30.3) },
    });
    await p.territoryZonePerson.create({ data: { branchId: b, zoneId: zone.id, roleId: role.id, personId: north.id } });
    await p.territoryMapUsage.create({ data: { branchId: b, activityAssignmentMapId: map.id } });

    const project = await factories(p).workflow.project(b, {
      defaultPersonId: projectDefault.id,
      steps: [
        { description: "Visit", defaultZoneRoleId: role.id, defaultPersonId: stepDefault.id },
        { description: "Paperwork" },
      ],
    });
    const [visit, paperwork] = project.steps;
    const inZone = await customerOf(branch);
    const address = await factories(p).serviceAddress(b, inZone.id);
    await p.serviceAddress.update({ where: { id: address.id }, data: { latitude: 30.5, longitude: -97.5 } });
    const outside = await customerOf(branch);
    const far = await factories(p).serviceAddress(b, outside.id);
    await p.serviceAddress.update({ where: { id: far.id }, data: { latitude: 29.0, longitude: -97.5 } });

    const assignee = async (customerId: string, stepId: string) =>
      (
        await staff.gql<{ addActivity: { activity: Act } }>(ADD, {
          i: { projectId: project.id, customerId, stepId, subject: "Go", scheduledTime: soon(3) },
        })
      ).data?.addActivity.activity.assignedPersonId;
    expect(await assignee(inZone.id, visit!.id)).toBe(north.id);
    expect(await assignee(outside.id, visit!.id)).toBe(stepDefault.id);
    expect(await assignee(inZone.id, paperwork!.id)).toBe(projectDefault.id);
    // An inactive zone holder is passed over.
    await p.person.update({ where: { id: north.id }, data: { inactive: true } });
    expect(await assignee(inZone.id, visit!.id)).toBe(stepDefault.id);
  });
});

describe("who may do it", () => {
  test("without CUSTOMER_ACCESS: refused, except one's own activities (my work: read, resolve, reschedule)", async () => {
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId);
    const customer = await customerOf(branch);
    const thread = await f.thread(branch.branchId, project.id, { customerId: customer.id });
    const rep = await employee(branch, []);
    const colleague = await employee(branch, []);
    const [mine] = await f.activities(branch.branchId, thread.id, project.steps[0]!.id, {
      assignedPersonId: rep.personId,
    });
    const [theirs] = await f.activities(branch.branchId, thread.id, project.steps[1]!.id, {
      assignedPersonId: colleague.personId,
    });

    const MY_WORK = `query($p: ID){ assignedActivities(personId: $p){ id customerName projectDescription } }`;
    const own = await rep.gql<{ assignedActivities: { id: string; customerName: string }[] }>(MY_WORK, {});
    expect(own.data?.assignedActivities).toEqual([
      { id: mine!.id, customerName: customer.name, projectDescription: project.description },
    ] as never);
    expect((await rep.gql(MY_WORK, { p: rep.personId })).errors).toBeUndefined();
    expect((await rep.gql(MY_WORK, { p: colleague.personId })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const later = soon(48);
    const moved = await rep.gql<{ patchActivity: R }>(PATCH, { id: mine!.id, i: { scheduledTime: later } });
    expect(moved.data?.patchActivity.isSuccess).toBe(true);
    expect(
      (await rep.gql<{ patchActivity: R }>(PATCH, { id: mine!.id, i: { status: "RESOLVED" } })).data?.patchActivity,
    ).toMatchObject({ isSuccess: true });
    const notMine = await rep.gql(PATCH, { id: theirs!.id, i: { status: "RESOLVED" } });
    expect(notMine.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await rep.gql(THREAD, { id: thread.id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const add = await rep.gql(ADD, {
      i: { threadId: thread.id, stepId: project.steps[0]!.id, subject: "x", scheduledTime: later },
    });
    expect(add.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const row = await server.prisma.activity.findUniqueOrThrow({ where: { id: theirs!.id } });
    expect(row.status).toBe("ACTIVE");

    // With the permission, anyone's.
    const office = await employee(branch, ["CUSTOMER_ACCESS"]);
    expect((await office.gql(MY_WORK, { p: colleague.personId })).errors).toBeUndefined();
    expect(
      (await office.gql<{ patchActivity: R }>(PATCH, { id: theirs!.id, i: { status: "CANCELLED" } })).data
        ?.patchActivity,
    ).toMatchObject({ isSuccess: true, activity: { status: "CANCELLED" } });
  });

  test("another branch's threads, activities, customers and people are not found, and nothing changes", async () => {
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId);
    const customer = await customerOf(branch);
    const thread = await f.thread(branch.branchId, project.id, { customerId: customer.id });
    const [act] = await f.activities(branch.branchId, thread.id, project.steps[0]!.id);
    const stranger = await employee(other, ["CUSTOMER_ACCESS", "WORKFLOW_CONFIGURATION"]);
    expect((await stranger.gql(THREAD, { id: thread.id })).errors?.[0]).toMatchObject({
      message: "Project thread not found.",
      extensions: { code: "NOT_FOUND" },
    });
    expect((await stranger.gql(PATCH, { id: act!.id, i: { subject: "Mine now" } })).errors?.[0]).toMatchObject({
      message: "Activity not found.",
    });
    const customers = await stranger.gql(`query($c: ID!){ customerProjectThreads(customerId: $c){ id } }`, {
      c: customer.id,
    });
    expect(customers.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const add = await stranger.gql<{ addActivity: R }>(ADD, {
      i: { threadId: thread.id, stepId: project.steps[0]!.id, subject: "x", scheduledTime: soon(1) },
    });
    expect(add.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const byProject = await stranger.gql<{ addActivity: R }>(ADD, {
      i: {
        projectId: project.id,
        customerId: customer.id,
        stepId: project.steps[0]!.id,
        subject: "x",
        scheduledTime: soon(1),
      },
    });
    expect(byProject.data?.addActivity).toMatchObject({ isSuccess: false, message: "Project not found." });
    const summary = await stranger.gql<{ activitySummary: unknown[] }>(
      `query($f: DateTime!, $t: DateTime!){ activitySummary(from: $f, to: $t, groupBy: STEP){ key total } }`,
      { f: soon(-24), t: soon(240) },
    );
    expect(summary.data?.activitySummary).toEqual([]);
    const row = await server.prisma.activity.findUniqueOrThrow({ where: { id: act!.id } });
    expect(row.subject).toBe("Activity 1");
  });
});
