import { beforeAll, describe, expect, test } from "bun:test";
import { Client, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { issueFormToken } from "./forms.rules.ts";

// Lead rules through GraphQL: created, listed in order, edited, reordered, deleted by LEAD_ADMIN only;
// every refusal a sentence that changes nothing; the preview counts exactly the existing leads a rule
// would catch (visible, not discarded; EQUALS trimmed whatever the case, a phone as a phone, a custom
// field in its type) and changes nothing; arriving leads (intake API, a public form) are discarded
// by the first rule they match, with its reason and a DISCARDED history line.

const SECRET = "lead-rules-test-secret-0123456789";
let server: TestServer, branch: Branch, other: Branch;
type C = Awaited<ReturnType<typeof employee>>;
let admin: C;
let reasons: { area: string; phone: string; spam: string };
let roof: string;

type R = { isSuccess: boolean; message: string };
type Rule = {
  id: string;
  position: number;
  nativeFieldName: string | null;
  customFieldId: string | null;
  customFieldName: string | null;
  comparator: string;
  value: string;
  discardReasonId: string;
  discardReasonName: string;
  description: string;
};
type RuleRes = R & { leadAutomation: Rule | null };
const F =
  "id position nativeFieldName customFieldId customFieldName comparator value discardReasonId discardReasonName description";
const LIST = `{ leadAutomations { ${F} } }`;
const CREATE = `mutation($i: LeadAutomationInput!){ createLeadAutomation(input: $i){ isSuccess message leadAutomation { ${F} } } }`;
const UPDATE = `mutation($id: ID!, $i: LeadAutomationInput!){ updateLeadAutomation(id: $id, input: $i){ isSuccess message leadAutomation { ${F} } } }`;
const DELETE = `mutation($id: ID!){ deleteLeadAutomation(id: $id){ isSuccess message leadAutomation { id } } }`;
const REORDER = `mutation($ids: [ID!]!){ reorderLeadAutomations(ids: $ids){ isSuccess message leadAutomations { id position } } }`;
const PREVIEW = `query($i: LeadAutomationInput!){ previewLeadAutomation(input: $i){ isSuccess message count } }`;

const list = async (c: C = admin) => (await c.gql<{ leadAutomations: Rule[] }>(LIST)).data!.leadAutomations;
const create = async (i: object, c: C = admin) =>
  (await c.gql<{ createLeadAutomation: RuleRes }>(CREATE, { i })).data!.createLeadAutomation;
const preview = async (i: object, c: C = admin) =>
  (await c.gql<{ previewLeadAutomation: R & { count: number | null } }>(PREVIEW, { i })).data!.previewLeadAutomation;
const clear = () => server.prisma.leadAutomation.deleteMany({ where: { branchId: branch.branchId } });

serveTwoBranches((made) => ([server, branch, other] = made), {
  SESSION_SECRET: SECRET,
  TRUSTED_PROXY_HEADER: "x-forwarded-for",
});
beforeAll(async () => {
  admin = await employee(branch, ["LEAD_ADMIN"]);
  const reason = async (name: string) =>
    (await server.prisma.discardReason.create({ data: { branchId: branch.branchId, name } })).id;
  reasons = { area: await reason("Out of area"), phone: await reason("Bad phone"), spam: await reason("Spam") };
  roof = (
    await server.prisma.customField.create({
      data: { branchId: branch.branchId, name: "Roof age", tableId: "LEAD", type: "INTEGER" },
    })
  ).id;
}, 60_000);

describe("lead rules", () => {
  test("created in order, edited, reordered, deleted; refusals are sentences that change nothing", async () => {
    await clear();
    const a = await create({
      nativeFieldName: "POSTAL_CODE",
      comparator: "EQUALS",
      value: " 00000 ",
      discardReasonId: reasons.area,
    });
    expect(a).toMatchObject({
      isSuccess: true,
      message: "Added rule 1: Postal code equals 00000.",
      leadAutomation: { position: 1, value: "00000", discardReasonName: "Out of area" },
    });
    const b = await create({ customFieldId: roof, comparator: "EQUALS", value: "+07", discardReasonId: reasons.spam });
    expect(b.leadAutomation).toMatchObject({ position: 2, value: "7", description: "Roof age equals 7" });
    const c = await create({
      nativeFieldName: "EMAIL",
      comparator: "HAS_VALUE",
      value: "x",
      discardReasonId: reasons.spam,
    });
    expect(c.leadAutomation).toMatchObject({ position: 3, value: "", description: "Email has a value" });

    const before = await list();
    const otherField = await server.prisma.customField.create({
      data: { branchId: branch.branchId, name: "Customer colour", tableId: "CUSTOMER", type: "TEXT" },
    });
    const theirReason = await server.prisma.discardReason.create({
      data: { branchId: other.branchId, name: "Theirs" },
    });
    const refusals: [object, string][] = [
      [
        { nativeFieldName: "CITY", comparator: "EQUALS", value: " ", discardReasonId: reasons.area },
        "Enter the value the field must equal.",
      ],
      [{ nativeFieldName: "CITY", comparator: "EQUALS", value: "Austin" }, "Choose the discard reason."],
      [{ comparator: "HAS_VALUE", discardReasonId: reasons.area }, "Choose one field: a lead field or a custom field."],
      [
        { nativeFieldName: "CITY", customFieldId: roof, comparator: "HAS_VALUE", discardReasonId: reasons.area },
        "Choose one field: a lead field or a custom field.",
      ],
      [
        { nativeFieldName: "CITY", comparator: "EQUALS", value: "x".repeat(201), discardReasonId: reasons.area },
        "The value must be at most 200 characters.",
      ],
      [
        { nativeFieldName: "APPOINTMENT", comparator: "EQUALS", value: "2026-01-01", discardReasonId: reasons.area },
        "Appointment can only be tested for having a value.",
      ],
      [
        { customFieldId: roof, comparator: "EQUALS", value: "old", discardReasonId: reasons.area },
        "Roof age must be a whole number.",
      ],
      [
        { customFieldId: otherField.id, comparator: "HAS_VALUE", discardReasonId: reasons.area },
        "The custom field was not found among the lead fields: choose another.",
      ],
      [
        { nativeFieldName: "CITY", comparator: "HAS_VALUE", discardReasonId: theirReason.id },
        "The discard reason was not found: choose another.",
      ],
    ];
    for (const [i, message] of refusals) {
      expect(await create(i)).toMatchObject({ isSuccess: false, message, leadAutomation: null });
      expect(await preview(i)).toMatchObject({ isSuccess: false, message, count: null });
    }
    expect(await list()).toEqual(before);

    const u = await admin.gql<{ updateLeadAutomation: RuleRes }>(UPDATE, {
      id: c.leadAutomation!.id,
      i: { nativeFieldName: "CITY", comparator: "EQUALS", value: "Nowhere", discardReasonId: reasons.area },
    });
    expect(u.data!.updateLeadAutomation).toMatchObject({
      isSuccess: true,
      message: "Saved rule 3: City equals Nowhere.",
    });

    const ids = before.map((r) => r.id);
    const reorder = async (v: string[]) =>
      (
        await admin.gql<{ reorderLeadAutomations: R & { leadAutomations: { id: string }[] | null } }>(REORDER, {
          ids: v,
        })
      ).data!.reorderLeadAutomations;
    for (const wrong of [ids.slice(1), [...ids, ids[0]!], [ids[0]!, ids[1]!, "nope"]])
      expect(await reorder(wrong)).toMatchObject({
        isSuccess: false,
        message: "The rules changed since the page was loaded: reload it and order them again.",
      });
    expect(await reorder(Array.from({ length: 1001 }, (_, i) => `x${i}`))).toMatchObject({
      isSuccess: false,
      message: "At most 1000 rules can be ordered at once.",
    });
    const moved = await reorder([ids[2]!, ids[0]!, ids[1]!]);
    expect(moved.isSuccess).toBe(true);
    expect((await list()).map((r) => [r.id, r.position])).toEqual([
      [ids[2]!, 1],
      [ids[0]!, 2],
      [ids[1]!, 3],
    ]);

    const del = await admin.gql<{ deleteLeadAutomation: RuleRes }>(DELETE, { id: ids[0] });
    expect(del.data!.deleteLeadAutomation).toMatchObject({
      isSuccess: true,
      message: "Deleted rule 2: Postal code equals 00000.",
    });
    expect((await list()).map((r) => r.position)).toEqual([1, 2]);
    expect((await admin.gql(DELETE, { id: ids[0] })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  test("the preview counts exactly the leads the rule would catch and changes nothing", async () => {
    await clear();
    const u = crypto.randomUUID().slice(0, 6);
    const city = `Nowhere ${u}`;
    const lead = (data: Record<string, unknown>) =>
      server.prisma.lead.create({ data: { branchId: branch.branchId, firstName: "P", ...data } });
    const survivor = await lead({ city: "Elsewhere" });
    await lead({ city });
    await lead({ city: city.toUpperCase() });
    await lead({ city: `${city}x` }); // not equal
    await lead({ city, status: "DISCARDED", discardReasonId: reasons.spam }); // discarded already
    await lead({ city, mergedIntoId: survivor.id }); // merged away
    await server.prisma.lead.create({ data: { branchId: other.branchId, firstName: "O", city } }); // another branch
    const phoned = await lead({ phone: "(512) 555-0999", phoneE164: "+15125550999" });
    const valued = await lead({});
    await server.prisma.customFieldValue.create({
      data: { branchId: branch.branchId, fieldId: roof, tableId: "LEAD", recordId: valued.id, valueInt: 12 },
    });
    const snapshot = () =>
      server.prisma.lead.findMany({ where: { branchId: branch.branchId }, orderBy: { id: "asc" } });
    const before = await snapshot();
    const count = async (i: object) => (await preview({ discardReasonId: reasons.area, ...i })).count;

    expect(
      await preview({
        nativeFieldName: "CITY",
        comparator: "EQUALS",
        value: ` ${city.toLowerCase()} `,
        discardReasonId: reasons.area,
      }),
    ).toEqual({
      isSuccess: true,
      message: "Would discard 2 existing leads.",
      count: 2,
    });
    expect(await count({ nativeFieldName: "PHONE", comparator: "EQUALS", value: "512.555.0999" })).toBe(1);
    expect(await count({ customFieldId: roof, comparator: "EQUALS", value: "012" })).toBe(1);
    expect(await count({ customFieldId: roof, comparator: "EQUALS", value: "13" })).toBe(0);
    expect(await count({ customFieldId: roof, comparator: "HAS_VALUE" })).toBe(1);
    const withCity = await server.prisma.lead.count({
      where: { branchId: branch.branchId, mergedIntoId: null, status: { not: "DISCARDED" }, NOT: { city: "" } },
    });
    expect(await count({ nativeFieldName: "CITY", comparator: "HAS_VALUE" })).toBe(withCity);
    expect(
      (
        await preview({
          nativeFieldName: "PHONE",
          comparator: "EQUALS",
          value: "512.555.0999",
          discardReasonId: reasons.area,
        })
      ).message,
    ).toBe("Would discard 1 existing lead.");
    expect(await snapshot()).toEqual(before);
    expect(await list()).toEqual([]);
    void phoned;
  });

  test("arriving leads: the first matching rule discards them with its reason and history", async () => {
    await clear();
    await create({
      nativeFieldName: "POSTAL_CODE",
      comparator: "EQUALS",
      value: "00000",
      discardReasonId: reasons.area,
    });
    await create({
      nativeFieldName: "PHONE",
      comparator: "EQUALS",
      value: "512-555-0100",
      discardReasonId: reasons.phone,
    });
    await create({ customFieldId: roof, comparator: "HAS_VALUE", discardReasonId: reasons.spam });
    // an intake source with a key
    const src = await admin.gql<{ addLeadSource: { leadSource: { id: string } } }>(
      `mutation($i: LeadSourceInput!){ addLeadSource(input: $i){ leadSource { id } } }`,
      { i: { name: `Rules vendor ${crypto.randomUUID().slice(0, 6)}`, code: `RV${crypto.randomUUID().slice(0, 6)}` } },
    );
    const sourceId = src.data!.addLeadSource.leadSource.id;
    const key = (
      await admin.gql<{ createLeadSourceKey: { key: string } }>(
        `mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }`,
        {
          id: sourceId,
        },
      )
    ).data!.createLeadSourceKey.key;
    const res = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({
        leads: [
          { firstName: "Zero", phone: "(512) 555-0100", postalCode: "00000" },
          { firstName: "Phone", phone: "512.555.0100" },
          { firstName: "Kept", phone: "512-555-0177", postalCode: "78701" },
        ],
      }),
    });
    const body = (await res.json()) as { results: { outcome: string; reason: string; leadId: string }[] };
    expect(body.results.map((r) => [r.outcome, r.reason])).toEqual([
      ["discarded", "Discarded by rule 1: Postal code equals 00000."],
      ["discarded", "Discarded by rule 2: Phone equals 512-555-0100."],
      ["created", ""],
    ]);
    const stored = await server.prisma.lead.findMany({
      where: { id: { in: body.results.map((r) => r.leadId) } },
      select: { id: true, status: true, discardReasonId: true },
    });
    const byId = new Map(stored.map((l) => [l.id, l]));
    expect(body.results.map((r) => byId.get(r.leadId))).toMatchObject([
      { status: "DISCARDED", discardReasonId: reasons.area },
      { status: "DISCARDED", discardReasonId: reasons.phone },
      { status: "UNASSIGNED", discardReasonId: null },
    ]);
    const history = await server.prisma.leadChange.findMany({
      where: { leadId: body.results[0]!.leadId, kind: "DISCARDED" },
    });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      summary: "Discarded by rule 1: Postal code equals 00000",
      changes: { status: ["UNASSIGNED", "DISCARDED"], discardReasonId: [null, reasons.area] },
    });
    // The same idempotency key posted again answers as the first post did: discarded.
    const post = async () =>
      (await (
        await fetch(`${server.url}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
          body: JSON.stringify({
            firstName: "Again",
            email: "again@example.com",
            postalCode: "00000",
            idempotencyKey: "rule-replay",
          }),
        })
      ).json()) as { outcome: string; replayed?: boolean; leadId: string };
    const once = await post();
    const twice = await post();
    expect([once.outcome, twice.outcome, twice.replayed, twice.leadId]).toEqual([
      "discarded",
      "discarded",
      true,
      once.leadId,
    ]);

    // a public form with a custom question: the custom-field rule (rule 3) catches it
    const form = await server.prisma.leadForm.create({
      data: {
        branchId: branch.branchId,
        name: "Roof quote",
        isPublic: true,
        elements: {
          create: [
            {
              branchId: branch.branchId,
              leadFieldId: "FIRST_NAME",
              questionText: "Name",
              questionType: "TEXT",
              orderIndex: 0,
            },
            {
              branchId: branch.branchId,
              leadFieldId: "EMAIL",
              questionText: "Email",
              questionType: "EMAIL",
              orderIndex: 1,
            },
            {
              branchId: branch.branchId,
              isNativeLeadField: false,
              customFieldId: roof,
              questionText: "Roof age",
              questionType: "NUMBER",
              orderIndex: 2,
            },
          ],
        },
      },
      include: { elements: { orderBy: { orderIndex: "asc" } } },
    });
    const [name, email, age] = form.elements.map((e) => e.id);
    const visitor = new Client(server.url, branch.host);
    visitor.extraHeaders["x-forwarded-for"] = "198.51.100.77";
    const submit = async (answers: [string, string[]][]) =>
      (
        await visitor.gql<{ submitLeadForm: R }>(
          `mutation($f: ID!, $a: [LeadFormAnswerInput!]!, $t: String!){ submitLeadForm(formId: $f, answers: $a, token: $t){ isSuccess message } }`,
          {
            f: form.id,
            a: answers.map(([elementId, values]) => ({ elementId, values })),
            t: issueFormToken(SECRET, form.id, clock.nowMs() - 10_000),
          },
        )
      ).data!.submitLeadForm;
    expect(
      (
        await submit([
          [name!, ["Roofy"]],
          [email!, ["roofy@example.com"]],
          [age!, ["15"]],
        ])
      ).isSuccess,
    ).toBe(true);
    expect(
      (
        await submit([
          [name!, ["Plain"]],
          [email!, ["plain@example.com"]],
        ])
      ).isSuccess,
    ).toBe(true);
    const fromForm = await server.prisma.lead.findMany({
      where: { leadFormId: form.id },
      orderBy: { number: "asc" },
      select: { firstName: true, status: true, discardReasonId: true },
    });
    expect(fromForm).toEqual([
      { firstName: "Roofy", status: "DISCARDED", discardReasonId: reasons.spam },
      { firstName: "Plain", status: "UNASSIGNED", discardReasonId: null },
    ]);
  });

  test("only LEAD_ADMIN reads and changes rules; another branch's rule is not found", async () => {
    await clear();
    const mine = (await create({ nativeFieldName: "CITY", comparator: "HAS_VALUE", discardReasonId: reasons.area }))
      .leadAutomation!;
    for (const p of ["LEAD_DATA_ENTRY", "LEAD_REPORTING"] as const) {
      const c = await employee(branch, [p]);
      for (const [q, v] of [
        [LIST, {}],
        [PREVIEW, { i: { nativeFieldName: "CITY", comparator: "HAS_VALUE", discardReasonId: reasons.area } }],
        [DELETE, { id: mine.id }],
        [REORDER, { ids: [mine.id] }],
      ] as const)
        expect((await c.gql(q, v)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    const theirs = await employee(other, ["LEAD_ADMIN"]);
    expect((await theirs.gql(DELETE, { id: mine.id })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await list(theirs)).toEqual([]);
    expect((await list()).map((r) => r.id)).toEqual([mine.id]);
  });
});
