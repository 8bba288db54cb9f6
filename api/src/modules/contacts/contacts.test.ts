import { describe, expect, test } from "bun:test";
import { type MadeBranch, serveAlphaAndBeta } from "../../../test/account-helpers.ts";
import { Client, type Factories, type TestServer } from "../../../test/harness.ts";
import { contactMessages } from "./contacts.service.ts";

let server: TestServer, f: Factories, alpha: MadeBranch, beta: MadeBranch;
serveAlphaAndBeta((made) => ({ server, f, alpha, beta } = made));

type R = { isSuccess: boolean; message: string };
type ContactResult = R & {
  contactId: string | null;
  contact: {
    id: string;
    email: string;
    role: string;
    phones: { phoneId: string; phoneNumber: string; textable: boolean; callable: boolean; phoneTypeId: string }[];
  } | null;
};
const UPDATE = `mutation($contact: UpdateContactInput!) { updateContact(contact: $contact) {
  isSuccess message contactId contact { id email role phones { phoneId phoneNumber textable callable phoneTypeId } } } }`;
const INACTIVATE = `mutation($id: ID!) { inactivateContact(input: { contactId: $id }) { isSuccess message } }`;
const MANAGE = `{ customers { id accountNumber viewerContactId viewerCanManageContacts
  contacts { id userId firstName role email phones { phoneId phoneNumber textable callable } } } }`;

let seq = 600001;

/** A customer with the user's own contact (given role) and one more contact with a phone. */
async function setup(role: "ADMINISTRATOR" | "BILLING" = "ADMINISTRATOR", branchId = alpha.id) {
  const user = await f.user(branchId);
  const customer = await f.customer(branchId, String(seq++));
  const own = await server.prisma.contact.create({
    data: {
      branchId,
      customerId: customer.id,
      userId: user.id,
      firstName: "Me",
      lastName: "Myself",
      email: user.email,
      role,
    },
  });
  const phone = await server.prisma.contactPhone.create({
    data: { branchId, contactId: own.id, phoneNumber: "(512) 555-0142", textable: false, callable: true },
  });
  const other = await server.prisma.contact.create({
    data: {
      branchId,
      customerId: customer.id,
      firstName: "Pat",
      lastName: "Other",
      email: "pat@example.com",
      role: "BILLING",
    },
  });
  const otherPhone = await server.prisma.contactPhone.create({
    data: { branchId, contactId: other.id, phoneNumber: "(512) 555-0177", textable: true, callable: true },
  });
  const c = new Client(server.url, branchId === alpha.id ? "alpha" : "beta");
  expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
  return { user, customer, own, phone, other, otherPhone, c };
}

const update = async (c: Client, contact: Record<string, unknown>) => {
  const r = await c.gql<{ updateContact: ContactResult }>(UPDATE, { contact });
  return { ...r, result: r.data?.updateContact };
};

describe("v2/manage contacts", () => {
  test("the manage query shows the linked account, its contacts and phones, and the viewer's rights", async () => {
    const { c, customer, own, other } = await setup("BILLING");
    const r = await c.gql<{ customers: Record<string, unknown>[] }>(MANAGE);
    expect(r.data?.customers).toHaveLength(1);
    expect(r.data?.customers[0]).toMatchObject({
      accountNumber: customer.accountNumber,
      viewerContactId: own.id,
      viewerCanManageContacts: false,
    });
    const contacts = r.data?.customers[0]?.contacts as { id: string }[];
    expect(contacts.map((x) => x.id).sort()).toEqual([own.id, other.id].sort());
    const roles = await c.gql<{ contactRoles: { id: string; emailRequired: boolean }[] }>(
      "{ contactRoles { id description systemReserved emailRequired } }",
    );
    expect(roles.data?.contactRoles.map((x) => x.id)).toEqual(["ADMINISTRATOR", "BILLING", "SALES", "NONE"]);
  });

  test("a user edits their own contact: names, email and phones with textable / callable flags", async () => {
    const { c, own, phone } = await setup("BILLING");
    const { result } = await update(c, {
      id: own.id,
      firstName: "Jane",
      lastName: "Doe",
      email: "jane.doe@example.com",
      phones: [
        { phoneId: phone.id, phoneNumber: "512.555.0142", textable: true, callable: false, phoneTypeId: "MOBILE" },
        { phoneNumber: "+1 (737) 555-0101", textable: false, callable: true, phoneTypeId: "work", comments: "desk" },
      ],
    });
    expect(result).toMatchObject({ isSuccess: true, message: "Contact saved.", contactId: own.id });
    expect(result?.contact?.phones).toEqual([
      { phoneId: phone.id, phoneNumber: "(512) 555-0142", textable: true, callable: false, phoneTypeId: "MOBILE" },
      {
        phoneId: expect.any(String),
        phoneNumber: "(737) 555-0101",
        textable: false,
        callable: true,
        phoneTypeId: "WORK",
      },
    ]);
    const saved = await server.prisma.contactPhone.findMany({
      where: { contactId: own.id },
      orderBy: { sortOrder: "asc" },
    });
    expect(saved.map((p) => [p.branchId, p.sortOrder, p.comments])).toEqual([
      [alpha.id, 0, ""],
      [alpha.id, 1, "desk"],
    ]);
    // leaving a phone out of the list removes it
    const second = await update(c, {
      id: own.id,
      firstName: "Jane",
      lastName: "Doe",
      email: "jane.doe@example.com",
      phones: [],
    });
    expect(second.result?.contact?.phones).toEqual([]);
  });

  test("bad input gets a clear message and changes nothing", async () => {
    const { c, own, phone } = await setup("BILLING");
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: "", lastName: "X" }, "First name is required"],
      [{ firstName: "X", lastName: " " }, "Last name is required"],
      [{ firstName: "X", lastName: "Y", email: "nope" }, "invalid email"],
      [{ firstName: "X", lastName: "Y", email: "" }, contactMessages.emailRequired("BILLING")],
      [
        {
          firstName: "X",
          lastName: "Y",
          email: "x@y.co",
          phones: [{ phoneId: phone.id, phoneNumber: "555-01", textable: true, callable: true }],
        },
        contactMessages.phone,
      ],
      [
        {
          firstName: "X",
          lastName: "Y",
          email: "x@y.co",
          phones: [{ phoneNumber: "5125550100", textable: true, callable: true, phoneTypeId: "PAGER" }],
        },
        contactMessages.phoneType,
      ],
      [{ firstName: "X", lastName: "Y", email: "x@y.co", role: "ADMINISTRATOR" }, contactMessages.notAdminRole],
    ];
    for (const [input, message] of cases) {
      const { result } = await update(c, { id: own.id, ...input });
      expect(result).toMatchObject({ isSuccess: false, message });
    }
    const row = await server.prisma.contact.findUniqueOrThrow({ where: { id: own.id }, include: { phones: true } });
    expect(row).toMatchObject({ firstName: "Me", role: "BILLING" });
    expect(row.phones.map((p) => [p.phoneNumber, p.textable])).toEqual([["(512) 555-0142", false]]);
  });

  test("only an administrator edits other contacts and roles, and not their own role", async () => {
    const notAdmin = await setup("BILLING");
    const refused = await update(notAdmin.c, {
      id: notAdmin.other.id,
      firstName: "Pat",
      lastName: "Other",
      email: "pat@example.com",
    });
    expect(refused.result).toMatchObject({ isSuccess: false, message: contactMessages.notAdmin });

    const admin = await setup("ADMINISTRATOR");
    const ok = await update(admin.c, {
      id: admin.other.id,
      firstName: "Patricia",
      lastName: "Other",
      email: "pat@example.com",
      role: "SALES",
      phones: [{ phoneId: admin.otherPhone.id, phoneNumber: "5125550177", textable: false, callable: false }],
    });
    expect(ok.result).toMatchObject({ isSuccess: true, contact: { role: "SALES" } });
    expect(ok.result?.contact?.phones[0]).toMatchObject({ textable: false, callable: false });
    const own = await update(admin.c, {
      id: admin.own.id,
      firstName: "Me",
      lastName: "Myself",
      email: admin.user.email,
      role: "BILLING",
    });
    expect(own.result).toMatchObject({ isSuccess: false, message: contactMessages.ownRole });
    const added = await update(admin.c, {
      customerId: admin.customer.id,
      firstName: "New",
      lastName: "Person",
      email: "",
      role: "SALES",
      phones: [{ phoneNumber: "512 555 0100", textable: true, callable: true }],
    });
    expect(added.result).toMatchObject({ isSuccess: true, message: "Contact added.", contact: { role: "SALES" } });
    const row = await server.prisma.contact.findUniqueOrThrow({ where: { id: added.result!.contactId! } });
    expect(row).toMatchObject({ branchId: alpha.id, customerId: admin.customer.id, userId: null });
  });

  test("another customer's or another branch's ids are refused (not found) and nothing changes", async () => {
    const mine = await setup("ADMINISTRATOR");
    const theirs = await setup("ADMINISTRATOR");
    const foreign = await setup("ADMINISTRATOR", beta.id);

    for (const id of [theirs.other.id, theirs.own.id, foreign.other.id]) {
      const r = await update(mine.c, { id, firstName: "Hacked", lastName: "X", email: "h@x.co" });
      expect(r.status).toBe(404);
      expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      const del = await mine.c.gql(INACTIVATE, { id });
      expect(del.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
    const add = await update(mine.c, {
      customerId: theirs.customer.id,
      firstName: "In",
      lastName: "Truder",
      email: "i@t.co",
    });
    expect(add.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    // a phone of another contact can't be moved onto mine
    const steal = await update(mine.c, {
      id: mine.own.id,
      firstName: "Me",
      lastName: "Myself",
      email: mine.user.email,
      phones: [{ phoneId: theirs.phone.id, phoneNumber: "5125550142", textable: true, callable: true }],
    });
    expect(steal.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    const untouched = await server.prisma.contact.findMany({
      where: { id: { in: [theirs.other.id, theirs.own.id, foreign.other.id] } },
      include: { phones: true },
    });
    expect(untouched.every((x) => x.firstName !== "Hacked" && !x.inactive)).toBe(true);
    expect(await server.prisma.contactPhone.findUniqueOrThrow({ where: { id: theirs.phone.id } })).toMatchObject({
      contactId: theirs.own.id,
      textable: false,
    });
    expect(await server.prisma.contact.count({ where: { customerId: theirs.customer.id } })).toBe(2);
  });

  test("inactivateContact: administrators remove others; anyone unlinks themselves", async () => {
    const notAdmin = await setup("BILLING");
    const refused = await notAdmin.c.gql<{ inactivateContact: R }>(INACTIVATE, { id: notAdmin.other.id });
    expect(refused.data?.inactivateContact).toEqual({ isSuccess: false, message: contactMessages.notAdmin });
    const self = await notAdmin.c.gql<{ inactivateContact: R }>(INACTIVATE, { id: notAdmin.own.id });
    expect(self.data?.inactivateContact).toEqual({
      isSuccess: true,
      message: `You're no longer linked to account ${notAdmin.customer.accountNumber}.`,
    });
    expect((await notAdmin.c.gql<{ customers: unknown[] }>(MANAGE)).data?.customers).toEqual([]);

    const admin = await setup("ADMINISTRATOR");
    const removed = await admin.c.gql<{ inactivateContact: R }>(INACTIVATE, { id: admin.other.id });
    expect(removed.data?.inactivateContact).toEqual({
      isSuccess: true,
      message: `Pat Other was removed from account ${admin.customer.accountNumber}.`,
    });
    expect((await server.prisma.contact.findUniqueOrThrow({ where: { id: admin.other.id } })).inactive).toBe(true);
    const again = await admin.c.gql(INACTIVATE, { id: admin.other.id });
    expect(again.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  test("the only administrator can't leave while another portal user depends on the account", async () => {
    const admin = await setup("ADMINISTRATOR");
    const second = await f.user(alpha.id);
    await server.prisma.contact.update({ where: { id: admin.other.id }, data: { userId: second.id } });
    const r = await admin.c.gql<{ inactivateContact: R }>(INACTIVATE, { id: admin.own.id });
    expect(r.data?.inactivateContact).toEqual({ isSuccess: false, message: contactMessages.lastAdmin });
  });

  test("signed out -> 401; employees are not portal users here -> 403", async () => {
    const { own } = await setup();
    expect((await new Client(server.url, "alpha").gql(INACTIVATE, { id: own.id })).status).toBe(401);
    const emp = await f.user(alpha.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
    const c = new Client(server.url, "alpha");
    await c.login(emp.email, emp.password);
    expect((await c.gql(INACTIVATE, { id: own.id })).status).toBe(403);
  });
});
