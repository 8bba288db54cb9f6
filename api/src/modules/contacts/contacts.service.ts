import { z } from "zod";
import type { ScopedDb } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import type { ContactRole } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";

// Contacts of customer accounts as the portal sees them. A portal user is linked to a customer by an
// active Contact with their userId (docs/decisions/0005). On v2/manage a user edits their own contact;
// a user whose contact is an ADMINISTRATOR also edits, adds and removes the account's other contacts.

export const contactRoles: { id: ContactRole; description: string; systemReserved: boolean; emailRequired: boolean }[] =
  [
    { id: "ADMINISTRATOR", description: "Administrator", systemReserved: false, emailRequired: true },
    { id: "BILLING", description: "Billing", systemReserved: false, emailRequired: true },
    { id: "SALES", description: "Sales", systemReserved: false, emailRequired: false },
    { id: "NONE", description: "None", systemReserved: true, emailRequired: false },
  ];

export const PHONE_TYPES = ["MOBILE", "HOME", "WORK", "FAX", "OTHER"] as const;
export const MAX_PHONES = 5;

export const contactMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "invalid email",
  emailRequired: (role: string) => `An email address is required for a ${role.toLowerCase()} contact.`,
  phone: "Enter phone numbers with 10 digits, like (512) 555-0142.",
  phoneType: "Choose a phone type: mobile, home, work, fax or other.",
  tooManyPhones: `A contact can have at most ${MAX_PHONES} phone numbers.`,
  notAdmin: "Only an account administrator can change other contacts.",
  notAdminRole: "Only an account administrator can change contact roles.",
  ownRole: "You can't change your own role.",
  lastAdmin: "This is the account's only administrator. Make another contact an administrator first.",
  saved: "Contact saved.",
  added: "Contact added.",
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "(512) 555-0142" from any way of writing a 10-digit North American number; null when it isn't one. */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

// ───────────── linking users to customers (used by the account module) ─────────────

/** Where an email already appears on a customer contact without a portal user: the best match. */
export async function findContactByEmail(db: ScopedDb, email: string) {
  const rows = await db.contact.findMany({
    where: {
      email: { equals: email, mode: "insensitive" },
      userId: null,
      inactive: false,
      customer: { status: { not: "DELETED" } },
    },
    select: {
      id: true,
      role: true,
      firstName: true,
      lastName: true,
      customerId: true,
      createdAt: true,
      customer: { select: { accountNumber: true } },
    },
    orderBy: { createdAt: "asc" },
  });
  const rank: Record<ContactRole, number> = { ADMINISTRATOR: 0, BILLING: 1, SALES: 2, NONE: 3 };
  rows.sort((a, b) => rank[a.role] - rank[b.role]);
  return rows[0] ?? null;
}

/**
 * Links a user to a customer: their active contact there if they have one; else the customer's contact
 * with the same email and no user (it keeps its role); else a new ADMINISTRATOR contact (whoever holds the
 * account number and security code speaks for the account). Returns whether a new link was made.
 */
export async function attachUserToCustomer(
  db: ScopedDb,
  input: { branchId: string; userId: string; customerId: string; firstName: string; lastName: string; email: string },
): Promise<{ contactId: string; created: boolean }> {
  const existing = await db.contact.findFirst({
    where: { customerId: input.customerId, userId: input.userId, inactive: false },
    select: { id: true },
  });
  if (existing) return { contactId: existing.id, created: false };
  const byEmail = await db.contact.findFirst({
    where: {
      customerId: input.customerId,
      userId: null,
      inactive: false,
      email: { equals: input.email, mode: "insensitive" },
    },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  if (byEmail) {
    await db.contact.update({ where: { id: byEmail.id }, data: { userId: input.userId } });
    return { contactId: byEmail.id, created: true };
  }
  const contact = await db.contact.create({
    data: {
      branchId: input.branchId,
      customerId: input.customerId,
      userId: input.userId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      role: "ADMINISTRATOR",
    },
    select: { id: true },
  });
  return { contactId: contact.id, created: true };
}

/**
 * After a user proves they own `email` (verification link): link them to every customer whose active
 * contact has that email, no portal user, and a role other than NONE. Returns the account numbers.
 */
export async function linkContactsByVerifiedEmail(db: ScopedDb, input: { userId: string; email: string }) {
  const rows = await db.contact.findMany({
    where: {
      email: { equals: input.email, mode: "insensitive" },
      userId: null,
      inactive: false,
      role: { not: "NONE" },
      customer: { status: { not: "DELETED" } },
    },
    select: { id: true, customerId: true, customer: { select: { accountNumber: true } } },
    orderBy: { createdAt: "asc" },
  });
  const linked: string[] = [];
  for (const row of rows) {
    const already = await db.contact.findFirst({
      where: { customerId: row.customerId, userId: input.userId, inactive: false },
      select: { id: true },
    });
    if (already) continue;
    await db.contact.update({ where: { id: row.id }, data: { userId: input.userId } });
    linked.push(row.customer.accountNumber);
  }
  return linked;
}

// ───────────── v2/manage: editing contacts ─────────────

/** The viewer's own active contact on a customer (null for employees looking on). */
export function viewerContact(ctx: Context, customerId: string) {
  if (!ctx.viewer) return Promise.resolve(null);
  return ctx.db.contact.findFirst({
    where: { customerId, userId: ctx.viewer.userId, inactive: false },
    select: { id: true, role: true },
    orderBy: { createdAt: "asc" },
  });
}

export async function viewerCanManageContacts(ctx: Context, customerId: string) {
  return (await viewerContact(ctx, customerId))?.role === "ADMINISTRATOR";
}

const phoneInput = z.object({
  phoneId: z.string().nullish(),
  phoneNumber: z.string(),
  textable: z.boolean(),
  callable: z.boolean(),
  phoneTypeId: z.string().nullish(),
  comments: z.string().max(200, "Phone comments can be at most 200 characters.").nullish(),
});

export const updateContactInput = z.object({
  id: z.string().nullish(),
  customerId: z.string().nullish(),
  firstName: z.string().trim().min(1, contactMessages.firstName).max(60, "First name is too long."),
  lastName: z.string().trim().min(1, contactMessages.lastName).max(60, "Last name is too long."),
  email: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .refine((e) => !e || EMAIL.test(e), contactMessages.email),
  role: z.enum(["ADMINISTRATOR", "BILLING", "SALES", "NONE"]).nullish(),
  phones: z.array(phoneInput).max(MAX_PHONES, contactMessages.tooManyPhones).nullish(),
});
export type UpdateContactInput = z.input<typeof updateContactInput>;

type ContactResult = { isSuccess: boolean; message: string; contactId: string | null };
const fail = (message: string): ContactResult => ({ isSuccess: false, message, contactId: null });

/** Edits a contact (or, without id, adds one to `customerId`), replacing its phones when given. */
export async function updateContact(ctx: Context, raw: UpdateContactInput): Promise<ContactResult> {
  const parsed = updateContactInput.safeParse(raw);
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Invalid contact.");
  const input = parsed.data;

  let contact: { id: string; customerId: string; userId: string | null; role: ContactRole } | null = null;
  let customerId: string;
  if (input.id) {
    contact = await ctx.db.contact.findFirst({
      where: { id: input.id, inactive: false },
      select: { id: true, customerId: true, userId: true, role: true },
    });
    if (!contact) throw new AppError("NOT_FOUND", "Contact not found.");
    customerId = contact.customerId;
  } else {
    if (!input.customerId) return fail("Choose the account to add the contact to.");
    customerId = input.customerId;
  }

  const mine = await viewerContact(ctx, customerId);
  const isAdmin = mine?.role === "ADMINISTRATOR";
  const isOwn = !!contact && contact.userId === ctx.viewer?.userId;
  if (!isOwn && !isAdmin) return fail(contactMessages.notAdmin);

  const role = input.role ?? contact?.role ?? "NONE";
  if (contact && role !== contact.role) {
    if (!isAdmin) return fail(contactMessages.notAdminRole);
    if (isOwn) return fail(contactMessages.ownRole);
  }
  if (!contact && input.role && input.role !== "NONE" && !isAdmin) return fail(contactMessages.notAdminRole);
  const email = input.email?.trim() ?? "";
  if (!email && contactRoles.find((r) => r.id === role)?.emailRequired)
    return fail(contactMessages.emailRequired(role));

  // phones: validate all before writing any
  const phones: {
    id?: string;
    phoneNumber: string;
    textable: boolean;
    callable: boolean;
    phoneTypeId: string;
    comments: string;
  }[] = [];
  if (input.phones) {
    const current = contact
      ? await ctx.db.contactPhone.findMany({ where: { contactId: contact.id }, select: { id: true } })
      : [];
    const currentIds = new Set(current.map((p) => p.id));
    for (const p of input.phones) {
      const number = normalizePhone(p.phoneNumber);
      if (!number) return fail(contactMessages.phone);
      const type = (p.phoneTypeId ?? "MOBILE").toUpperCase();
      if (!(PHONE_TYPES as readonly string[]).includes(type)) return fail(contactMessages.phoneType);
      if (p.phoneId && !currentIds.has(p.phoneId)) throw new AppError("NOT_FOUND", "Phone not found.");
      phones.push({
        id: p.phoneId ?? undefined,
        phoneNumber: number,
        textable: p.textable,
        callable: p.callable,
        phoneTypeId: type,
        comments: p.comments?.trim() ?? "",
      });
    }
  }

  const data = { firstName: input.firstName, lastName: input.lastName, email, role };
  const contactId = await ctx.db.$transaction(async (tx) => {
    const db = tx as unknown as ScopedDb;
    let id: string;
    if (contact) {
      await db.contact.update({ where: { id: contact.id }, data });
      id = contact.id;
    } else {
      id = (await db.contact.create({ data: { ...data, customerId, branchId: ctx.branch.id }, select: { id: true } }))
        .id;
    }
    if (input.phones) {
      const keep = phones.flatMap((p) => (p.id ? [p.id] : []));
      await db.contactPhone.deleteMany({ where: { contactId: id, id: { notIn: keep } } });
      for (const [sortOrder, p] of phones.entries()) {
        const fields = {
          phoneNumber: p.phoneNumber,
          textable: p.textable,
          callable: p.callable,
          phoneTypeId: p.phoneTypeId,
          comments: p.comments,
          sortOrder,
        };
        if (p.id) await db.contactPhone.update({ where: { id: p.id }, data: fields });
        else await db.contactPhone.create({ data: { ...fields, contactId: id, branchId: ctx.branch.id } });
      }
    }
    return id;
  });
  return { isSuccess: true, message: contact ? contactMessages.saved : contactMessages.added, contactId };
}

/**
 * Removes a contact from the account (inactive; the branch keeps the record). Your own contact unlinks
 * you from the account; other contacts need an administrator. The last administrator linked to the
 * portal can't remove themselves while other contacts depend on them.
 */
export async function inactivateContact(ctx: Context, contactId: string) {
  const contact = await ctx.db.contact.findFirst({
    where: { id: contactId, inactive: false },
    select: {
      id: true,
      customerId: true,
      userId: true,
      role: true,
      firstName: true,
      lastName: true,
      customer: { select: { accountNumber: true } },
    },
  });
  if (!contact) throw new AppError("NOT_FOUND", "Contact not found.");
  const isOwn = contact.userId === ctx.viewer?.userId;
  if (!isOwn && !(await viewerCanManageContacts(ctx, contact.customerId)))
    return { isSuccess: false, message: contactMessages.notAdmin };
  if (isOwn && contact.role === "ADMINISTRATOR") {
    const [otherAdmins, otherUsers] = await Promise.all([
      ctx.db.contact.count({
        where: { customerId: contact.customerId, inactive: false, role: "ADMINISTRATOR", id: { not: contact.id } },
      }),
      ctx.db.contact.count({
        where: { customerId: contact.customerId, inactive: false, userId: { not: null }, id: { not: contact.id } },
      }),
    ]);
    if (otherUsers > 0 && otherAdmins === 0) return { isSuccess: false, message: contactMessages.lastAdmin };
  }
  await ctx.db.contact.update({ where: { id: contact.id }, data: { inactive: true } });
  return {
    isSuccess: true,
    message: isOwn
      ? `You're no longer linked to account ${contact.customer.accountNumber}.`
      : `${`${contact.firstName} ${contact.lastName}`.trim()} was removed from account ${contact.customer.accountNumber}.`,
  };
}
