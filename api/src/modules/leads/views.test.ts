import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// Filtered leads and lead views through GraphQL: filters (lists, time, search, custom field), sort and
// paging with a total counted by the same where; counts per group; views created, listed, changed only
// by their creator or a lead administrator, someone else's private view not found; any lead permission
// reads, none is refused; a salesperson held to one zone sees only its leads, in pages and in counts;
// merged leads are never listed; another branch's leads never either.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type C = Awaited<ReturnType<typeof employee>>;
type Lead = { id: string; number: number; firstName: string; status: string; personName: string | null };
type Page = { leads: Lead[]; total: number; totalIsCapped: boolean };
type Group = { key: string | null; label: string; count: number };
type View = {
  id: string;
  name: string;
  isPublic: boolean;
  canChange: boolean;
  creatorName: string | null;
  groupBy: string;
  columns: string[];
  sortBy: string;
  sortAscending: boolean;
  filter: { statuses: string[]; sourceIds: string[]; search: string; lastDays: number | null };
};
type ViewResult = { isSuccess: boolean; message: string; leadView: View | null };

const PAGE = `query($skip: Int, $take: Int!, $order: [LeadOrderInput!], $where: LeadWhereInput){
  filteredLeads(skip: $skip, take: $take, order: $order, where: $where){ leads { id number firstName status personName } total totalIsCapped } }`;
const GROUPS = `query($where: LeadWhereInput, $g: LeadGroupBy!){ leadGroupCounts(where: $where, groupBy: $g){ key label count } }`;
const VIEW_FIELDS =
  "id name isPublic canChange creatorName groupBy columns sortBy sortAscending filter { statuses sourceIds search lastDays }";

const page = async (c: C, vars: object) => {
  const r = await c.gql<{ filteredLeads: Page }>(PAGE, { take: 50, ...vars });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data!.filteredLeads;
};
const groups = async (c: C, g: string, where?: object) => {
  const r = await c.gql<{ leadGroupCounts: Group[] }>(GROUPS, { g, where });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data!.leadGroupCounts;
};
const mutate = async (c: C, name: string, args: string, vars: Record<string, unknown>) => {
  const r = await c.gql<Record<string, ViewResult>>(
    `mutation(${args}){ ${name}(${args
      .split(",")
      .map((a) => a.trim().split(":")[0]!.slice(1))
      .map((a) => `${a}: $${a}`)
      .join(", ")}){ isSuccess message leadView { ${VIEW_FIELDS} } } }`,
    vars,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data![name]!;
};

/** 30 leads of one tag: 3 sources x statuses, 2 zones, spread over 30 days, plus one merged and one elsewhere. */
async function seedLeads(b: Branch, tag: string, personId: string) {
  const p = server.prisma;
  const [web, show] = await Promise.all(
    ["Web", "Show"].map((n) =>
      p.leadSource.create({ data: { branchId: b.branchId, name: `${n} ${tag}`, code: `${n}${tag}` } }),
    ),
  );
  const base = new Date("2026-06-30T12:00:00Z").getTime();
  const rows = Array.from({ length: 30 }, (_, i) => ({
    branchId: b.branchId,
    firstName: `${tag}-${String(i).padStart(2, "0")}`,
    lastName: i === 7 ? "Needle" : "Lee",
    email: `${tag}${i}@example.com`,
    enteredTime: new Date(base - i * 86_400_000),
    status: (i % 3 === 0 ? "DISCARDED" : i % 3 === 1 ? "ASSIGNED" : "UNASSIGNED") as "DISCARDED",
    personId: i % 3 === 1 ? personId : null,
    leadSourceId: i < 20 ? web!.id : show!.id,
    zoneId: i % 2 === 0 ? `zone-a-${tag}` : `zone-b-${tag}`,
  }));
  await p.lead.createMany({ data: rows });
  const survivor = await p.lead.findFirstOrThrow({ where: { firstName: `${tag}-00` } });
  await p.lead.create({
    data: { branchId: b.branchId, firstName: `${tag}-merged`, leadSourceId: web!.id, mergedIntoId: survivor.id },
  });
  return { web: web!, show: show!, zoneA: `zone-a-${tag}` };
}

describe("filtered leads", () => {
  test("filters, sort, paging and a total by the same where; counts per group; merged and other branches hidden", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const { web, show } = await seedLeads(branch, tag, admin.personId);
    await seedLeads(other, tag, (await employee(other, ["LEAD_ADMIN"])).personId);
    const mine = { search: tag };

    const all = await page(admin, { where: mine });
    expect(all.total).toBe(30);
    expect(all.totalIsCapped).toBe(false);
    expect(all.leads.map((l) => l.firstName).slice(0, 3)).toEqual([`${tag}-00`, `${tag}-01`, `${tag}-02`]);
    expect(all.leads.some((l) => l.firstName.endsWith("merged"))).toBe(false);

    // paging and sorting
    const second = await page(admin, { where: mine, skip: 10, take: 10 });
    expect(second.leads.map((l) => l.firstName)).toEqual(all.leads.slice(10, 20).map((l) => l.firstName));
    expect(second.total).toBe(30);
    const oldest = await page(admin, { where: mine, take: 2, order: [{ field: "enteredTime", ascending: true }] });
    expect(oldest.leads.map((l) => l.firstName)).toEqual([`${tag}-29`, `${tag}-28`]);
    const byName = await page(admin, { where: mine, take: 1, order: [{ field: "lastName", ascending: true }] });
    expect(byName.leads[0]!.firstName).toBe(`${tag}-00`); // "Lee" < "Needle", newest first among ties

    // filters
    const discardedFromShow = await page(admin, {
      where: { ...mine, statuses: ["DISCARDED"], sourceIds: [show.id] },
    });
    expect(discardedFromShow.leads.map((l) => l.firstName)).toEqual([`${tag}-21`, `${tag}-24`, `${tag}-27`]);
    expect(discardedFromShow.total).toBe(3);
    const assignedToMe = await page(admin, { where: { ...mine, personIds: [admin.personId] } });
    expect(assignedToMe.total).toBe(10);
    expect(assignedToMe.leads[0]!.personName).toBeTruthy();
    const week = await page(admin, {
      where: { ...mine, from: "2026-06-24T00:00:00Z", to: "2026-06-30T00:00:00Z" },
    });
    expect(week.leads.map((l) => l.firstName)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `${tag}-0${i}`));
    expect((await page(admin, { where: { search: `needle` } })).leads.map((l) => l.firstName)).toContain(`${tag}-07`);
    const byNumber = all.leads[4]!;
    expect((await page(admin, { where: { search: `#${byNumber.number}` } })).leads.map((l) => l.id)).toEqual([
      byNumber.id,
    ]);

    // custom field filter
    const field = await server.prisma.customField.create({
      data: { branchId: branch.branchId, name: `Roof ${tag}`, tableId: "LEAD", type: "TEXT" },
    });
    await server.prisma.customFieldValue.create({
      data: {
        branchId: branch.branchId,
        fieldId: field.id,
        tableId: "LEAD",
        recordId: all.leads[2]!.id,
        valueString: "Metal",
      },
    });
    const metal = await page(admin, { where: { ...mine, customFields: [{ fieldId: field.id, value: "metal" }] } });
    expect(metal.leads.map((l) => l.id)).toEqual([all.leads[2]!.id]);

    // counts per group, with the same where
    const bySource = await groups(admin, "SOURCE", mine);
    expect(bySource).toEqual([
      { key: web.id, label: web.name, count: 20 },
      { key: show.id, label: show.name, count: 10 },
    ]);
    const byStatus = await groups(admin, "STATUS", { ...mine, sourceIds: [web.id] });
    expect(Object.fromEntries(byStatus.map((g) => [g.label, g.count]))).toEqual({
      Discarded: 7,
      Assigned: 7,
      Unassigned: 6,
    });
    const byPerson = await groups(admin, "PERSON", mine);
    expect(byPerson.map((g) => g.count)).toEqual([20, 10]);
    expect(byPerson[0]).toMatchObject({ key: null, label: "Unassigned" });
    const byMonth = await groups(admin, "MONTH", mine);
    expect(byMonth.reduce((n, g) => n + g.count, 0)).toBe(30);
    expect(byMonth[0]!.key).toBe("2026-06");
    const byDay = await groups(admin, "DAY", { ...mine, to: "2026-06-29T00:00:00Z" });
    expect(byDay[0]!.key).toBe("2026-06-28");

    // refusals are sentences
    expect((await page(admin, { where: mine, take: 100 })).leads).toHaveLength(30);
    expect((await admin.gql(PAGE, { take: 101 })).errors?.[0]?.message).toBe('"take" must be between 0 and 100.');
    expect((await admin.gql(PAGE, { take: 0 })).errors?.[0]?.message).toBe("Take must be between 1 and 100.");
    const badSort = await admin.gql(PAGE, { take: 5, where: { statuses: [] }, order: [{ field: "NOPE" }] });
    expect(badSort.errors).toBeTruthy();
    const tooMany = await admin.gql(PAGE, {
      take: 5,
      where: { sourceIds: Array.from({ length: 501 }, (_, i) => `s${i}`) },
    });
    expect(tooMany.errors?.[0]?.message).toBe("Sources: name at most 500.");
  });

  test("any lead permission reads; none is refused; a salesperson held to one zone sees only its leads", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const { zoneA } = await seedLeads(branch, tag, admin.personId);
    const mine = { search: tag };
    for (const perm of ["LEAD_DATA_ENTRY", "LEAD_REPORTING"] as const)
      expect((await page(await employee(branch, [perm]), { where: mine })).total).toBe(30);
    // what the filters offer, to a reader who cannot list lead sources themselves
    const reporter = await employee(branch, ["LEAD_REPORTING"]);
    const offered = await reporter.gql<{ leadViewOptions: { sources: { name: string }[]; persons: { id: string }[] } }>(
      "{ leadViewOptions { sources { name } persons { id } zones { id } forms { id } discardReasons { id } } }",
    );
    expect(offered.data!.leadViewOptions.sources.map((x) => x.name)).toEqual(
      expect.arrayContaining([`Web ${tag}`, `Show ${tag}`]),
    );
    expect(offered.data!.leadViewOptions.persons.map((x) => x.id)).toContain(admin.personId);
    const none = await employee(branch, ["CUSTOMER_ACCESS"]);
    expect((await none.gql(PAGE, { take: 5 })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await none.gql(`{ leadViews { id } }`)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const sales = await employee(branch, ["LEAD_DATA_ENTRY"]);
    await server.prisma.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: sales.personId, enforceZonePermission: true, zoneIds: [zoneA] },
    });
    const seen = await page(sales, { where: mine });
    expect(seen.total).toBe(15);
    expect(seen.leads.every((l) => Number(l.firstName.slice(-2)) % 2 === 0)).toBe(true);
    // asking for the other zone by name does not widen it
    expect((await page(sales, { where: { ...mine, zoneIds: [`zone-b-${tag}`] } })).total).toBe(0);
    const byZone = await groups(sales, "ZONE", mine);
    expect(byZone.map((g) => [g.key, g.count])).toEqual([[zoneA, 15]]);
    expect((await groups(sales, "STATUS", mine)).reduce((n, g) => n + g.count, 0)).toBe(15);
  });
});

describe("lead views", () => {
  test("created, listed, changed by their creator or a lead administrator; private ones of others not found", async () => {
    const u = crypto.randomUUID().slice(0, 6);
    const author = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const colleague = await employee(branch, ["LEAD_REPORTING"]);
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const made = await mutate(author, "createLeadView", "$input: LeadViewInput!", {
      input: {
        name: `Hot ${u}`,
        filter: { statuses: ["UNASSIGNED"], lastDays: 30, search: "oak" },
        groupBy: "SOURCE",
        columns: ["name", "status", "source"],
        sortBy: "lastEdited",
        sortAscending: true,
      },
    });
    expect(made).toMatchObject({ isSuccess: true, message: `Created the lead view "Hot ${u}".` });
    expect(made.leadView).toMatchObject({
      isPublic: false,
      canChange: true,
      groupBy: "SOURCE",
      columns: ["name", "status", "source"],
      sortBy: "lastEdited",
      sortAscending: true,
      filter: { statuses: ["UNASSIGNED"], sourceIds: [], search: "oak", lastDays: 30 },
    });
    const id = made.leadView!.id;
    const ONE = `query($id: ID!){ leadView(id: $id){ ${VIEW_FIELDS} } }`;
    const list = async (c: C) =>
      (await c.gql<{ leadViews: View[] }>(`{ leadViews { ${VIEW_FIELDS} } }`)).data!.leadViews.map((v) => v.id);

    // private: only its creator sees it
    expect(await list(author)).toContain(id);
    expect(await list(colleague)).not.toContain(id);
    expect((await colleague.gql(ONE, { id })).errors?.[0]?.message).toBe("Lead view not found.");
    const hidden = await admin.gql(`mutation($id: ID!){ renameLeadView(id: $id, name: "x"){ isSuccess } }`, { id });
    expect(hidden.errors?.[0]?.message).toBe("Lead view not found.");

    // public: everyone reads it, only the creator or an administrator changes it
    const pub = await mutate(author, "setLeadViewPublic", "$id: ID!, $isPublic: Boolean!", { id, isPublic: true });
    expect(pub).toMatchObject({ isSuccess: true, message: `"Hot ${u}" is public: the team sees it.` });
    expect(await list(colleague)).toContain(id);
    const seen = (await colleague.gql<{ leadView: View }>(ONE, { id })).data!.leadView;
    expect(seen).toMatchObject({ canChange: false, isPublic: true });
    expect(await mutate(colleague, "deleteLeadView", "$id: ID!", { id })).toMatchObject({
      isSuccess: false,
      message: `Only its creator or a lead administrator can change the view "Hot ${u}".`,
    });
    const renamed = await mutate(admin, "renameLeadView", "$id: ID!, $name: String!", { id, name: ` Hotter ${u} ` });
    expect(renamed).toMatchObject({ isSuccess: true, message: `Renamed the lead view to "Hotter ${u}".` });
    expect(await mutate(admin, "renameLeadView", "$id: ID!, $name: String!", { id, name: " " })).toMatchObject({
      isSuccess: false,
      message: "Name is required.",
    });

    // update keeps what it does not mention; a filter given replaces the saved one
    const updated = await mutate(author, "updateLeadView", "$id: ID!, $input: LeadViewInput!", {
      id,
      input: { filter: { statuses: ["ASSIGNED", "DISCARDED"] }, groupBy: "" },
    });
    expect(updated.leadView).toMatchObject({
      name: `Hotter ${u}`,
      groupBy: "",
      sortBy: "lastEdited",
      columns: ["name", "status", "source"],
      filter: { statuses: ["ASSIGNED", "DISCARDED"], search: "", lastDays: null },
    });
    const refusals: [object, string][] = [
      [{ groupBy: "COLOR" }, "Group by one of: STATUS, SOURCE, PERSON, FORM, ZONE, DAY, WEEK, MONTH."],
      [{ name: "n".repeat(101) }, "Name must be at most 100 characters."],
      [{ filter: { from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" } }, "From must be before To."],
      [{ columns: ["secret"] }, expect.stringContaining("Columns: choose among")],
    ] as never;
    for (const [input, message] of refusals)
      expect(await mutate(author, "updateLeadView", "$id: ID!, $input: LeadViewInput!", { id, input })).toMatchObject({
        isSuccess: false,
        message,
      });

    // another branch does not find it
    const stranger = await employee(other, ["LEAD_ADMIN"]);
    expect((await stranger.gql(ONE, { id })).errors?.[0]?.message).toBe("Lead view not found.");

    expect(await mutate(admin, "deleteLeadView", "$id: ID!", { id })).toMatchObject({
      isSuccess: true,
      message: `Deleted the lead view "Hotter ${u}".`,
    });
    expect(await list(author)).not.toContain(id);
  });
});
