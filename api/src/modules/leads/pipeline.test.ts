import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { square } from "../territories/test-shapes.ts";

// The lead pipeline through GraphQL: a project's steps as columns with the leads whose open thread is
// at each (latest live activity; a thread with none at the first step), counted and paged, filtered
// like a view; moving a lead adds an activity at the new step (its thread started when it has none,
// earlier open work resolved, later open work cancelled on a move back), written to its history. A
// salesperson held to one zone sees and moves only that zone's leads (the pipeline and the leadAccess
// scope); LEAD_REPORTING reads but does not move; refusals are sentences that change nothing.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string; threadId: string | null };
type Column = {
  stepId: string;
  description: string;
  count: number;
  cards: { threadId: string; since: string; lead: { id: string; name: string; zoneName: string | null } }[];
};
const PIPELINE = `query($p: ID!, $w: LeadPipelineFilter, $t: Int){ leadPipeline(projectId: $p, where: $w, takePerStep: $t){
  projectDescription total columns { stepId description count cards { threadId since lead { id name zoneName } } } } }`;
const MOVE = "mutation($l: ID!, $s: ID!){ moveLeadToStep(leadId: $l, stepId: $s){ isSuccess message threadId } }";
const OPTIONS =
  "{ leadPipelineOptions { projects { id name marketing } sources { id name } persons { id } zones { id name } } }";
type C = Awaited<ReturnType<typeof employee>>;
const unique = () => crypto.randomUUID().slice(0, 6);

async function pipeline(c: C, p: string, w: object = {}, t?: number) {
  const r = await c.gql<{ leadPipeline: { total: number; columns: Column[] } }>(PIPELINE, { p, w, t });
  if (r.errors) throw new Error(r.errors[0]!.message);
  return r.data!.leadPipeline;
}
/** The pipeline as { step: [lead first names] } (only the steps with leads). */
async function board(c: C, p: string, w: object = {}) {
  const out: Record<string, string[]> = {};
  for (const col of (await pipeline(c, p, w)).columns)
    if (col.cards.length) out[col.description] = col.cards.map((k) => k.lead.name.split(" ")[0]!).sort();
  return out;
}
const move = async (c: C, l: string, s: string) =>
  (await c.gql<{ moveLeadToStep: R }>(MOVE, { l, s })).data?.moveLeadToStep;

async function setup(b: Branch) {
  const project = await factories(server.prisma).workflow.project(b.branchId, { description: `Sale ${unique()}` });
  const [first, quote, installed] = project.steps;
  const lead = (firstName: string, data: Record<string, unknown> = {}) =>
    server.prisma.lead.create({
      data: { branchId: b.branchId, firstName, lastName: unique(), phone: "5125550100", ...data },
    });
  return { project, first: first!, quote: quote!, installed: installed!, lead };
}

describe("lead pipeline", () => {
  test("columns, moves (started, forward, back, again), history, filters, counts and pages", async () => {
    const admin = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const { project, first, quote, installed, lead } = await setup(branch);
    const web = await server.prisma.leadSource.create({
      data: { branchId: branch.branchId, name: `Web ${unique()}`, code: `W${unique()}` },
    });
    const ann = await lead("Ann", { leadSourceId: web.id, status: "ASSIGNED", personId: admin.personId });
    const bo = await lead("Bo", { email: "bo@example.com" });
    const cy = await lead("Cy");
    const merged = await lead("Merged", { mergedIntoId: ann.id });
    expect(await board(admin, project.id)).toEqual({});

    const started = await move(admin, ann.id, quote.id);
    expect(started).toMatchObject({ isSuccess: true, message: `Moved "${ann.firstName} ${ann.lastName}" to "Quote".` });
    const thread = await server.prisma.projectThread.findUniqueOrThrow({
      where: { id: started!.threadId! },
      include: { activities: true },
    });
    expect(thread).toMatchObject({ leadId: ann.id, projectId: project.id, closedAt: null });
    expect(thread.activities).toMatchObject([{ stepId: quote.id, status: "ACTIVE", subject: "Quote" }]);
    expect(await server.prisma.leadChange.findMany({ where: { leadId: ann.id } })).toMatchObject([
      {
        kind: "UPDATED",
        personId: admin.personId,
        summary: "Moved to step Quote",
        changes: { [`step of ${project.description}`]: [null, "Quote"] },
      },
    ]);
    await move(admin, bo.id, first.id);
    await move(admin, cy.id, quote.id);
    expect(await board(admin, project.id)).toEqual({ "First call": ["Bo"], Quote: ["Ann", "Cy"] });

    // forward: the Quote work is resolved, the thread stays open at Installed
    expect((await move(admin, ann.id, installed.id))?.isSuccess).toBe(true);
    // back: the Installed work is cancelled (not done), so the thread does not close
    expect((await move(admin, ann.id, first.id))?.isSuccess).toBe(true);
    const acts = await server.prisma.activity.findMany({
      where: { threadId: thread.id },
      orderBy: { enteredTime: "asc" },
    });
    expect(acts.map((a) => [a.stepId, a.status])).toEqual([
      [quote.id, "RESOLVED"],
      [installed.id, "CANCELLED"],
      [first.id, "ACTIVE"],
    ]);
    expect((await server.prisma.projectThread.findUniqueOrThrow({ where: { id: thread.id } })).closedAt).toBeNull();
    expect(await move(admin, ann.id, first.id)).toMatchObject({
      isSuccess: true,
      message: `"${ann.firstName} ${ann.lastName}" is already at "First call".`,
    });
    expect(await server.prisma.activity.count({ where: { threadId: thread.id } })).toBe(3);
    expect(await board(admin, project.id)).toEqual({ "First call": ["Ann", "Bo"], Quote: ["Cy"] });

    // a thread without activities sits at the first step; the merged lead's thread is not shown
    const dee = await lead("Dee");
    for (const l of [dee, merged])
      await server.prisma.projectThread.create({
        data: { branchId: branch.branchId, projectId: project.id, leadId: l.id },
      });
    expect(await board(admin, project.id)).toEqual({ "First call": ["Ann", "Bo", "Dee"], Quote: ["Cy"] });

    // filters like a view's; counts are of every lead at the step, cards the newest takePerStep
    expect(await board(admin, project.id, { sourceIds: [web.id] })).toEqual({ "First call": ["Ann"] });
    expect(await board(admin, project.id, { statuses: ["UNASSIGNED"] })).toEqual({
      "First call": ["Bo", "Dee"],
      Quote: ["Cy"],
    });
    expect(await board(admin, project.id, { personIds: [admin.personId] })).toEqual({ "First call": ["Ann"] });
    expect(await board(admin, project.id, { search: "BO@EXAMPLE" })).toEqual({ "First call": ["Bo"] });
    expect(await board(admin, project.id, { search: "100%" })).toEqual({});
    expect(await board(admin, project.id, { from: new Date(clock.nowMs() + 86_400_000).toISOString() })).toEqual({});
    const paged = await pipeline(admin, project.id, {}, 1);
    expect(paged.total).toBe(4);
    expect(paged.columns.map((c) => [c.description, c.count, c.cards.length])).toEqual([
      ["First call", 3, 1],
      ["Quote", 1, 1],
      ["Installed", 0, 0],
    ]);
    expect(paged.columns[0]!.cards[0]!.lead.name).toStartWith("Dee");

    // a closed thread leaves the board
    await server.prisma.projectThread.updateMany({ where: { leadId: cy.id }, data: { closedAt: new Date() } });
    expect(await board(admin, project.id)).toEqual({ "First call": ["Ann", "Bo", "Dee"] });
  });

  test("refusals: sizes, unknown ids, another branch's, merged lead; LEAD_REPORTING reads but does not move", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const reporter = await employee(branch, ["LEAD_REPORTING"]);
    const { project, quote, lead } = await setup(branch);
    const theirs = await setup(other);
    const ann = await lead("Ann");
    const merged = await lead("Merged", { mergedIntoId: ann.id });
    const code = async (c: C, q: string, v: Record<string, unknown>) =>
      (await c.gql(q, v)).errors?.[0]?.extensions?.code;
    expect(await code(admin, PIPELINE, { p: theirs.project.id })).toBe("NOT_FOUND");
    expect(await code(admin, PIPELINE, { p: project.id, t: 101 })).toBe("BAD_USER_INPUT");
    expect(await code(admin, PIPELINE, { p: project.id, w: { zoneIds: Array(1001).fill("z") } })).toBe(
      "BAD_USER_INPUT",
    );
    expect(await code(admin, PIPELINE, { p: project.id, w: { search: "x".repeat(101) } })).toBe("BAD_USER_INPUT");
    expect(await move(admin, ann.id, theirs.quote.id)).toEqual({
      isSuccess: false,
      message: "Step not found.",
      threadId: null,
    });
    expect(await code(admin, MOVE, { l: theirs.project.id, s: quote.id })).toBe("NOT_FOUND");
    expect(await move(admin, merged.id, quote.id)).toMatchObject({
      isSuccess: false,
      message: "This lead was merged into another: move the lead it was merged into.",
    });
    await server.prisma.projectStep.update({ where: { id: quote.id }, data: { inactive: true } });
    expect(await move(admin, ann.id, quote.id)).toMatchObject({
      isSuccess: false,
      message: 'The step "Quote" is inactive.',
    });
    await server.prisma.projectStep.update({ where: { id: quote.id }, data: { inactive: false } });
    expect(await server.prisma.projectThread.count({ where: { projectId: project.id } })).toBe(0);

    expect((await pipeline(reporter, project.id)).columns).toHaveLength(3);
    expect(await code(reporter, MOVE, { l: ann.id, s: quote.id })).toBe("FORBIDDEN");
    const nobody = await employee(branch, ["DISPATCH"]);
    expect(await code(nobody, PIPELINE, { p: project.id })).toBe("FORBIDDEN");
    expect(await code(nobody, OPTIONS, {})).toBe("FORBIDDEN");
    const options = (await reporter.gql<{ leadPipelineOptions: { projects: { id: string }[] } }>(OPTIONS)).data!;
    expect(options.leadPipelineOptions.projects.map((p) => p.id)).toContain(project.id);
  });

  test("a salesperson held to one zone sees and moves only that zone's leads", async () => {
    const admin = await employee(other, ["LEAD_ADMIN"]);
    const sales = await employee(other, ["LEAD_DATA_ENTRY"]);
    const { project, first, quote, lead } = await setup(other);
    const m = await server.prisma.territoryMap.create({ data: { branchId: other.branchId, name: `Map ${unique()}` } });
    const [north, south] = [
      await server.prisma.territoryZone.create({
        data: { branchId: other.branchId, mapId: m.id, name: "North", data: square(0, 0) },
      }),
      await server.prisma.territoryZone.create({
        data: { branchId: other.branchId, mapId: m.id, name: "South", data: square(2, 0) },
      }),
    ];
    const mine = await lead("Mine", { latitude: 0.5, longitude: 0.5 });
    const theirs = await lead("Theirs", { latitude: 0.5, longitude: 2.5 });
    const unplaced = await lead("Unplaced");
    await admin.gql("mutation($m: ID){ updateLeadTerritoryMap(mapId: $m){ isSuccess } }", { m: m.id });
    for (const l of [mine, theirs, unplaced]) expect((await move(admin, l.id, first.id))?.isSuccess).toBe(true);
    expect(await board(sales, project.id)).toEqual({ "First call": ["Mine", "Theirs", "Unplaced"] });

    await admin.gql(
      "mutation($p: ID!, $z: [ID!]!){ enforceLeadTerritory(personId: $p, enforce: true, zoneIds: $z){ isSuccess } }",
      {
        p: sales.personId,
        z: [north.id],
      },
    );
    expect(await board(sales, project.id)).toEqual({ "First call": ["Mine"] });
    expect((await pipeline(sales, project.id)).total).toBe(1);
    // asking for the other zone by filter does not widen it
    expect(await board(sales, project.id, { zoneIds: [south.id] })).toEqual({});
    expect((await move(sales, mine.id, quote.id))?.isSuccess).toBe(true);
    for (const l of [theirs, unplaced])
      expect((await sales.gql(MOVE, { l: l.id, s: quote.id })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await server.prisma.activity.count({ where: { stepId: quote.id } })).toBe(1);
    const options = (await sales.gql<{ leadPipelineOptions: { zones: { id: string }[] } }>(OPTIONS)).data!;
    expect(options.leadPipelineOptions.zones.map((z) => z.id)).toEqual([north.id]);
    // the admin still sees them all
    expect(await board(admin, project.id)).toEqual({ "First call": ["Theirs", "Unplaced"], Quote: ["Mine"] });
  });
});
