import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// Workflow configuration through GraphQL: projects, steps (reorder, refuse deleting one with
// activities), milestones and priorities; refusals change nothing; any employee reads it and only
// WORKFLOW_CONFIGURATION changes it; another branch's ids are not found.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
const CREATE_PROJECT = `mutation($i: ProjectInput!){ createProject(input: $i){ isSuccess message project { id description allowOrphans steps { id } } } }`;
const CREATE_STEP = `mutation($p: ID!, $i: ProjectStepInput!){ createProjectStep(projectId: $p, input: $i){ isSuccess message step { id description sortLevel funnelPosition milestone { name } } } }`;
const PATCH_STEP = `mutation($id: ID!, $i: ProjectStepInput!){ patchProjectStep(id: $id, input: $i){ isSuccess message step { id sortLevel } } }`;
const STEPS = `query($p: ID!){ projectSteps(projectId: $p){ description sortLevel } }`;

describe("projects and steps", () => {
  test("create a project, add and reorder steps; refusals say why and write nothing", async () => {
    const admin = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const made = await admin.gql<{ createProject: R & { project: { id: string } } }>(CREATE_PROJECT, {
      i: { description: "  Cooler rental  ", allowOrphans: true },
    });
    expect(made.data?.createProject).toMatchObject({ isSuccess: true, project: { description: "Cooler rental" } });
    const projectId = made.data!.createProject.project.id;

    const dup = await admin.gql<{ createProject: R }>(CREATE_PROJECT, { i: { description: "cooler RENTAL" } });
    expect(dup.data?.createProject).toEqual({
      isSuccess: false,
      message: 'A project named "Cooler rental" already exists.',
      project: null,
    } as never);
    const empty = await admin.gql<{ createProject: R }>(CREATE_PROJECT, { i: { description: " " } });
    expect(empty.data?.createProject.message).toBe("Project description is required.");

    const ms = await admin.gql<{ createProjectMilestone: R & { milestone: { id: string } } }>(
      `mutation($i: ProjectMilestoneInput!){ createProjectMilestone(input: $i){ isSuccess message milestone { id name } } }`,
      { i: { name: "Installed", sortOrder: 2 } },
    );
    expect(ms.data?.createProjectMilestone.isSuccess).toBe(true);
    const milestoneId = ms.data!.createProjectMilestone.milestone.id;

    const add = (i: Record<string, unknown>) =>
      admin.gql<{ createProjectStep: R & { step: { id: string } | null } }>(CREATE_STEP, { p: projectId, i });
    const first = await add({ description: "Delivered", sortLevel: 10, funnelPosition: "TOP" });
    const second = await add({ description: "Picked up", sortLevel: 20, funnelPosition: "SUCCESS", milestoneId });
    expect(second.data?.createProjectStep).toMatchObject({
      isSuccess: true,
      step: { funnelPosition: "SUCCESS", milestone: { name: "Installed" } },
    });
    // Bad input: a clear message each, and no step written.
    for (const [i, message] of [
      [{ description: "" }, "Step description is required."],
      [{ description: "x".repeat(101) }, "Step description must be at most 100 characters."],
      [{ description: "Long", defaultLengthMinutes: 0 }, "Default length must be between 1 and 1440 minutes."],
      [{ description: "Who", defaultPersonId: crypto.randomUUID() }, "The default person was not found."],
      [{ description: "Stage", milestoneId: crypto.randomUUID() }, "Milestone not found."],
    ] as const) {
      const r = await add(i);
      expect(r.data?.createProjectStep).toEqual({ isSuccess: false, message, step: null });
    }
    // An inactive person cannot be a step's default person.
    const gone = await server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: "Gone", lastName: "Away", inactive: true },
    });
    expect((await add({ description: "Who", defaultPersonId: gone.id })).data?.createProjectStep.message).toBe(
      "Gone Away is inactive and cannot be given work.",
    );

    // Reorder: "Delivered" after "Picked up".
    const moved = await admin.gql<{ patchProjectStep: R }>(PATCH_STEP, {
      id: first.data!.createProjectStep.step!.id,
      i: { sortLevel: 30 },
    });
    expect(moved.data?.patchProjectStep.isSuccess).toBe(true);
    const steps = await admin.gql<{ projectSteps: { description: string; sortLevel: number }[] }>(STEPS, {
      p: projectId,
    });
    expect(steps.data?.projectSteps).toEqual([
      { description: "Picked up", sortLevel: 20 },
      { description: "Delivered", sortLevel: 30 },
    ]);
  });

  test("a step with activities is not deleted; one without is", async () => {
    const admin = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId, { allowOrphans: true });
    const [used, unused] = project.steps;
    const thread = await f.thread(branch.branchId, project.id);
    await f.activities(branch.branchId, thread.id, used!.id, { count: 2 });
    const DELETE = `mutation($id: ID!){ deleteProjectStep(id: $id){ isSuccess message } }`;
    expect((await admin.gql<{ deleteProjectStep: R }>(DELETE, { id: used!.id })).data?.deleteProjectStep).toEqual({
      isSuccess: false,
      message: 'The step "First call" has 2 activities: set it inactive instead of deleting it.',
    });
    expect(await server.prisma.projectStep.count({ where: { id: used!.id } })).toBe(1);
    expect((await admin.gql<{ deleteProjectStep: R }>(DELETE, { id: unused!.id })).data?.deleteProjectStep).toEqual({
      isSuccess: true,
      message: 'Deleted the step "Quote".',
    });
  });

  test("priorities: create, rename, refuse a duplicate; inactive ones only on request", async () => {
    const admin = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const CREATE = `mutation($i: WorkflowPriorityInput!){ createPriority(input: $i){ isSuccess message priority { id name } } }`;
    const UPDATE = `mutation($id: ID!, $i: WorkflowPriorityInput!){ updatePriority(id: $id, input: $i){ isSuccess message } }`;
    const high = await admin.gql<{ createPriority: R & { priority: { id: string } } }>(CREATE, {
      i: { name: "High", sortOrder: 1 },
    });
    const low = await admin.gql<{ createPriority: R & { priority: { id: string } } }>(CREATE, {
      i: { name: "Low", sortOrder: 3 },
    });
    expect((await admin.gql<{ createPriority: R }>(CREATE, { i: { name: "high" } })).data?.createPriority.message).toBe(
      'A priority named "High" already exists.',
    );
    const lowId = low.data!.createPriority.priority.id;
    expect(
      (await admin.gql<{ updatePriority: R }>(UPDATE, { id: lowId, i: { name: "HIGH" } })).data?.updatePriority.message,
    ).toBe('A priority named "High" already exists.');
    await admin.gql(UPDATE, { id: lowId, i: { name: "Someday", inactive: true } });
    const list = async (all: boolean) =>
      (
        await admin.gql<{ priorities: { name: string }[] }>(
          `query($a: Boolean){ priorities(includeInactive: $a){ name } }`,
          {
            a: all,
          },
        )
      ).data?.priorities.map((p) => p.name);
    expect(await list(false)).toEqual(["High"]);
    expect(await list(true)).toEqual(["High", "Someday"]);
    expect(high.data?.createPriority.isSuccess).toBe(true);
  });
});

describe("names saved at the same moment", () => {
  test("four saves of one new name at once: one is saved, the others are refused as duplicates, none fails", async () => {
    const admin = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const CREATE = `mutation($i: WorkflowPriorityInput!){ createPriority(input: $i){ isSuccess message } }`;
    const MILESTONE = `mutation($i: ProjectMilestoneInput!){ createProjectMilestone(input: $i){ isSuccess message } }`;
    const TYPE = `mutation($n: String!){ createProjectType(name: $n){ isSuccess message } }`;
    const atOnce = (query: string, variables: Record<string, unknown>) =>
      Promise.all(Array.from({ length: 4 }, () => admin.gql<Record<string, R>>(query, variables)));
    for (const [answers, message] of [
      [await atOnce(CREATE, { i: { name: "Same time" } }), 'A priority named "Same time" already exists.'],
      [await atOnce(MILESTONE, { i: { name: "Same time" } }), 'A milestone named "Same time" already exists.'],
      [await atOnce(TYPE, { n: "Same time" }), 'A project type named "Same time" already exists.'],
      [
        await atOnce(CREATE_PROJECT, { i: { description: "Same time" } }),
        'A project named "Same time" already exists.',
      ],
    ] as const) {
      // No answer is an error: each is saved or refused in words.
      expect(answers.map((a) => a.errors)).toEqual([undefined, undefined, undefined, undefined]);
      const results = answers.map((a) => Object.values(a.data!)[0]!);
      expect(results.filter((r) => r.isSuccess)).toHaveLength(1);
      for (const r of results.filter((x) => !x.isSuccess)) expect(r.message).toBe(message);
    }
    expect(await server.prisma.workflowPriority.count({ where: { name: "Same time" } })).toBe(1);
  });
});

describe("who may configure", () => {
  test("any employee reads; changing takes WORKFLOW_CONFIGURATION; another branch's ids are not found", async () => {
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId);
    const reader = await employee(branch, []);
    const read = await reader.gql<{ projects: { id: string }[] }>(`{ projects { id steps { description } } }`);
    expect(read.data?.projects.map((p) => p.id)).toContain(project.id);
    const refused = await reader.gql(CREATE_PROJECT, { i: { description: "Not mine" } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await server.prisma.project.count({ where: { description: "Not mine" } })).toBe(0);

    // Another branch's administrator: the project, its steps and patches are "not found".
    const stranger = await employee(other, ["WORKFLOW_CONFIGURATION"]);
    const q = await stranger.gql(`query($id: ID!){ project(id: $id){ id } }`, { id: project.id });
    expect(q.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const p = await stranger.gql(PATCH_STEP, { id: project.steps[0]!.id, i: { description: "Hijacked" } });
    expect(p.errors?.[0]).toMatchObject({ message: "Project step not found.", extensions: { code: "NOT_FOUND" } });
    const s = await stranger.gql(CREATE_STEP, { p: project.id, i: { description: "Sneaky" } });
    expect(s.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await stranger.gql<{ allSteps: unknown[] }>(`{ allSteps { id } }`)).data?.allSteps).toEqual([]);
    expect(await server.prisma.projectStep.count({ where: { projectId: project.id } })).toBe(3);
  });
});
