import { beforeAll, describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

// The lead results through GraphQL over a branch (America/Chicago) whose leads are known one by one:
// their sources, statuses, zones, threads at known steps, notes, history and appointments. Every report
// gives exact numbers; every number's drill-down answers exactly the leads it counted; the period is
// the branch's days (a lead at 23:30 local on the day before is out); merged leads and another branch's
// are never counted; a person held to a zone counts only that zone's leads; without the permission,
// refused.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

const FROM = "2026-02-02";
const TO = "2026-02-15";
const at = (iso: string, plusMinutes = 0) => new Date(Date.parse(iso) + plusMinutes * 60_000);

type Ids = Record<"A" | "B" | "C" | "D" | "E" | "F" | "G" | "H", string>;
let ids: Ids;
const w: Record<string, string> = {};

beforeAll(async () => {
  const p = server.prisma;
  const b = branch.branchId;
  const person = (firstName: string) => p.person.create({ data: { branchId: b, firstName, lastName: "Test" } });
  const [rep, setter, clerk] = [await person("Rita"), await person("Sam"), await person("Carl")];
  const source = (name: string) => p.leadSource.create({ data: { branchId: b, name, code: name.toUpperCase() } });
  const [web, show] = [await source("Web"), await source("Show")];
  const map = await p.territoryMap.create({ data: { branchId: b, name: "Leads" } });
  const zone = (name: string) => p.territoryZone.create({ data: { branchId: b, mapId: map.id, name, data: {} } });
  const [north, south] = [await zone("North"), await zone("South")];
  const milestone = (name: string, sortOrder: number) =>
    p.projectMilestone.create({ data: { branchId: b, name, sortOrder } });
  const [quoted, sold] = [await milestone("Quoted", 1), await milestone("Sold", 2)];
  await milestone("Never", 3);
  const project = async (description: string) => p.project.create({ data: { branchId: b, description } });
  const [sale, rental] = [await project("Sale"), await project("Rental")];
  const step = (projectId: string, description: string, sortLevel: number, extra: object = {}) =>
    p.projectStep.create({ data: { branchId: b, projectId, description, sortLevel, ...extra } });
  const top = await step(sale.id, "Call", 10, { funnelPosition: "TOP" });
  const middle = await step(sale.id, "Quote", 20, { funnelPosition: "MIDDLE", milestoneId: quoted.id });
  const success = await step(sale.id, "Sold", 30, { funnelPosition: "SUCCESS", milestoneId: sold.id });
  const failure = await step(sale.id, "Lost", 40, { funnelPosition: "FAILURE" });
  const rentalTop = await step(rental.id, "Request", 10, { funnelPosition: "TOP" });

  const lead = (data: Partial<Prisma.LeadUncheckedCreateInput> & { enteredTime: Date }) =>
    p.lead.create({ data: { branchId: b, firstName: "Lead", ...data } });
  const A = await lead({
    enteredTime: at("2026-02-02T06:30:00Z"), // 00:30 on Feb 2 in Chicago: in
    leadSourceId: web.id,
    status: "ASSIGNED",
    personId: rep.id,
    zoneId: north.id,
    lastName: "A",
  });
  const B = await lead({
    enteredTime: at("2026-02-03T15:00:00Z"),
    leadSourceId: web.id,
    lastName: "B",
    appointment: at("2026-02-20T15:00:00Z"),
    appointmentKind: "APPOINTMENT",
  });
  const C = await lead({ enteredTime: at("2026-02-10T15:00:00Z"), leadSourceId: show.id, status: "DISCARDED" });
  const D = await lead({
    enteredTime: at("2026-02-12T15:00:00Z"),
    status: "ASSIGNED",
    personId: rep.id,
    zoneId: south.id,
    setterPersonId: setter.id,
    appointment: at("2026-02-20T15:00:00Z"),
  });
  const E = await lead({
    enteredTime: at("2026-02-16T05:00:00Z"), // 23:00 on Feb 15 in Chicago: the last day, in
    leadSourceId: show.id,
    status: "ASSIGNED",
    personId: rep.id,
    setterPersonId: setter.id,
    appointment: at("2026-02-21T15:00:00Z"),
  });
  const F = await lead({ enteredTime: at("2026-02-16T07:00:00Z"), leadSourceId: web.id }); // Feb 16: out
  const G = await lead({ enteredTime: at("2026-02-02T05:30:00Z"), leadSourceId: web.id }); // Feb 1: out
  const H = await lead({ enteredTime: at("2026-02-05T15:00:00Z"), leadSourceId: web.id, mergedIntoId: A.id });
  ids = { A: A.id, B: B.id, C: C.id, D: D.id, E: E.id, F: F.id, G: G.id, H: H.id };
  Object.assign(w, { web: web.id, show: show.id, north: north.id, south: south.id, sale: sale.id, rental: rental.id });
  Object.assign(w, { quoted: quoted.id, sold: sold.id, setter: setter.id, rep: rep.id });
  // A is a customer now (converted)
  const customer = await factories(p).customer(b, `R${Math.floor(Math.random() * 1e8)}`);
  await p.lead.update({ where: { id: A.id }, data: { customerId: customer.id } });

  const thread = (leadId: string, projectId: string, createdAt: Date) =>
    p.projectThread.create({ data: { branchId: b, projectId, leadId, createdAt } });
  const activity = (threadId: string, stepId: string, enteredTime: Date, status = "RESOLVED") =>
    p.activity.create({
      data: {
        branchId: b,
        threadId,
        stepId,
        subject: "Work",
        scheduledTime: enteredTime,
        enteredTime,
        status: status as "RESOLVED",
      },
    });
  // A: contacted 30 minutes in; reached Sold on the sale; a later rental thread at its top
  const tA = await thread(A.id, sale.id, A.enteredTime);
  await activity(tA.id, top.id, at(A.enteredTime.toISOString(), 30));
  await activity(tA.id, success.id, at(A.enteredTime.toISOString(), 600));
  const tA2 = await thread(A.id, rental.id, at(A.enteredTime.toISOString(), 700));
  await activity(tA2.id, rentalTop.id, at(A.enteredTime.toISOString(), 700), "ACTIVE");
  // B: a cancelled call at 5 minutes (not work), lost at 60 minutes, a note at 90
  const tB = await thread(B.id, sale.id, B.enteredTime);
  await activity(tB.id, top.id, at(B.enteredTime.toISOString(), 5), "CANCELLED");
  await activity(tB.id, failure.id, at(B.enteredTime.toISOString(), 60));
  await p.leadNote.create({
    data: {
      branchId: b,
      leadId: B.id,
      personId: clerk.id,
      text: "Called",
      createdAt: at(B.enteredTime.toISOString(), 90),
    },
  });
  // C: created by a person (not contact), discarded by a person at 120 minutes; no thread
  await p.leadChange.createMany({
    data: [
      { branchId: b, leadId: C.id, personId: clerk.id, kind: "CREATED", createdAt: C.enteredTime },
      {
        branchId: b,
        leadId: C.id,
        personId: clerk.id,
        kind: "DISCARDED",
        createdAt: at(C.enteredTime.toISOString(), 120),
      },
      { branchId: b, leadId: C.id, personId: null, kind: "STATUS", createdAt: at(C.enteredTime.toISOString(), 1) },
    ],
  });
  // D: open quote at 200 minutes; a deleted Sold activity (not work)
  const tD = await thread(D.id, sale.id, D.enteredTime);
  await activity(tD.id, middle.id, at(D.enteredTime.toISOString(), 200), "ACTIVE");
  await activity(tD.id, success.id, at(D.enteredTime.toISOString(), 100), "DELETED");
  // E: sold 10 minutes in
  const tE = await thread(E.id, sale.id, E.enteredTime);
  await activity(tE.id, success.id, at(E.enteredTime.toISOString(), 10));
  // the merged lead and the out-of-period ones have work too: none of it may count
  for (const id of [F.id, G.id, H.id]) {
    const t = await thread(id, sale.id, at("2026-02-05T15:00:00Z"));
    await activity(t.id, success.id, at("2026-02-05T16:00:00Z"));
  }
  // another branch's lead in the period
  await p.lead.create({ data: { branchId: other.branchId, enteredTime: at("2026-02-05T15:00:00Z") } });
}, 60_000);

type C = Awaited<ReturnType<typeof employee>>;
const ANALYTICS = `query($from: Date!, $to: Date!, $g: LeadResultGroup!, $p: LeadResultPeriod){
  leadAnalytics(from: $from, to: $to, groupBy: $g, period: $p){ key label isTotal leads unassigned assigned discarded
    converted contacted conversionRate medianMinutesToFirstContact } }`;
const RESULTS = `query($from: Date!, $to: Date!, $g: LeadResultGroup!, $p: LeadResultPeriod){
  leadResults(from: $from, to: $to, groupBy: $g, period: $p){ key label isTotal leads sold lost open soldRate } }`;
const FUNNEL = `query($from: Date!, $to: Date!, $project: String){
  salesFunnel(from: $from, to: $to, projectId: $project){ position leads share } }`;
const APPOINTMENTS = `query($from: Date!, $to: Date!){ appointmentSetResults(from: $from, to: $to){
  setterId setterName sourceId sourceName isTotal appointments converted sold } }`;
const MILESTONES = `query($from: Date!, $to: Date!){ leadMilestoneStats(from: $from, to: $to){ milestoneId name leads share } }`;
const DRILL = `query($cell: LeadResultCellInput!, $skip: Int, $take: Int){
  leadResultLeads(cell: $cell, skip: $skip, take: $take){ totalCount leads { id lastName } } }`;

type Row = Record<string, unknown> & { key: string; label: string; isTotal: boolean };
async function q<T>(c: C, query: string, vars: object): Promise<T> {
  const r = await c.gql<Record<string, T>>(query, { from: FROM, to: TO, ...vars });
  expect(r.errors).toBeUndefined();
  return Object.values(r.data!)[0]!;
}
async function drill(c: C, cell: object, page: { skip?: number; take?: number } = {}) {
  const r = await c.gql<{ leadResultLeads: { totalCount: number; leads: { id: string }[] } }>(DRILL, {
    cell: { from: FROM, to: TO, ...cell },
    ...page,
  });
  expect(r.errors).toBeUndefined();
  return r.data!.leadResultLeads;
}
const letters = (leads: { id: string }[]) =>
  leads.map((l) => Object.entries(ids).find(([, id]) => id === l.id)?.[0] ?? "?").join("");

describe("lead results", () => {
  test("analytics by source: exact numbers, the median time to first contact, and every number drills down to its leads", async () => {
    const c = await employee(branch, ["LEAD_REPORTING"]);
    const rows = await q<Row[]>(c, ANALYTICS, { g: "SOURCE" });
    const pick = (r: Row) => [r.label, r.leads, r.unassigned, r.assigned, r.discarded, r.converted, r.contacted];
    expect(rows.map(pick)).toEqual([
      ["Show", 2, 0, 1, 1, 0, 2],
      ["Web", 2, 1, 1, 0, 1, 2],
      ["No source", 1, 0, 1, 0, 0, 1],
      ["Total", 5, 1, 3, 1, 1, 5],
    ]);
    expect(rows.map((r) => r.medianMinutesToFirstContact)).toEqual([65, 45, 200, 60]);
    expect(rows.map((r) => r.conversionRate)).toEqual([0, 0.5, 0, 0.2]);
    expect(rows.map((r) => r.key)).toEqual([w.show!, w.web!, "", ""]);

    const metrics = ["leads", "unassigned", "assigned", "discarded", "converted", "contacted"] as const;
    for (const r of rows)
      for (const m of metrics) {
        const cell = {
          metric: m === "leads" ? "LEADS" : m.toUpperCase(),
          ...(r.isTotal ? {} : { groupBy: "SOURCE", key: r.key }),
        };
        const d = await drill(c, cell);
        expect<unknown[]>([r.label, m, d.totalCount, d.leads.length]).toEqual([r.label, m, r[m], r[m]]);
      }
    expect(letters((await drill(c, { metric: "CONTACTED", groupBy: "SOURCE", key: w.web })).leads)).toBe("BA");
    expect(letters((await drill(c, { metric: "DISCARDED", groupBy: "SOURCE", key: w.show })).leads)).toBe("C");
    expect(letters((await drill(c, { metric: "LEADS" })).leads)).toBe("EDCBA");
    const page = await drill(c, { metric: "LEADS" }, { skip: 2, take: 2 });
    expect([page.totalCount, letters(page.leads)]).toEqual([5, "CB"]);
    expect((await drill(c, { metric: "LEADS" }, { skip: 9 })).leads).toEqual([]);
  });

  test("analytics by person, zone and period: branch days, weeks from Monday, quiet buckets as zero", async () => {
    const c = await employee(branch, ["LEAD_ADMIN"]);
    const persons = await q<Row[]>(c, ANALYTICS, { g: "PERSON" });
    expect(persons.map((r) => [r.key, r.label, r.leads])).toEqual([
      [w.rep, "Rita Test", 3],
      ["", "Unassigned", 2],
      ["", "Total", 5],
    ]);
    const zones = await q<Row[]>(c, ANALYTICS, { g: "ZONE" });
    expect(zones.map((r) => [r.label, r.leads])).toEqual([
      ["No zone", 3],
      ["North", 1],
      ["South", 1],
      ["Total", 5],
    ]);
    const weeks = await q<Row[]>(c, ANALYTICS, { g: "PERIOD", p: "WEEK" });
    expect(weeks.map((r) => [r.key, r.label, r.leads])).toEqual([
      ["2026-02-02", "Week of Feb 2, 2026", 2],
      ["2026-02-09", "Week of Feb 9, 2026", 3],
      ["", "Total", 5],
    ]);
    const days = await q<Row[]>(c, ANALYTICS, { g: "PERIOD", p: "DAY" });
    expect(days).toHaveLength(15);
    expect(days.filter((r) => r.leads && !r.isTotal).map((r) => r.key)).toEqual([
      "2026-02-02",
      "2026-02-03",
      "2026-02-10",
      "2026-02-12",
      "2026-02-15",
    ]);
    const week = await drill(c, { metric: "LEADS", groupBy: "PERIOD", period: "WEEK", key: "2026-02-09" });
    expect(letters(week.leads)).toBe("EDC");
    const lastDay = await drill(c, { metric: "LEADS", groupBy: "PERIOD", period: "DAY", key: "2026-02-15" });
    expect(letters(lastDay.leads)).toBe("E");
  });

  test("results: sold (a SUCCESS step), lost (FAILURE, no success), open; each drills down", async () => {
    const c = await employee(branch, ["LEAD_REPORTING"]);
    const rows = await q<Row[]>(c, RESULTS, { g: "SOURCE" });
    expect(rows.map((r) => [r.label, r.leads, r.sold, r.lost, r.open])).toEqual([
      ["Show", 2, 1, 0, 1],
      ["Web", 2, 1, 1, 0],
      ["No source", 1, 0, 0, 1],
      ["Total", 5, 2, 1, 2],
    ]);
    for (const r of rows)
      for (const m of ["sold", "lost", "open"] as const) {
        const d = await drill(c, { metric: m.toUpperCase(), ...(r.isTotal ? {} : { groupBy: "SOURCE", key: r.key }) });
        expect<unknown[]>([r.label, m, d.totalCount]).toEqual([r.label, m, r[m]]);
      }
    expect(letters((await drill(c, { metric: "SOLD" })).leads)).toBe("EA");
    expect(letters((await drill(c, { metric: "OPEN" })).leads)).toBe("DC");
  });

  test("sales funnel: the furthest step of the latest thread with work, per project; milestones reached", async () => {
    const c = await employee(branch, ["LEAD_REPORTING"]);
    const funnel = (project?: string) =>
      q<{ position: string; leads: number }[]>(c, FUNNEL, { project }).then((rs) =>
        Object.fromEntries(rs.map((r) => [r.position, r.leads])),
      );
    expect(await funnel()).toEqual({ TOP: 1, MIDDLE: 1, BOTTOM: 0, SUCCESS: 1, FAILURE: 1, OTHER: 0, NONE: 1 });
    expect(await funnel(w.sale)).toEqual({ TOP: 0, MIDDLE: 1, BOTTOM: 0, SUCCESS: 2, FAILURE: 1, OTHER: 0, NONE: 1 });
    expect(await funnel(w.rental)).toEqual({ TOP: 1, MIDDLE: 0, BOTTOM: 0, SUCCESS: 0, FAILURE: 0, OTHER: 0, NONE: 4 });
    expect(letters((await drill(c, { metric: "FUNNEL", funnelPosition: "SUCCESS", projectId: w.sale })).leads)).toBe(
      "EA",
    );
    expect(letters((await drill(c, { metric: "FUNNEL", funnelPosition: "TOP" })).leads)).toBe("A");
    expect(letters((await drill(c, { metric: "FUNNEL", funnelPosition: "NONE" })).leads)).toBe("C");

    const milestones = await q<{ milestoneId: string; name: string; leads: number; share: number }[]>(
      c,
      MILESTONES,
      {},
    );
    expect(milestones.map((m) => [m.name, m.leads, m.share])).toEqual([
      ["Quoted", 1, 0.2],
      ["Sold", 2, 0.4],
      ["Never", 0, 0],
    ]);
    expect(letters((await drill(c, { metric: "MILESTONE", milestoneId: w.sold })).leads)).toBe("EA");
    expect(letters((await drill(c, { metric: "MILESTONE", milestoneId: w.quoted })).leads)).toBe("D");
  });

  test("appointments set per setter and source, and the leads behind each", async () => {
    const c = await employee(branch, ["LEAD_REPORTING"]);
    const rows = await q<Record<string, unknown>[]>(c, APPOINTMENTS, {});
    expect(rows.map((r) => [r.setterName, r.sourceName, r.appointments, r.converted, r.sold])).toEqual([
      ["Sam Test", "Show", 1, 0, 1],
      ["Sam Test", "No source", 1, 0, 0],
      ["No setter", "Web", 1, 0, 0],
      ["Total", "", 3, 0, 1],
    ]);
    expect(rows[0]).toMatchObject({ setterId: w.setter, sourceId: w.show, isTotal: false });
    const cell = (r: Record<string, unknown>, metric: string) =>
      r.isTotal
        ? { metric, appointmentsOnly: true }
        : { metric, setterId: r.setterId, groupBy: "SOURCE", key: r.sourceId };
    for (const r of rows)
      for (const [m, f] of [
        ["LEADS", "appointments"],
        ["CONVERTED", "converted"],
        ["SOLD", "sold"],
      ])
        expect([r.setterName, m, (await drill(c, cell(r, m!))).totalCount]).toEqual([r.setterName, m, r[f!]]);
    expect(letters((await drill(c, cell(rows[1]!, "LEADS"))).leads)).toBe("D");
    expect(letters((await drill(c, cell(rows[2]!, "LEADS"))).leads)).toBe("B");
  });

  test("a lead never contacted counts as a lead, not as contacted in 0 minutes", async () => {
    const c = await employee(branch, ["LEAD_REPORTING"]);
    const quiet = await server.prisma.lead.create({
      data: { branchId: branch.branchId, firstName: "Quiet", enteredTime: at("2026-02-10T15:00:00Z") },
    });
    try {
      const rows = await q<Row[]>(c, ANALYTICS, { g: "SOURCE" });
      const none = rows.find((r) => r.label === "No source")!;
      expect([none.leads, none.contacted, none.medianMinutesToFirstContact]).toEqual([2, 1, 200]);
      expect(rows.find((r) => r.isTotal)!.medianMinutesToFirstContact).toBe(60);
    } finally {
      await server.prisma.lead.delete({ where: { id: quiet.id } });
    }
  });

  test("a person held to a zone counts and opens only that zone's leads", async () => {
    const c = await employee(branch, ["LEAD_REPORTING"]);
    await server.prisma.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: c.personId, enforceZonePermission: true, zoneIds: [w.north!] },
    });
    const rows = await q<Row[]>(c, ANALYTICS, { g: "SOURCE" });
    expect(rows.map((r) => [r.label, r.leads, r.converted])).toEqual([
      ["Web", 1, 1],
      ["Total", 1, 1],
    ]);
    expect(letters((await drill(c, { metric: "LEADS" })).leads)).toBe("A");
    const funnel = await q<{ position: string; leads: number }[]>(c, FUNNEL, {});
    expect(funnel.reduce((t, r) => t + r.leads, 0)).toBe(1);
    const apts = await q<{ appointments: number }[]>(c, APPOINTMENTS, {});
    expect(apts.map((r) => r.appointments)).toEqual([0]);
    const ms = await q<{ leads: number }[]>(c, MILESTONES, {});
    expect(ms.map((m) => m.leads)).toEqual([0, 1, 0]);
  });

  test("another branch sees none of these; refusals: without the permission, a bad period, a bad cell", async () => {
    const there = await employee(other, ["LEAD_REPORTING"]);
    const rows = await q<Row[]>(there, ANALYTICS, { g: "SOURCE" });
    expect(rows.map((r) => [r.label, r.leads])).toEqual([
      ["No source", 1],
      ["Total", 1],
    ]);
    for (const perms of [["LEAD_DATA_ENTRY"], []] as const) {
      const c = await employee(branch, [...perms]);
      for (const [query, vars] of [
        [ANALYTICS, { from: FROM, to: TO, g: "SOURCE" }],
        [DRILL, { cell: { from: FROM, to: TO, metric: "LEADS" } }],
        [MILESTONES, { from: FROM, to: TO }],
      ] as const) {
        const r = await c.gql(query, vars as Record<string, unknown>);
        expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      }
    }
    const c = await employee(branch, ["LEAD_REPORTING"]);
    const refused = async (query: string, vars: object, message: string) => {
      const r = await c.gql(query, vars as Record<string, unknown>);
      expect(r.errors?.[0]?.message).toBe(message);
    };
    await refused(
      ANALYTICS,
      { from: TO, to: FROM, g: "SOURCE" },
      "The period's last day must not be before its first.",
    );
    await refused(ANALYTICS, { from: "2025-01-01", to: TO, g: "SOURCE" }, "A period may be at most 366 days long.");
    await refused(DRILL, { cell: { from: FROM, to: TO, metric: "FUNNEL" } }, "Choose the funnel position.");
    await refused(
      DRILL,
      { cell: { from: FROM, to: TO, metric: "LEADS", key: "x" } },
      "A bucket's key needs the group it belongs to.",
    );
    await refused(
      DRILL,
      { cell: { from: FROM, to: TO, metric: "LEADS" }, take: 500 },
      '"take" must be between 0 and 100.',
    );
  });
});
