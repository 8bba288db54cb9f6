import { beforeAll, describe, expect, test } from "bun:test";
import { customFieldFactory } from "../../../test/factories/custom-fields.ts";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches, twoBranches } from "../../../test/personnel-helpers.ts";

// Custom fields through GraphQL: definitions (every type's settings, option lists, defaults in the
// field's own type, display conditions without circles, the per-table cap), and a record's values
// (each type's validation, required, read only, inactive, conditional display, defaults), with who
// may do what and another branch's ids and values out of reach. Every refusal changes nothing.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Field = { id: string; name: string; type: string; defaultValue: string; displayIfFieldValue: string };
const CREATE = `mutation($i: CustomFieldInput!){ createCustomField(input: $i){ isSuccess message field { id name type defaultValue displayIfFieldValue decimals length optionList } } }`;
const EDIT = `mutation($id: ID!, $i: CustomFieldInput!){ editCustomField(id: $id, input: $i){ isSuccess message field { id name type defaultValue } } }`;
const VALUES = `query($t: TableIdentifier!, $r: ID!){ customFieldValues(tableId: $t, recordId: $r){ fieldId value valueInt valueDecimal valueBool valueDateTime valueString valueStringMax } }`;
const EDIT_VALUES = `mutation($t: TableIdentifier!, $r: ID!, $v: [CustomFieldValueInput!]!){ editCustomFieldValues(tableId: $t, recordId: $r, values: $v){ isSuccess message fieldId values { fieldId value } } }`;

type Admin = Awaited<ReturnType<typeof employee>>;
let admin: Admin;
const create = async (i: Record<string, unknown>, as: Admin = admin) => {
  const r = await as.gql<{ createCustomField: R & { field: Field | null } }>(CREATE, { i });
  return r.data?.createCustomField ?? ({ isSuccess: false, message: r.errors?.[0]?.message ?? "" } as never);
};
const made = async (i: Record<string, unknown>) => {
  const r = await create(i);
  expect(r).toMatchObject({ isSuccess: true });
  return r.field!;
};
const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  admin = await employee(branch, ["WORKFLOW_CONFIGURATION", "PERSONNEL_MANAGEMENT", "CUSTOMER_ACCESS"]);
});

describe("definitions", () => {
  test("each type keeps its own settings; values in defaults and conditions are written canonically", async () => {
    const n = await made({
      name: unique("Water hardness"),
      tableId: "PERSON",
      type: "NUMERIC",
      decimals: 1,
      defaultValue: "7.50",
      length: 9,
    });
    expect(n).toMatchObject({ type: "NUMERIC", defaultValue: "7.5", decimals: 1, length: null });
    const t = await made({
      name: unique("Install"),
      tableId: "PERSON",
      type: "TEXT",
      useOptionList: true,
      optionList: [" Softener ", "Cooler"],
      length: 20,
    });
    expect(t).toMatchObject({ optionList: ["Softener", "Cooler"], length: 20, decimals: null });
    const c = await made({
      name: unique("Model"),
      tableId: "PERSON",
      type: "TEXT",
      displayIfFieldId: t.id,
      displayIfFieldValue: "softener",
    });
    expect(c.displayIfFieldValue).toBe("Softener");
    const d = await made({ name: unique("Installed on"), tableId: "PERSON", type: "DATE", defaultValue: "2026-01-31" });
    expect(d.defaultValue).toBe("2026-01-31");
  });

  test("bad settings: a clear message each, nothing written", async () => {
    const before = await server.prisma.customField.count();
    const parent = await made({ name: unique("Has pets"), tableId: "PERSON", type: "TRUE_FALSE" });
    const taken = await made({ name: unique("Taken"), tableId: "PERSON", type: "TEXT" });
    for (const [i, message] of [
      [{ name: " ", tableId: "PERSON", type: "TEXT" }, "Field name is required."],
      [{ name: "x".repeat(61), tableId: "PERSON", type: "TEXT" }, "Field name must be at most 60 characters."],
      [
        { name: taken.name.toUpperCase(), tableId: "PERSON", type: "TEXT" },
        `A field named "${taken.name}" already exists on people.`,
      ],
      [{ name: "A", tableId: "ACCOUNT_CATEGORY", type: "TEXT" }, "Custom fields cannot be added to that table."],
      [
        { name: "A", tableId: "PERSON", type: "INTEGER", useOptionList: true, optionList: ["1"] },
        "Only text fields can have an option list.",
      ],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", useOptionList: true, optionList: [] },
        "Option list needs at least one option.",
      ],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", useOptionList: true, optionList: ["a", "A"] },
        'Option list has "A" twice.',
      ],
      [
        {
          name: "A",
          tableId: "PERSON",
          type: "TEXT",
          useOptionList: true,
          optionList: Array.from({ length: 101 }, (_, k) => `o${k}`),
        },
        "Option list must have at most 100 options.",
      ],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", useOptionList: true, optionList: ["x".repeat(101)] },
        "An option must be at most 100 characters.",
      ],
      [{ name: "A", tableId: "PERSON", type: "INTEGER", defaultValue: "1.5" }, "Default value must be a whole number."],
      [{ name: "A", tableId: "PERSON", type: "TEXT", length: 300 }, "Length must be between 1 and 255."],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", length: 3, defaultValue: "abcd" },
        "Default value must be at most 3 characters.",
      ],
      [{ name: "A", tableId: "PERSON", type: "TABLE_RECORD" }, "Choose the table whose records this field names."],
      [
        { name: "A", tableId: "PERSON", type: "TABLE_RECORD", selectionTableId: "PERSON", defaultValue: "x" },
        "A record field cannot have a default value.",
      ],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", displayIfFieldId: parent.id, displayIfFieldValue: "maybe" },
        "Display condition value must be true or false.",
      ],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", displayIfFieldId: parent.id },
        "Choose the value the condition field must have.",
      ],
      [
        { name: "A", tableId: "CUSTOMER", type: "TEXT", displayIfFieldId: parent.id, displayIfFieldValue: "true" },
        "The condition field was not found on customers.",
      ],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", macroName: "9 lives" },
        "Macro name must start with a letter and have only letters, digits and _ (at most 40).",
      ],
      [
        { name: "A", tableId: "PERSON", type: "TEXT", defaultValue: "x".repeat(10_001) },
        "Default value must be at most 10000 characters.",
      ],
    ] as const)
      expect({ i: i.name, m: (await create(i)).message }).toEqual({ i: i.name, m: message });
    expect(await server.prisma.customField.count()).toBe(before + 2);
  });

  test("conditions cannot go round in a circle; the type stays while values exist; the table never changes", async () => {
    const a = await made({ name: unique("A"), tableId: "PERSON", type: "TEXT" });
    const b = await made({
      name: unique("B"),
      tableId: "PERSON",
      type: "TEXT",
      displayIfFieldId: a.id,
      displayIfFieldValue: "x",
    });
    const edit = (id: string, i: Record<string, unknown>) =>
      admin.gql<{ editCustomField: R & { field: Field | null } }>(EDIT, { id, i }).then((r) => r.data!.editCustomField);
    expect((await edit(a.id, { displayIfFieldId: b.id, displayIfFieldValue: "y" })).message).toBe(
      "Display conditions cannot go round in a circle back to this field.",
    );
    expect((await edit(a.id, { displayIfFieldId: a.id, displayIfFieldValue: "y" })).message).toBe(
      "A field cannot be its own condition field.",
    );
    expect((await edit(a.id, { tableId: "CUSTOMER" })).message).toBe("A field's table cannot change.");
    // A patch keeps what it leaves out; an empty id clears the condition.
    expect(await edit(b.id, { name: `  Renamed  ${b.id.slice(0, 4)}` })).toMatchObject({ isSuccess: true });
    expect(await edit(b.id, { displayIfFieldId: "" })).toMatchObject({ isSuccess: true });
    const row = await server.prisma.customField.findUniqueOrThrow({ where: { id: b.id } });
    expect(row).toMatchObject({ displayIfFieldId: null, displayIfFieldValue: "", type: "TEXT" });

    const person = await server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: "T", lastName: "Y" },
    });
    await admin.gql(EDIT_VALUES, { t: "PERSON", r: person.id, v: [{ fieldId: a.id, value: "12" }] });
    expect((await edit(a.id, { type: "INTEGER" })).message).toBe(
      `${a.name} has values on 1 record: its type cannot change.`,
    );
    expect(await edit(b.id, { type: "INTEGER" })).toMatchObject({ isSuccess: true, field: { type: "INTEGER" } });
  });

  test("at most 100 fields a table", async () => {
    const b = (await twoBranches(server))[0];
    const f = customFieldFactory(server.prisma);
    await server.prisma.customField.createMany({
      data: Array.from({ length: 100 }, (_, k) => ({
        branchId: b.branchId,
        name: `F${k}`,
        tableId: "LEAD" as const,
        type: "TEXT" as const,
      })),
    });
    await f(b.branchId, { tableId: "CUSTOMER" });
    const boss = await employee(b, ["WORKFLOW_CONFIGURATION"]);
    expect((await create({ name: "One more", tableId: "LEAD", type: "TEXT" }, boss)).message).toBe(
      "leads already have 100 custom fields, the most allowed.",
    );
    expect(await create({ name: "One more", tableId: "CUSTOMER", type: "TEXT" }, boss)).toMatchObject({
      isSuccess: true,
    });
  });

  test("any employee reads the fields; only WORKFLOW_CONFIGURATION changes them; another branch's are not found", async () => {
    const mine = await made({ name: unique("Gate code"), tableId: "SERVICE_ADDRESS", type: "INTEGER" });
    const clerk = await employee(branch, []);
    const list = await clerk.gql<{ customFields: Field[] }>(`{ customFields(tableId: SERVICE_ADDRESS){ id name } }`);
    expect(list.data?.customFields.map((f) => f.id)).toContain(mine.id);
    const refused = await clerk.gql(CREATE, { i: { name: "Nope", tableId: "PERSON", type: "TEXT" } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const stranger = await employee(other, ["WORKFLOW_CONFIGURATION", "PERSONNEL_MANAGEMENT"]);
    const theirs = await stranger.gql<{ customFields: Field[] }>(`{ customFields(includeInactive: true){ id } }`);
    expect(theirs.data?.customFields.map((f) => f.id)).not.toContain(mine.id);
    const one = await stranger.gql(`query($id: ID!){ customField(id: $id){ id } }`, { id: mine.id });
    expect(one.errors?.[0]?.message).toBe("Custom field not found.");
    const edit = await stranger.gql<{ editCustomField: R }>(EDIT, { id: mine.id, i: { name: "Mine now" } });
    expect(edit.errors?.[0]?.message).toBe("Custom field not found.");
    expect((await server.prisma.customField.findUniqueOrThrow({ where: { id: mine.id } })).name).toBe(mine.name);
  });
});

describe("values", () => {
  const person = () =>
    server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: "Val", lastName: crypto.randomUUID().slice(0, 6) },
    });
  const put = (recordId: string, v: { fieldId: string; value: string | null }[], as: Admin = admin, t = "PERSON") =>
    as
      .gql<{
        editCustomFieldValues: R & { fieldId: string | null; values: { fieldId: string; value: string }[] | null };
      }>(EDIT_VALUES, { t, r: recordId, v })
      .then((r) => r.data?.editCustomFieldValues ?? ({ isSuccess: false, message: r.errors?.[0]?.message } as never));
  /** Values as [fieldId, value] pairs, in the order sent. */
  const vals = (...pairs: [string, string][]) => pairs.map(([fieldId, value]) => ({ fieldId, value }));
  /** A fresh branch (its tables hold no fields yet), its boss, and a maker of its people's fields. */
  const freshBranchFields = async () => {
    const b = (await twoBranches(server))[0];
    const boss = await employee(b, ["WORKFLOW_CONFIGURATION", "PERSONNEL_MANAGEMENT"]);
    const mk = async (i: Record<string, unknown>) => (await create({ tableId: "PERSON", ...i }, boss)).field!;
    return { b, boss, mk };
  };
  const read = (recordId: string, as: Admin = admin) =>
    as.gql<{ customFieldValues: Record<string, unknown>[] }>(VALUES, { t: "PERSON", r: recordId });

  test("every type is checked, stored in its slot and read back in canonical text", async () => {
    const f = {
      date: await made({ name: unique("Hired"), tableId: "PERSON", type: "DATE" }),
      at: await made({ name: unique("Badge at"), tableId: "PERSON", type: "DATE_TIME" }),
      int: await made({ name: unique("Gate code"), tableId: "PERSON", type: "INTEGER" }),
      num: await made({ name: unique("Hardness"), tableId: "PERSON", type: "NUMERIC", decimals: 2 }),
      long: await made({ name: unique("Notes"), tableId: "PERSON", type: "REALLY_LONG_TEXT" }),
      rec: await made({ name: unique("Buddy"), tableId: "PERSON", type: "TABLE_RECORD", selectionTableId: "PERSON" }),
      text: await made({ name: unique("Shirt"), tableId: "PERSON", type: "TEXT", length: 5 }),
      opt: await made({
        name: unique("Shift"),
        tableId: "PERSON",
        type: "TEXT",
        useOptionList: true,
        optionList: ["Early", "Late"],
      }),
      bool: await made({ name: unique("Driver"), tableId: "PERSON", type: "TRUE_FALSE" }),
    };
    const p = await person();
    const buddy = await person();
    const theirPerson = await server.prisma.person.create({
      data: { branchId: other.branchId, firstName: "O", lastName: "B" },
    });
    for (const [field, value, message] of [
      [f.date, "2026-02-30", `${f.date.name} must be a date (YYYY-MM-DD).`],
      [f.date, "1800-01-01", `${f.date.name} must be between 1900-01-01 and 2099-12-31.`],
      [f.at, "tomorrow", `${f.at.name} must be a date and time.`],
      [f.int, "12a", `${f.int.name} must be a whole number.`],
      [f.int, "1.5", `${f.int.name} must be a whole number.`],
      [f.int, "99999999999", `${f.int.name} must be between -2147483647 and 2147483647.`],
      [f.num, "1.234", `${f.num.name} must have at most 2 decimal places.`],
      [f.num, "abc", `${f.num.name} must be a number.`],
      [f.num, "1".repeat(13), `${f.num.name} is too large.`],
      [f.long, "x".repeat(10_001), "A value must be at most 10000 characters."],
      [f.rec, buddy.id.slice(0, 8), `${f.rec.name}: person not found.`],
      [f.rec, theirPerson.id, `${f.rec.name}: person not found.`],
      [f.text, "abcdef", `${f.text.name} must be at most 5 characters.`],
      [f.opt, "Night", `${f.opt.name} must be one of: Early, Late.`],
      [f.bool, "yes", `${f.bool.name} must be true or false.`],
    ] as const) {
      const r = await put(p.id, [{ fieldId: field.id, value }]);
      expect({ value: value.slice(0, 20), message: r.message }).toEqual({ value: value.slice(0, 20), message });
      expect(r.fieldId ?? field.id).toBe(field.id);
    }
    expect(await server.prisma.customFieldValue.count({ where: { recordId: p.id } })).toBe(0);

    const ok = await put(
      p.id,
      vals(
        [f.date.id, "2026-02-28"],
        [f.at.id, "2026-02-28T14:30:00-05:00"],
        [f.int.id, " 1234 "],
        [f.num.id, "7.5"],
        [f.long.id, "x".repeat(5000)],
        [f.rec.id, buddy.id],
        [f.text.id, "XL"],
        [f.opt.id, "late"],
        [f.bool.id, "TRUE"],
      ),
    );
    expect(ok).toMatchObject({ isSuccess: true, message: "Saved the custom fields." });
    const byField = Object.fromEntries((await read(p.id)).data!.customFieldValues.map((v) => [v.fieldId, v]));
    expect(byField[f.date.id]).toMatchObject({ value: "2026-02-28", valueDateTime: "2026-02-28T00:00:00.000Z" });
    expect(byField[f.at.id]).toMatchObject({ value: "2026-02-28T19:30:00.000Z" });
    expect(byField[f.int.id]).toMatchObject({ value: "1234", valueInt: 1234 });
    expect(byField[f.num.id]).toMatchObject({ value: "7.50", valueDecimal: "7.5" });
    expect((byField[f.long.id]!.valueStringMax as string).length).toBe(5000);
    expect(byField[f.rec.id]).toMatchObject({ value: buddy.id, valueString: buddy.id });
    expect(byField[f.opt.id]).toMatchObject({ value: "Late" });
    expect(byField[f.bool.id]).toMatchObject({ value: "true", valueBool: true });
    // Clearing a value removes its row.
    expect(await put(p.id, [{ fieldId: f.text.id, value: "" }])).toMatchObject({ isSuccess: true });
    expect((await read(p.id)).data!.customFieldValues.map((v) => v.fieldId)).not.toContain(f.text.id);
  });

  test("required, read only, inactive, defaults; a value saved before an option was removed stays", async () => {
    const { b, boss, mk } = await freshBranchFields();
    const req = await mk({ name: "Employee number", type: "INTEGER", required: true });
    const ro = await mk({ name: "Payroll id", type: "TEXT", readOnly: true, defaultValue: "P-1" });
    const dflt = await mk({
      name: "Uniform size",
      type: "TEXT",
      useOptionList: true,
      optionList: ["S", "M", "L"],
      defaultValue: "M",
    });
    const gone = await mk({ name: "Old badge", type: "TEXT", inactive: true });
    const p = await server.prisma.person.create({ data: { branchId: b.branchId, firstName: "R", lastName: "Q" } });

    expect(await put(p.id, [], boss)).toMatchObject({
      isSuccess: false,
      message: "Employee number is required.",
      fieldId: req.id,
    });
    expect(await put(p.id, [{ fieldId: req.id, value: "  " }], boss)).toMatchObject({
      message: "Employee number is required.",
    });
    expect(await put(p.id, vals([ro.id, "P-2"], [req.id, "1"]), boss)).toMatchObject({
      message: "Payroll id is read only.",
      fieldId: ro.id,
    });
    expect(await put(p.id, [{ fieldId: gone.id, value: "x" }], boss)).toMatchObject({
      message: "Old badge is no longer in use.",
      fieldId: gone.id,
    });
    expect(await put(p.id, vals([req.id, "1"], [req.id, "2"]), boss)).toMatchObject({
      message: "Employee number is given twice.",
    });
    expect(await server.prisma.customFieldValue.count({ where: { recordId: p.id } })).toBe(0);

    // Sending the read-only value unchanged is fine; defaults are written at the first edit.
    const ok = await put(p.id, vals([ro.id, "P-1"], [req.id, "41"]), boss);
    expect(ok.isSuccess).toBe(true);
    expect(Object.fromEntries(ok.values!.map((v) => [v.fieldId, v.value]))).toEqual({
      [req.id]: "41",
      [ro.id]: "P-1",
      [dflt.id]: "M",
    });
    // A form opened before "Old badge" was set inactive sends it untouched (empty): passed over, saved.
    expect(await put(p.id, vals([gone.id, ""], [req.id, "41"]), boss)).toMatchObject({ isSuccess: true });

    // "M" is no longer an option: the stored value stays, sent unchanged it passes, a new one must be listed.
    await boss.gql(EDIT, { id: dflt.id, i: { optionList: ["S", "L"], defaultValue: "" } });
    expect(await put(p.id, vals([dflt.id, "M"], [req.id, "42"]), boss)).toMatchObject({ isSuccess: true });
    expect(await put(p.id, [{ fieldId: dflt.id, value: "XL" }], boss)).toMatchObject({
      message: "Uniform size must be one of: S, L.",
    });

    // At most as many values as the table has fields (4 here), checked before anything is read.
    const many = Array.from({ length: 5 }, () => ({ fieldId: req.id, value: "1" }));
    expect((await put(p.id, many, boss)).message).toBe("An edit carries at most 4 values, one per field of people.");
    const huge = Array.from({ length: 101 }, () => ({ fieldId: req.id, value: "1" }));
    expect((await put(p.id, huge, boss)).message).toBe("An edit carries at most 100 values, one per field.");
  });

  test("conditional display: a hidden field's value is ignored and cleared; chains follow their parents", async () => {
    const { b, boss, mk } = await freshBranchFields();
    const drives = await mk({ name: "Drives", type: "TRUE_FALSE" });
    const truck = await mk({
      name: "Truck",
      type: "TEXT",
      useOptionList: true,
      optionList: ["Box", "Flatbed"],
      displayIfFieldId: drives.id,
      displayIfFieldValue: "true",
    });
    const licence = await mk({
      name: "Licence class",
      type: "TEXT",
      required: true,
      displayIfFieldId: truck.id,
      displayIfFieldValue: "Flatbed",
    });
    const p = await server.prisma.person.create({ data: { branchId: b.branchId, firstName: "C", lastName: "D" } });

    // Hidden: a bad value sent for it is ignored, and the required grandchild is not asked for.
    const hidden = await put(p.id, vals([drives.id, "false"], [truck.id, "Tank"]), boss);
    expect(hidden).toMatchObject({ isSuccess: true, values: [{ fieldId: drives.id, value: "false" }] });
    // Shown: the child is checked; its required child appears once it says Flatbed.
    expect(await put(p.id, vals([drives.id, "true"], [truck.id, "Tank"]), boss)).toMatchObject({
      message: "Truck must be one of: Box, Flatbed.",
      fieldId: truck.id,
    });
    expect(await put(p.id, vals([drives.id, "true"], [truck.id, "Flatbed"]), boss)).toMatchObject({
      message: "Licence class is required.",
      fieldId: licence.id,
    });
    const all = await put(p.id, vals([drives.id, "true"], [truck.id, "flatbed"], [licence.id, "B"]), boss);
    expect(all.values?.length).toBe(3);
    // Turning the top field off clears both descendants.
    const off = await put(p.id, [{ fieldId: drives.id, value: "false" }], boss);
    expect(off.values).toEqual([{ fieldId: drives.id, value: "false" }]);
    expect(await server.prisma.customFieldValue.count({ where: { recordId: p.id } })).toBe(1);
  });

  test("who may read and edit values, and another branch's records, fields and values", async () => {
    const field = await made({ name: unique("Locker"), tableId: "PERSON", type: "INTEGER" });
    const p = await person();
    expect(await put(p.id, [{ fieldId: field.id, value: "7" }])).toMatchObject({ isSuccess: true });

    const clerk = await employee(branch, ["CUSTOMER_ACCESS"]);
    expect((await read(p.id, clerk)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await clerk.gql(EDIT_VALUES, { t: "PERSON", r: p.id, v: [] })).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    const cust = await factories(server.prisma).customer(
      branch.branchId,
      String(200000 + Math.floor(Math.random() * 700000)),
    );
    expect((await put(cust.id, [], admin, "CUSTOMER")).message).toBe(
      "Custom field values of customers are edited on their own screen.",
    );

    const stranger = await employee(other, ["PERSONNEL_MANAGEMENT", "WORKFLOW_CONFIGURATION"]);
    const theirs = await read(p.id, stranger);
    expect(theirs.errors?.[0]?.message).toBe("Person not found.");
    expect((await put(p.id, [{ fieldId: field.id, value: "8" }], stranger)).message).toBe("Person not found.");
    const theirPerson = await server.prisma.person.create({
      data: { branchId: other.branchId, firstName: "S", lastName: "T" },
    });
    expect((await put(theirPerson.id, [{ fieldId: field.id, value: "8" }], stranger)).message).toBe(
      "Custom field not found.",
    );
    expect((await read(theirPerson.id, stranger)).data?.customFieldValues).toEqual([]);
    expect(
      (await server.prisma.customFieldValue.findFirstOrThrow({ where: { recordId: p.id, fieldId: field.id } }))
        .valueInt,
    ).toBe(7);
  });

  test("activities: the assignee or CUSTOMER_ACCESS; project threads: CUSTOMER_ACCESS", async () => {
    const f = factories(server.prisma).workflow;
    const project = await f.project(branch.branchId, { allowOrphans: true });
    const thread = await f.thread(branch.branchId, project.id, {});
    const doer = await employee(branch, []);
    const [act] = await f.activities(branch.branchId, thread.id, project.steps[0]!.id, {
      assignedPersonId: doer.personId,
    });
    const onAct = await made({ name: unique("Gallons"), tableId: "ACTIVITY", type: "INTEGER" });
    const onThread = await made({ name: unique("Install type"), tableId: "PROJECT_THREAD", type: "TEXT" });
    expect(await put(act!.id, [{ fieldId: onAct.id, value: "5" }], doer, "ACTIVITY")).toMatchObject({
      isSuccess: true,
    });
    expect(
      (await doer.gql(EDIT_VALUES, { t: "PROJECT_THREAD", r: thread.id, v: [] })).errors?.[0]?.extensions?.code,
    ).toBe("FORBIDDEN");
    expect(await put(thread.id, [{ fieldId: onThread.id, value: "Softener" }], admin, "PROJECT_THREAD")).toMatchObject({
      isSuccess: true,
    });
    // A field of another table is not this record's.
    expect((await put(thread.id, [{ fieldId: onAct.id, value: "5" }], admin, "PROJECT_THREAD")).message).toBe(
      "Custom field not found.",
    );
  });
});
