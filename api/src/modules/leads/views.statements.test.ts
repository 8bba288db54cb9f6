import { describe, expect, test } from "bun:test";
import { factories } from "../../../test/harness.ts";
import { employee, serveStatementCountedBranch } from "../../../test/personnel-helpers.ts";

// A view's page as the web asks it (LeadViewLeads: 17 fields with the person's, source's, form's, zone's
// and discard reason's names) is one SQL statement once the viewer's permissions and zones are kept
// (decision 0920): the names are joined into the page's statement, whatever the page's size; the
// total asked apart (LeadViewTotal) is one statement too, the capped count, without a page; so are the
// counts per group with their names (joined after the GROUP BY). Once kept (views.cache.ts), asking
// again takes none. Counted by
// the server (SQL_STATEMENT_COUNT=on answers x-sql-statements per request).

const branch = serveStatementCountedBranch();

const PAGE = `query LeadViewLeads($where: LeadWhereInput, $order: [LeadOrderInput!], $skip: Int, $take: Int!) {
  filteredLeads(where: $where, order: $order, skip: $skip, take: $take) { leads { id number name email phone
    address city postalCode status enteredTime lastEdited appointment comments personName leadSourceName
    leadFormName zoneName discardReasonName } } }`;
const TOTAL = `query LeadViewTotal($where: LeadWhereInput) { filteredLeads(where: $where, take: 1) { total totalIsCapped } }`;

type Row = {
  id: string;
  personName: string | null;
  leadSourceName: string | null;
  leadFormName: string | null;
  zoneName: string | null;
  discardReasonName: string | null;
};

describe("the statements of a lead view's page", () => {
  test("the page with every name, its total, and counts per group with their names: one statement each once the viewer is kept", async () => {
    const p = branch.server.prisma;
    const b = branch.branchId;
    const f = factories(p);
    const rep = await employee(branch, ["LEAD_REPORTING"]);
    const people = await Promise.all(["Ana", "Bo"].map(() => f.user(b, { employee: true })));
    const sources = await Promise.all(
      ["Web", "Show"].map((name, i) => p.leadSource.create({ data: { branchId: b, name, code: `ST${i}` } })),
    );
    const form = await p.leadForm.create({ data: { branchId: b, name: "Quote" } });
    const map = await p.territoryMap.create({ data: { branchId: b, name: "Lead map" } });
    const zone = await p.territoryZone.create({ data: { branchId: b, mapId: map.id, name: "North", data: {} } });
    const reason = await p.discardReason.create({ data: { branchId: b, name: "Bad phone" } });
    await p.lead.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        branchId: b,
        firstName: `Pat${i}`,
        lastName: "Lee",
        enteredTime: new Date(Date.UTC(2026, 5, 1, 0, i)),
        status: i % 5 === 0 ? ("DISCARDED" as const) : ("ASSIGNED" as const),
        discardReasonId: i % 5 === 0 ? reason.id : null,
        personId: i % 3 === 2 ? null : people[i % 3]!.personId,
        leadSourceId: i % 4 === 3 ? null : sources[i % 2]!.id,
        leadFormId: i % 2 ? form.id : null,
        zoneId: i % 2 ? null : zone.id,
      })),
    });
    const names = new Map<string, string>([
      [sources[0]!.id, "Web"],
      [sources[1]!.id, "Show"],
    ]);
    for (const u of people) {
      const person = await p.person.findUniqueOrThrow({ where: { id: u.personId! } });
      names.set(person.id, `${person.firstName} ${person.lastName}`.trim());
    }
    const stored = new Map((await p.lead.findMany({ where: { branchId: b } })).map((l) => [l.id, l]));

    const ask = async (query: string, vars: Record<string, unknown>) => {
      const r = await rep.gql<Record<string, unknown>>(query, vars);
      expect(r.errors).toBeUndefined();
      // The one root field's answer (a page, a total, or groups).
      const data = Object.values(r.data!)[0] as { leads?: Row[]; total?: number; totalIsCapped?: boolean };
      return { statements: Number(r.headers.get("x-sql-statements")), data };
    };
    // A write to a table the answers are read from drops the kept pages, totals and counts (views.cache.ts),
    // not the viewer's permissions and zones: the next answer is read from the database again.
    const dropKeptAnswers = () => p.leadSource.update({ where: { id: sources[0]!.id }, data: { name: "Web" } });
    /**
     * The fewest statements of a few tries of an answer read afresh, each right after a request that fills
     * the viewer's kept permissions and zones: on a slow machine their few seconds may run out between two
     * requests.
     */
    const kept = async (query: string, vars: Record<string, unknown>) => {
      let best = Number.POSITIVE_INFINITY;
      let data: Awaited<ReturnType<typeof ask>>["data"] | undefined;
      for (let i = 0; i < 4 && best > 1; i++) {
        await dropKeptAnswers();
        await ask(TOTAL, { where: { search: "warm-up" } }); // (another question than any measured)
        const r = await ask(query, vars);
        best = Math.min(best, r.statements);
        data = r.data;
      }
      return { statements: best, data: data! };
    };

    await ask(PAGE, { take: 5 }); // the session's first request does its own bookkeeping
    const big = await kept(PAGE, { take: 60 });
    expect(big.statements).toBe(1);
    expect(big.data.leads!.length).toBe(60);
    // The joined names are the ones LeadRef's loaders give (a name for every id, null for none).
    for (const row of big.data.leads!) {
      const l = stored.get(row.id)!;
      expect(row.personName).toBe(l.personId ? names.get(l.personId)! : null);
      expect(row.leadSourceName).toBe(l.leadSourceId ? names.get(l.leadSourceId)! : null);
      expect(row.leadFormName).toBe(l.leadFormId ? "Quote" : null);
      expect(row.zoneName).toBe(l.zoneId ? "North" : null);
      expect(row.discardReasonName).toBe(l.discardReasonId ? "Bad phone" : null);
    }
    expect(big.data.leads!.filter((r) => r.discardReasonName).length).toBe(12);
    // Asked again at once: the kept page, no statement at all (the permission check still runs: kept too).
    const again = await ask(PAGE, { take: 60 });
    expect(again.statements).toBe(0);
    expect(again.data).toEqual(big.data);
    // Nothing per row: a page of 5 takes as many statements as a page of 60; so does a filtered page.
    expect((await kept(PAGE, { take: 5 })).statements).toBe(1);
    expect(
      (await kept(PAGE, { take: 50, where: { statuses: ["DISCARDED"], sourceIds: [sources[0]!.id] } })).statements,
    ).toBe(1);
    // The total alone: the capped count, no page.
    const total = await kept(TOTAL, {});
    expect(total.statements).toBe(1);
    expect(total.data).toEqual({ total: 60, totalIsCapped: false });

    // Counts per group with their names: one statement too (the names joined to the groups).
    const GROUPS = `query($g: LeadGroupBy!){ leadGroupCounts(groupBy: $g){ key label count } }`;
    for (const g of ["SOURCE", "PERSON", "FORM", "ZONE", "STATUS", "MONTH"]) {
      const counts = await kept(GROUPS, { g });
      expect(counts.statements).toBe(1);
      expect((counts.data as unknown as unknown[]).length).toBeGreaterThan(0);
    }
    const bySource = await rep.gql<{ leadGroupCounts: { key: string | null; label: string; count: number }[] }>(
      GROUPS,
      { g: "SOURCE" },
    );
    expect(bySource.data!.leadGroupCounts).toEqual([
      { key: sources[0]!.id, label: "Web", count: 30 },
      { key: sources[1]!.id, label: "Show", count: 15 },
      { key: null, label: "No source", count: 15 },
    ]);
    const byPerson = await rep.gql<{ leadGroupCounts: { key: string | null; label: string; count: number }[] }>(
      GROUPS,
      { g: "PERSON" },
    );
    expect(new Set(byPerson.data!.leadGroupCounts.map((r) => r.label))).toEqual(
      new Set([...people.map((u) => names.get(u.personId!)!), "Unassigned"]),
    );

    // A write to the grants drops the kept permissions: the next page reads them again (one statement).
    await p.permissionGrant.create({
      data: { branchId: b, actorType: "PERSON", actorId: people[0]!.personId!, permission: "LEAD_DATA_ENTRY" },
    });
    const cold = await ask(PAGE, { take: 50 });
    expect(cold.statements).toBeGreaterThanOrEqual(2);
    // (more when the zones' or the session's few seconds ran out meanwhile on a slow machine)
    expect(cold.statements).toBeLessThanOrEqual(4);
  });
});
