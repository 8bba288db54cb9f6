import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// The lead page through GraphQL: reading a lead (any lead permission; another branch's or an unknown
// id not found; a person held to a zone refused a lead of another zone), leads by ids in the asked
// order, editing its fields (keys computed again, history of before -> after, a refusal changes
// nothing), notes, linking a customer found by search, an activity on its project thread, its LEAD
// custom fields; LEAD_REPORTING reads but changes nothing.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type C = Awaited<ReturnType<typeof employee>>;
type R = { isSuccess: boolean; message: string };
const LEAD = `query($id: ID!){ lead(id: $id){ id number name phone status zoneName customerName customerAccountNumber } }`;
const PATCH = `mutation($i: PatchLeadInput!){ patchLead(input: $i){ isSuccess message lead { id firstName phone email } } }`;
const NOTE = `mutation($l: ID!, $t: String!){ addLeadNote(leadId: $l, text: $t){ isSuccess message note { text personName } } }`;
const NOTES = `query($l: ID!){ leadNotes(leadId: $l){ text personName } }`;
const HISTORY = `query($l: ID!){ leadHistory(leadId: $l){ kind summary personName changes { field label before after } } }`;
const SEARCH = `query($t: String!){ searchCustomers(text: $t){ id accountNumber name address } }`;
const LINK = `mutation($l: ID!, $c: ID){ linkLeadToCustomer(leadId: $l, customerId: $c){ isSuccess message lead { customerId } } }`;

const code = (r: { errors?: { extensions?: Record<string, unknown>; message: string }[] }) =>
  r.errors?.[0]?.extensions?.code;
let n = 0;
const makeLead = (b: Branch, data: Record<string, unknown> = {}) =>
  server.prisma.lead.create({
    data: {
      branchId: b.branchId,
      firstName: "Ann",
      lastName: `Page${++n}`,
      phone: "(512) 555-0101",
      phoneE164: "+15125550101",
      ...data,
    },
  });
const gql = async <T>(c: C, q: string, v: Record<string, unknown>) => {
  const r = await c.gql<T>(q, v);
  return r;
};

describe("the lead page", () => {
  test("reading: any lead permission; not found elsewhere; zones hold", async () => {
    const lead = await makeLead(branch, { zoneId: "z-north" });
    const south = await makeLead(branch, { zoneId: "z-south" });
    const theirs = await makeLead(other);
    for (const perm of ["LEAD_REPORTING", "LEAD_DATA_ENTRY", "LEAD_ADMIN"] as const) {
      const c = await employee(branch, [perm]);
      const r = await gql<{ lead: { number: number; name: string } }>(c, LEAD, { id: lead.id });
      expect(r.data?.lead).toMatchObject({ number: lead.number, name: `Ann ${lead.lastName}`, status: "UNASSIGNED" });
    }
    const reporting = await employee(branch, ["LEAD_REPORTING"]);
    const missing = await gql(reporting, LEAD, { id: theirs.id });
    expect([code(missing), missing.errors?.[0]?.message]).toEqual(["NOT_FOUND", "Lead not found."]);
    expect(code(await gql(await employee(branch, []), LEAD, { id: lead.id }))).toBe("FORBIDDEN");
    // reporting may not change it
    expect(code(await gql(reporting, NOTE, { l: lead.id, t: "Hi" }))).toBe("FORBIDDEN");
    expect(code(await gql(reporting, PATCH, { i: { id: lead.id, firstName: "X" } }))).toBe("FORBIDDEN");

    const rep = await employee(branch, ["LEAD_DATA_ENTRY"]);
    await server.prisma.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: rep.personId, enforceZonePermission: true, zoneIds: ["z-north"] },
    });
    expect((await gql<{ lead: { number: number } }>(rep, LEAD, { id: lead.id })).data?.lead.number).toBe(lead.number);
    for (const [q, v] of [
      [LEAD, { id: south.id }],
      [NOTES, { l: south.id }],
      [HISTORY, { l: south.id }],
      [NOTE, { l: south.id, t: "Sneaky" }],
      [PATCH, { i: { id: south.id, firstName: "Sneaky" } }],
      [LINK, { l: south.id, c: null }],
    ] as const)
      expect(code(await gql(rep, q, v))).toBe("FORBIDDEN");
    expect(await server.prisma.leadNote.count({ where: { leadId: south.id } })).toBe(0);

    // leads by ids: in the order asked, merged and unknown left out; the zone holds here too
    const merged = await makeLead(branch, { mergedIntoId: lead.id });
    const BY_IDS = `query($ids: [ID!]!){ leadsByIds(ids: $ids){ id } }`;
    const r = await gql<{ leadsByIds: { id: string }[] }>(reporting, BY_IDS, {
      ids: [south.id, merged.id, theirs.id, lead.id],
    });
    expect(r.data?.leadsByIds.map((l) => l.id)).toEqual([south.id, lead.id]);
    expect(code(await gql(rep, BY_IDS, { ids: [lead.id, south.id] }))).toBe("FORBIDDEN");
    const tooMany = await gql(reporting, BY_IDS, { ids: Array.from({ length: 10_001 }, (_, i) => `x${i}`) });
    expect(tooMany.errors?.[0]?.message).toBe("At most 10,000 leads at a time.");
  });

  test("editing fields: keys follow, history before -> after, refusals change nothing", async () => {
    const admin = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const lead = await makeLead(branch, { email: "ann@example.com", emailKey: "ann@example.com" });
    const r = await gql<{ patchLead: R & { lead: { phone: string } } }>(admin, PATCH, {
      i: { id: lead.id, phone: "512.555.0199", email: "Ann.Page@Example.COM ", city: "Austin", stateCode: "tx" },
    });
    expect(r.data?.patchLead).toMatchObject({ isSuccess: true, message: `Saved lead #${lead.number}.` });
    const saved = await server.prisma.lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(saved).toMatchObject({
      phone: "512.555.0199",
      phoneE164: "+15125550199",
      email: "Ann.Page@Example.COM",
      emailKey: "ann.page@example.com",
      city: "Austin",
      stateCode: "TX",
    });
    const h = await gql<{ leadHistory: { kind: string; summary: string; personName: string; changes: object[] }[] }>(
      admin,
      HISTORY,
      { l: lead.id },
    );
    expect(h.data?.leadHistory[0]).toMatchObject({
      kind: "UPDATED",
      summary: "Edited email, phone, city and state.",
      changes: expect.arrayContaining([
        { field: "phone", label: "phone", before: "(512) 555-0101", after: "512.555.0199" },
        { field: "city", label: "city", before: null, after: "Austin" },
      ]),
    });
    expect(h.data?.leadHistory[0]?.personName).toBeTruthy();

    const before = await server.prisma.lead.findUniqueOrThrow({ where: { id: lead.id } });
    const refusals: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email" }, "Email is not an email address."],
      [{ phone: "12", email: "" }, "Phone is not a phone number."],
      [{ firstName: "", lastName: "" }, "A name is required: a first or a last name."],
      [{ phone: "", email: "", address: "" }, "A way to reach the lead is required: a phone, an email or an address."],
      [{ stateCode: "ZZ" }, "State is not a state or province code."],
      [{ firstName: "x".repeat(101) }, "First name must be at most 100 characters."],
      [{ appointment: "1999-01-01T10:00:00Z" }, "Appointment must be between the years 2000 and 2099."],
    ];
    for (const [i, message] of refusals)
      expect((await gql<{ patchLead: R }>(admin, PATCH, { i: { id: lead.id, ...i } })).data?.patchLead).toEqual({
        isSuccess: false,
        message,
        lead: null,
      } as never);
    expect(await server.prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).toEqual(before);
    expect(await server.prisma.leadChange.count({ where: { leadId: lead.id } })).toBe(1);
    expect(
      (await gql<{ patchLead: R }>(admin, PATCH, { i: { id: lead.id, city: "Austin" } })).data?.patchLead,
    ).toMatchObject({
      isSuccess: true,
      message: "Nothing to save: the lead is as it was.",
    });
    const theirs = await makeLead(other);
    expect(code(await gql(admin, PATCH, { i: { id: theirs.id, firstName: "X" } }))).toBe("NOT_FOUND");
  });

  test("notes, linking a customer, an activity on its project, its custom fields", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const lead = await makeLead(branch);
    expect((await gql<{ addLeadNote: R }>(admin, NOTE, { l: lead.id, t: "  " })).data?.addLeadNote).toMatchObject({
      isSuccess: false,
      message: "Write the note first.",
    });
    const added = await gql<{ addLeadNote: R }>(admin, NOTE, { l: lead.id, t: "Called, no answer." });
    expect(added.data?.addLeadNote).toMatchObject({
      isSuccess: true,
      message: "Added the note.",
      note: { text: "Called, no answer." },
    });
    const notes = await gql<{ leadNotes: { text: string; personName: string }[] }>(admin, NOTES, { l: lead.id });
    expect(notes.data?.leadNotes.map((x) => x.text)).toEqual(["Called, no answer."]);

    // search and link a customer (another branch's is neither found nor linked)
    const f = factories(server.prisma);
    const num = `${700000 + n}`;
    const customer = await f.customer(branch.branchId, num);
    await f.serviceAddress(branch.branchId, customer.id, { streetNumber: "42", streetName: "Birch Lane" });
    const theirs = await f.customer(other.branchId, num);
    for (const text of [num, "42 birch", `Customer ${num}`]) {
      const s = await gql<{ searchCustomers: { id: string; address: string }[] }>(admin, SEARCH, { t: text });
      expect(s.data?.searchCustomers.map((c) => c.id)).toEqual([customer.id]);
      expect(s.data?.searchCustomers[0]?.address).toBe("42 Birch Lane, Austin");
    }
    expect((await gql(admin, SEARCH, { t: "a" })).errors?.[0]?.message).toBe("Type at least 2 characters to search.");
    expect(code(await gql(await employee(branch, ["LEAD_REPORTING"]), SEARCH, { t: num }))).toBe("FORBIDDEN");
    expect(
      (await gql<{ linkLeadToCustomer: R }>(admin, LINK, { l: lead.id, c: theirs.id })).data?.linkLeadToCustomer,
    ).toMatchObject({
      isSuccess: false,
      message: "That customer was not found.",
    });
    const linked = await gql<{ linkLeadToCustomer: R }>(admin, LINK, { l: lead.id, c: customer.id });
    expect(linked.data?.linkLeadToCustomer).toMatchObject({
      isSuccess: true,
      message: `Linked lead #${lead.number} to customer ${num} (Customer ${num}).`,
      lead: { customerId: customer.id },
    });
    const read = await gql<{ lead: object }>(admin, LEAD, { id: lead.id });
    expect(read.data?.lead).toMatchObject({ customerName: `Customer ${num}`, customerAccountNumber: num });
    const h = await gql<{ leadHistory: { kind: string; changes: object[] }[] }>(admin, HISTORY, { l: lead.id });
    expect(h.data?.leadHistory.map((x) => x.kind)).toEqual(["LINKED", "NOTE"]);
    expect(h.data?.leadHistory[0]?.changes).toEqual([
      { field: "customer", label: "customer", before: null, after: `${num} Customer ${num}` },
    ]);

    // an activity at a step of a marketing project: the lead's thread is started
    const project = await f.workflow.project(branch.branchId, { description: `Marketing ${n}` });
    const ADD = `mutation($l: ID!, $i: AddLeadActivityInput!){ addLeadActivity(leadId: $l, input: $i){ isSuccess message activity { subject leadId } } }`;
    const input = {
      projectId: project.id,
      stepId: project.steps[0]!.id,
      subject: "First call",
      scheduledTime: "2026-06-01T15:00:00Z",
    };
    const act = await gql<{ addLeadActivity: R }>(admin, ADD, { l: lead.id, i: input });
    expect(act.data?.addLeadActivity).toMatchObject({
      isSuccess: true,
      message: 'Added "First call" at First call.',
      activity: { subject: "First call", leadId: lead.id },
    });
    await gql(admin, ADD, { l: lead.id, i: { ...input, stepId: project.steps[1]!.id, subject: "Quote" } });
    const THREADS = `query($l: ID!){ leadProjectThreads(leadId: $l){ projectDescription activities { subject } } }`;
    const threads = await gql<{
      leadProjectThreads: { projectDescription: string; activities: { subject: string }[] }[];
    }>(await employee(branch, ["LEAD_REPORTING"]), THREADS, { l: lead.id });
    expect(threads.data?.leadProjectThreads).toEqual([
      { projectDescription: project.description, activities: [{ subject: "First call" }, { subject: "Quote" }] },
    ]);
    expect(
      (await gql<{ addLeadActivity: R }>(admin, ADD, { l: lead.id, i: { ...input, subject: "" } })).data
        ?.addLeadActivity,
    ).toMatchObject({
      isSuccess: false,
      message: "Subject is required.",
    });

    // the LEAD table's custom fields, through the custom fields' own operations
    const field = await server.prisma.customField.create({
      data: { branchId: branch.branchId, name: `Roof ${n}`, tableId: "LEAD", type: "TEXT" },
    });
    const EDIT = `mutation($r: ID!, $v: [CustomFieldValueInput!]!){ editCustomFieldValues(tableId: LEAD, recordId: $r, values: $v){ isSuccess message } }`;
    const VALUES = `query($r: ID!){ customFieldValues(tableId: LEAD, recordId: $r){ fieldId value } }`;
    expect(
      (await gql<{ editCustomFieldValues: R }>(admin, EDIT, { r: lead.id, v: [{ fieldId: field.id, value: "Slate" }] }))
        .data?.editCustomFieldValues.isSuccess,
    ).toBe(true);
    const values = await gql<{ customFieldValues: { fieldId: string; value: string }[] }>(admin, VALUES, {
      r: lead.id,
    });
    expect(values.data?.customFieldValues).toEqual([{ fieldId: field.id, value: "Slate" }]);
    const otherLead = await makeLead(other);
    expect(code(await gql(admin, VALUES, { r: otherLead.id }))).toBe("NOT_FOUND");
  });
  test("a lead that arrives has its first history line", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const src = await gql<{ addLeadSource: { leadSource: { id: string } } }>(
      admin,
      `mutation($i: LeadSourceInput!){ addLeadSource(input: $i){ leadSource { id } } }`,
      { i: { name: `Web ${n}`, code: `WEB${n}` } },
    );
    const key = (
      await gql<{ createLeadSourceKey: { key: string } }>(
        admin,
        "mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }",
        {
          id: src.data!.addLeadSource.leadSource.id,
        },
      )
    ).data!.createLeadSourceKey.key;
    const res = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ firstName: "Cy", lastName: "Arrives", phone: "512-555-0177" }),
    });
    const { leadId } = (await res.json()) as { leadId: string };
    const h = await gql<{ leadHistory: { kind: string; summary: string }[] }>(admin, HISTORY, { l: leadId });
    expect(h.data?.leadHistory).toMatchObject([{ kind: "CREATED", summary: "Posted by its lead source." }]);
  });
});
