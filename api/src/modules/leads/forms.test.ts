import { beforeAll, describe, expect, test } from "bun:test";
import { Client, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { issueFormToken } from "./forms.rules.ts";

// Lead forms through GraphQL: the builder's save (refusals change nothing), activation, what a visitor
// may read, and a submission: native answers fill the lead, custom answers its LEAD custom values,
// required and conditional rules, spam (honeypot, too fast) answered as success with nothing stored,
// the per-address and per-form limits, permissions, and another branch's form out of reach.

const SECRET = "lead-forms-test-secret-0123456789";
let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made), {
  SESSION_SECRET: SECRET,
  TRUSTED_PROXY_HEADER: "x-forwarded-for",
});

type Admin = Awaited<ReturnType<typeof employee>>;
let admin: Admin;
let otherAdmin: Admin;
let colour: string;
beforeAll(async () => {
  admin = await employee(branch, ["LEAD_ADMIN"]);
  otherAdmin = await employee(other, ["LEAD_ADMIN"]);
  colour = (
    await server.prisma.customField.create({
      data: { branchId: branch.branchId, name: "Roof colour", tableId: "LEAD", type: "TEXT" },
    })
  ).id;
});

const FORM = `id name title isPublic inactive lastEdited elements { id questionText questionType questionOptions parentElementId showIfParentEquals leadFieldId customFieldId isRequired orderIndex }`;
type Element = {
  id: string;
  questionText: string;
  questionType: string;
  questionOptions: string[];
  parentElementId: string | null;
  showIfParentEquals: string;
  leadFieldId: string | null;
  customFieldId: string | null;
  isRequired: boolean;
  orderIndex: number;
};
type Form = { id: string; name: string; isPublic: boolean; inactive: boolean; lastEdited: string; elements: Element[] };
type FormResult = { isSuccess: boolean; message: string; leadForm: Form | null };

async function create(as: Admin = admin, templateId?: string) {
  const r = await as.gql<{ createLeadForm: FormResult }>(
    `mutation($t: ID){ createLeadForm(templateId: $t){ isSuccess message leadForm { ${FORM} } } }`,
    { t: templateId },
  );
  expect(r.data?.createLeadForm.isSuccess).toBe(true);
  return r.data!.createLeadForm.leadForm!;
}
async function edit(id: string, input: Record<string, unknown>, as: Admin = admin) {
  const r = await as.gql<{ editLeadForm: FormResult }>(
    `mutation($id: ID!, $i: LeadFormInput!){ editLeadForm(id: $id, input: $i){ isSuccess message leadForm { ${FORM} } } }`,
    { id, i: input },
  );
  if (!r.data) throw new Error(r.errors?.[0]?.message);
  return r.data.editLeadForm;
}
const read = async (id: string) =>
  (await admin.gql<{ leadForm: Form }>(`query($id: ID!){ leadForm(id: $id){ ${FORM} } }`, { id })).data!.leadForm;

const q = (key: string, questionText: string, questionType: string, more: Record<string, unknown> = {}) => ({
  key,
  questionText,
  questionType,
  isNativeLeadField: true,
  ...more,
});
/** A public form asking a first name and a phone. */
async function publicForm(extra: Record<string, unknown> = {}) {
  const f = await create();
  const r = await edit(f.id, {
    name: `Quote ${crypto.randomUUID().slice(0, 6)}`,
    isPublic: true,
    elements: [
      q("a", "First name", "TEXT", { leadFieldId: "FIRST_NAME", isRequired: true }),
      q("b", "Phone", "PHONE", { leadFieldId: "PHONE", isRequired: true }),
    ],
    ...extra,
  });
  expect(r.isSuccess).toBe(true);
  return r.leadForm!;
}

let visitorIp = 0;
/** A visitor from its own address (so the per-address limit of one test does not reach another). */
function visitor(b: Branch = branch) {
  const c = new Client(server.url, b.host);
  c.extraHeaders["x-forwarded-for"] = `198.51.100.${++visitorIp}`;
  return c;
}
const aged = (formId: string, ms = 10_000) => issueFormToken(SECRET, formId, clock.nowMs() - ms);
type Submit = { isSuccess: boolean; message: string; fieldErrors: { elementId: string; message: string }[] };
async function submit(c: Client, formId: string, answers: [string, string[]][], more: Record<string, unknown> = {}) {
  const r = await c.gql<{ submitLeadForm: Submit }>(
    `mutation($f: ID!, $a: [LeadFormAnswerInput!]!, $t: String!, $h: String){ submitLeadForm(formId: $f, answers: $a, token: $t, honeypot: $h){ isSuccess message fieldErrors { elementId message } } }`,
    { f: formId, a: answers.map(([elementId, values]) => ({ elementId, values })), t: aged(formId), ...more },
  );
  if (!r.data) throw new Error(r.errors?.[0]?.message);
  return r.data.submitLeadForm;
}
const leadsOf = (formId: string) => server.prisma.lead.findMany({ where: { leadFormId: formId } });

describe("building", () => {
  test("a new form has a name, phone questions and is private; a copy of it keeps its questions", async () => {
    const f = await create();
    expect(f).toMatchObject({ isPublic: false, inactive: false });
    expect(f.elements.map((e) => e.leadFieldId)).toEqual(["FIRST_NAME", "LAST_NAME", "PHONE"]);
    const copy = await create(admin, f.id);
    expect(copy.name).toBe(`${f.name} copy`);
    expect(copy.elements.map((e) => e.questionText)).toEqual(f.elements.map((e) => e.questionText));
  });

  test("a save keeps the order, links a new child to a new parent and refusals change nothing", async () => {
    const f = await create();
    const good = {
      name: `Roofs ${crypto.randomUUID().slice(0, 6)}`,
      elements: [
        q("n", "Your name", "TEXT", { leadFieldId: "FIRST_NAME", isRequired: true }),
        q("p", "Phone", "PHONE", { leadFieldId: "PHONE" }),
        q("r", "Roof work?", "SELECT", {
          isNativeLeadField: false,
          leadFieldId: null,
          customFieldId: colour,
          questionOptions: ["Yes", "No", ""],
        }),
      ],
    };
    const bad = (msg: string, change: (i: typeof good) => unknown) => ({ msg, input: change(structuredClone(good)) });
    const saved = await edit(f.id, good);
    expect(saved.isSuccess).toBe(true);
    const before = await read(f.id);
    expect(before.elements.map((e) => e.questionText)).toEqual(["Your name", "Phone", "Roof work?"]);
    expect(before.elements[2]!.questionOptions).toEqual(["Yes", "No"]);
    const cases = [
      bad("a choice question needs at least one option", (i) => ({
        ...i,
        elements: [{ ...i.elements[2], questionOptions: [] }],
      })),
      bad("Phone is already asked", (i) => ({
        ...i,
        elements: [...i.elements, q("x", "Phone again", "PHONE", { leadFieldId: "PHONE" })],
      })),
      bad("must come before it", (i) => ({
        ...i,
        elements: [
          q("c", "Child", "TEXT", { leadFieldId: "CITY", parentKey: "n", showIfParentEquals: "x" }),
          ...i.elements,
        ],
      })),
      bad("choose a custom field of leads", (i) => ({
        ...i,
        elements: [
          q("z", "Other branch field", "TEXT", { isNativeLeadField: false, customFieldId: crypto.randomUUID() }),
        ],
      })),
      bad("Email takes a email question", (i) => ({
        ...i,
        elements: [q("e", "Email", "TEXT", { leadFieldId: "EMAIL" })],
      })),
      bad("is not an option", (i) => ({
        ...i,
        elements: [
          ...i.elements,
          q("k", "Colour", "TEXT", { leadFieldId: "COMMENTS", parentKey: "r", showIfParentEquals: "Maybe" }),
        ],
      })),
      bad("Name is required", (i) => ({ ...i, name: " " })),
    ];
    for (const c of cases) {
      const r = await edit(f.id, c.input as Record<string, unknown>);
      expect(r.isSuccess).toBe(false);
      expect(r.message).toContain(c.msg);
      expect(r.message).toMatch(/\.$/);
    }
    expect(await read(f.id)).toEqual(before);
    // A new parent and its new child in one save.
    const linked = await edit(f.id, {
      ...good,
      elements: [
        ...good.elements,
        q("new-1", "Which colour?", "TEXT", { leadFieldId: "COMMENTS", parentKey: "r", showIfParentEquals: "yes" }),
      ],
    });
    const els = linked.leadForm!.elements;
    expect(els[3]).toMatchObject({ parentElementId: els[2]!.id, showIfParentEquals: "Yes", orderIndex: 3 });
    // Moved up: kept ids, new order.
    const moved = await edit(f.id, {
      ...good,
      elements: [els[1], els[0], els[2], els[3]].map((e) => ({
        key: e!.id,
        questionText: e!.questionText,
        questionType: e!.questionType,
        isNativeLeadField: !e!.customFieldId,
        leadFieldId: e!.leadFieldId,
        customFieldId: e!.customFieldId,
        questionOptions: e!.questionOptions,
        parentKey: e!.parentElementId,
        showIfParentEquals: e!.showIfParentEquals,
      })),
    });
    expect(moved.leadForm!.elements.map((e) => e.id)).toEqual([els[1]!.id, els[0]!.id, els[2]!.id, els[3]!.id]);
  });

  test("a question added at a place moves the later ones down", async () => {
    const f = await create();
    const r = await admin.gql<{ createLeadFormElement: FormResult }>(
      `mutation($f: ID!){ createLeadFormElement(formId: $f, orderIndex: 1){ isSuccess leadForm { ${FORM} } } }`,
      { f: f.id },
    );
    const els = r.data!.createLeadFormElement.leadForm!.elements;
    expect(els.map((e) => e.questionText)).toEqual(["First name", "New question", "Last name", "Phone"]);
    expect(els.map((e) => e.orderIndex)).toEqual([0, 1, 2, 3]);
  });

  test("toggle activation; a visitor sees only an active public form, and only what it needs", async () => {
    const f = await publicForm();
    const v = visitor();
    const PUBLIC = `query($id: ID!){ publicLeadForm(id: $id){ id title token elements { id questionText isRequired } } }`;
    const seen = await v.gql<{ publicLeadForm: { token: string; elements: unknown[] } }>(PUBLIC, { id: f.id });
    expect(seen.data?.publicLeadForm.elements).toHaveLength(2);
    expect(seen.data?.publicLeadForm.token).toMatch(/^\d+\./);
    const leak = await v.gql(`query($id: ID!){ publicLeadForm(id: $id){ elements { customFieldId } } }`, { id: f.id });
    expect(leak.errors?.[0]?.message).toContain("customFieldId");
    const off = await admin.gql<{ toggleLeadFormActivation: FormResult }>(
      `mutation($id: ID!){ toggleLeadFormActivation(id: $id){ isSuccess message leadForm { inactive } } }`,
      { id: f.id },
    );
    expect(off.data?.toggleLeadFormActivation).toMatchObject({ isSuccess: true, leadForm: { inactive: true } });
    expect((await v.gql(PUBLIC, { id: f.id })).errors?.[0]?.message).toBe("This form is not available.");
    const priv = await create();
    expect((await v.gql(PUBLIC, { id: priv.id })).errors?.[0]?.message).toBe("This form is not available.");
    // Another branch's visitor does not reach it.
    await admin.gql(`mutation($id: ID!){ toggleLeadFormActivation(id: $id){ isSuccess } }`, { id: f.id });
    expect((await visitor(other).gql(PUBLIC, { id: f.id })).errors?.[0]?.message).toBe("This form is not available.");
  });
});

describe("submitting", () => {
  test("creates a lead with its custom value; a hidden conditional question is not required", async () => {
    const f = await create();
    const r = await edit(f.id, {
      name: `Cond ${crypto.randomUUID().slice(0, 6)}`,
      isPublic: true,
      elements: [
        q("a", "First name", "TEXT", { leadFieldId: "FIRST_NAME", isRequired: true }),
        q("b", "Phone", "PHONE", { leadFieldId: "PHONE", isRequired: true }),
        q("d", "Roof colour", "SELECT", {
          isNativeLeadField: false,
          customFieldId: colour,
          questionOptions: ["Red", "Grey"],
          isRequired: true,
          parentKey: "a",
          showIfParentEquals: "Roofer",
        }),
      ],
    });
    expect(r.message).toBe(`Saved "${r.leadForm?.name}".`);
    const [name, phone, col] = r.leadForm!.elements.map((e) => e.id) as [string, string, string];
    const v = visitor();
    // Missing required answers: each beside its question, nothing stored.
    const missing = await submit(v, f.id, [[name, [""]]]);
    expect(missing.isSuccess).toBe(false);
    expect(missing.fieldErrors.map((e) => e.elementId)).toEqual([name, phone]);
    // Hidden (name is not "Roofer"): the colour is not required.
    expect(
      await submit(v, f.id, [
        [name, ["Ann"]],
        [phone, ["512 555 0101"]],
      ]),
    ).toMatchObject({ isSuccess: true });
    // Shown: required, and its answer is stored as the lead's custom value.
    const shown = await submit(v, f.id, [
      [name, ["Roofer"]],
      [phone, ["512 555 0102"]],
    ]);
    expect(shown.fieldErrors).toEqual([{ elementId: col, message: "Roof colour: an answer is required." }]);
    expect(
      await submit(v, f.id, [
        [name, ["Roofer"]],
        [phone, ["512 555 0102"]],
        [col, ["grey"]],
      ]),
    ).toMatchObject({
      isSuccess: true,
    });
    const leads = await leadsOf(f.id);
    expect(leads.map((l) => l.firstName).sort()).toEqual(["Ann", "Roofer"]);
    const roofer = leads.find((l) => l.firstName === "Roofer")!;
    expect(roofer.phoneE164).toBe("+15125550102");
    const values = await server.prisma.customFieldValue.findMany({ where: { recordId: roofer.id } });
    expect(values).toMatchObject([{ fieldId: colour, tableId: "LEAD", valueString: "Grey" }]);
    // A duplicate: the same success answer (the visitor is not told), stored as a duplicate.
    expect(
      await submit(visitor(), f.id, [
        [name, ["Ann"]],
        [phone, ["(512) 555-0101"]],
      ]),
    ).toMatchObject({
      isSuccess: true,
      message: expect.not.stringContaining("uplicate"),
    });
    expect((await leadsOf(f.id)).filter((l) => l.duplicateOfId)).toHaveLength(1);
  });

  test("a honeypot or a post faster than a person: success, nothing stored", async () => {
    const f = await publicForm();
    const [name, phone] = f.elements.map((e) => e.id) as [string, string];
    const answers: [string, string[]][] = [
      [name, ["Bot"]],
      [phone, ["512 555 0199"]],
    ];
    const v = visitor();
    expect(await submit(v, f.id, answers, { h: "http://spam.example" })).toMatchObject({ isSuccess: true });
    expect(await submit(v, f.id, answers, { t: issueFormToken(SECRET, f.id, clock.nowMs() - 500) })).toMatchObject({
      isSuccess: true,
    });
    expect(
      await submit(v, f.id, answers, { t: issueFormToken("another-secret-0123456789", f.id, clock.nowMs() - 9000) }),
    ).toMatchObject({
      isSuccess: true,
    });
    expect(await submit(v, f.id, answers, { t: "" })).toMatchObject({ isSuccess: true });
    expect(await leadsOf(f.id)).toHaveLength(0);
  });

  test("the form's minutes between submissions, and the per-address limit, answer with a sentence", async () => {
    const f = await publicForm({ minutesBetweenSubmissions: 30 });
    const [name, phone] = f.elements.map((e) => e.id) as [string, string];
    const v = visitor();
    expect(
      await submit(v, f.id, [
        [name, ["One"]],
        [phone, ["512 555 0111"]],
      ]),
    ).toMatchObject({ isSuccess: true });
    const again = await submit(v, f.id, [
      [name, ["Two"]],
      [phone, ["512 555 0112"]],
    ]);
    expect(again.isSuccess).toBe(false);
    expect(again.message).toMatch(
      /^This form was sent from your address a short while ago\. You may send it again in \d+ minutes?\.$/,
    );
    expect(
      await submit(visitor(), f.id, [
        [name, ["Three"]],
        [phone, ["512 555 0113"]],
      ]),
    ).toMatchObject({ isSuccess: true });
    const g = await publicForm();
    const [n2, p2] = g.elements.map((e) => e.id) as [string, string];
    const w = visitor();
    for (let i = 0; i < 10; i++)
      expect(
        (
          await submit(w, g.id, [
            [n2, [`P${i}`]],
            [p2, [`512 555 02${10 + i}`]],
          ])
        ).isSuccess,
      ).toBe(true);
    const limited = await submit(w, g.id, [
      [n2, ["P11"]],
      [p2, ["512 555 0299"]],
    ]);
    expect(limited).toMatchObject({
      isSuccess: false,
      message: "Too many forms were sent from your address. Please try again in a few minutes.",
    });
    expect(await leadsOf(g.id)).toHaveLength(10);
  });
});

describe("who may", () => {
  test("building needs LEAD_ADMIN; another branch's form is not found", async () => {
    const f = await create();
    const clerk = await employee(branch, ["LEAD_DATA_ENTRY"]);
    expect((await clerk.gql(`query{ leadForms { id } }`)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await visitor().gql(`mutation{ createLeadForm { isSuccess } }`)).errors?.[0]?.extensions?.code).toMatch(
      /FORBIDDEN|UNAUTHENTICATED/,
    );
    const theirs = await otherAdmin.gql(`query($id: ID!){ leadForm(id: $id){ id } }`, { id: f.id });
    expect(theirs.errors?.[0]).toMatchObject({ message: "Lead form not found.", extensions: { code: "NOT_FOUND" } });
    const r = await edit(f.id, { name: "Taken over", elements: [] }, otherAdmin).catch((e: Error) => e.message);
    expect(r).toBe("Lead form not found.");
    const list = await otherAdmin.gql<{ leadForms: { id: string }[] }>(`query{ leadForms { id } }`);
    expect(list.data?.leadForms.map((x) => x.id)).not.toContain(f.id);
  });
});
