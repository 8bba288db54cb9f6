import { z } from "zod";
import { assertMayChangePerson, assertMayConferGroups, keepAnAdministrator } from "../../auth/confer.ts";
import { hasPassword, UNSET_PASSWORD } from "../../auth/password.ts";
import { clock } from "../../clock.ts";
import { AppError, badInput } from "../../errors.ts";
import type { Person, Prisma } from "../../generated/prisma/client.ts";
import { MEDIA_KEY } from "../../integrations/storage/storage.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { accountLink, emailChangeNoticeMail, sendAccountMail, verificationMail } from "../account/account-mail.ts";
import { hashToken, issueToken } from "../account/email-tokens.ts";
import { deleteStoredMedia, saveUploadedImage } from "../media/media.service.ts";

// Employees (Person) of the branch: the list, one person, creating one with a sign-in invitation,
// editing, and deactivating (their sessions end at once and they cannot sign in until reactivated).
// A person is never deleted here: deactivating keeps everything that refers to them intact. Changing a
// person needs holding everything they hold (auth/confer.ts): personnel staff cannot edit, invite or
// deactivate an administrator, nor create someone inside a group whose grants they lack.

/** An invitation link stays valid for a week (a password reset link only for an hour). */
export const INVITE_LIFETIME_MS = 7 * 24 * 3600_000;

export const personnelMessages = {
  notFound: "Person not found.",
  emailTaken: "Someone already signs in with this email address.",
  selfDeactivate: "You can't deactivate yourself.",
  noEmail: "This person has no email address: add one before sending an invitation.",
  hasPassword: (name: string) =>
    `${name} has already set a password: they can sign in, or use "Forgot password" on the sign-in page.`,
  emailPending: (email: string) =>
    `Saved. The sign-in email changes once the link we sent to ${email} is followed; the current address was told.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  created: (name: string) => `${name} was added.`,
  deactivated: (name: string) => `${name} is deactivated: signed out everywhere and can no longer sign in.`,
  reactivated: (name: string) => `${name} is active again.`,
};

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export async function requirePerson(ctx: Context, personId: string): Promise<Person> {
  const person = await ctx.db.person.findUnique({ where: { id: personId } });
  if (!person) throw new AppError("NOT_FOUND", personnelMessages.notFound);
  return person;
}

// ───────────── lists ─────────────

export const PERSONNEL_SORTS = ["NAME", "EMAIL", "JOB_TITLE", "CREATED"] as const;
export type PersonnelSort = (typeof PERSONNEL_SORTS)[number];

const listInput = z.object({
  skip: z.number().int().min(0, "skip must be zero or more.").default(0),
  take: z.number().int().min(1, "take must be at least 1.").max(100, "take must be at most 100.").default(50),
  search: z.string().trim().max(100, "Search at most 100 characters.").default(""),
  sortBy: z.enum(PERSONNEL_SORTS).default("NAME"),
  sortDirection: z.enum(["ASC", "DESC"]).default("ASC"),
  includeInactive: z.boolean().default(false),
});

function orderBy(sort: PersonnelSort, dir: "asc" | "desc"): Prisma.PersonOrderByWithRelationInput[] {
  switch (sort) {
    case "NAME":
      return [{ lastName: dir }, { firstName: dir }, { id: "asc" }];
    case "EMAIL":
      return [{ email: dir }, { id: "asc" }];
    case "JOB_TITLE":
      return [{ jobTitle: dir }, { lastName: "asc" }, { id: "asc" }];
    case "CREATED":
      return [{ createdAt: dir }, { id: "asc" }];
  }
}

/** A page of employees, searchable by name, email or job title, sorted on the server. */
export async function personnel(
  ctx: Context,
  input: {
    skip?: number | null;
    take?: number | null;
    search?: string | null;
    sortBy?: PersonnelSort | null;
    sortDirection?: "ASC" | "DESC" | null;
    includeInactive?: boolean | null;
  },
) {
  const v = parseInput(listInput, withoutNulls(input));
  const words = v.search.split(/\s+/).filter(Boolean);
  const where: Prisma.PersonWhereInput = {
    ...(v.includeInactive ? {} : { inactive: false }),
    AND: words.map((w) => ({
      OR: [
        { firstName: { contains: w, mode: "insensitive" as const } },
        { lastName: { contains: w, mode: "insensitive" as const } },
        { email: { contains: w, mode: "insensitive" as const } },
        { jobTitle: { contains: w, mode: "insensitive" as const } },
      ],
    })),
  };
  const [items, totalCount] = await Promise.all([
    ctx.db.person.findMany({
      where,
      orderBy: orderBy(v.sortBy, v.sortDirection === "DESC" ? "desc" : "asc"),
      skip: v.skip,
      take: v.take,
    }),
    ctx.db.person.count({ where }),
  ]);
  return { items, totalCount, skip: v.skip, take: v.take };
}

/** Active employees (for pickers): everyone, or the members of one security group (a team). */
export function activePersonnel(ctx: Context, securityGroupId?: string | null) {
  return ctx.db.person.findMany({
    where: {
      inactive: false,
      ...(securityGroupId ? { memberships: { some: { groupId: securityGroupId } } } : {}),
    },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
  });
}

/** Active employees who can sign in to the team area (they have a user). */
export function teamPersonnel(ctx: Context) {
  return ctx.db.person.findMany({
    where: { inactive: false, user: { isNot: null } },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
  });
}

// Per-person details read per row of a list (groups, sign-in, invitation, an API key's person):
// personnel.rows.ts, batched.
export { groupsOf, invitePending, personOf, userOf } from "./personnel.rows.ts";

// ───────────── create, edit, invite, deactivate ─────────────

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required.`).max(60, `${label} must be at most 60 characters.`);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Email must be at most 254 characters.")
  .refine((e) => e === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e), "invalid email");
const details = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email,
  jobTitle: z.string().trim().max(80, "Job title must be at most 80 characters.").default(""),
  phone: z
    .string()
    .trim()
    .max(30, "Phone must be at most 30 characters.")
    .refine((p) => p === "" || /^[0-9+().\-\s]{7,30}$/.test(p), "Phone can hold digits, spaces, +, -, ( and ) only.")
    .default(""),
  etaReminders: z.boolean().default(false),
});

export type PersonDetailsInput = {
  firstName: string;
  lastName: string;
  email?: string | null;
  jobTitle?: string | null;
  phone?: string | null;
  etaReminders?: boolean | null;
};

async function emailTaken(ctx: Context, address: string, exceptPersonId?: string) {
  if (!address) return false;
  const [user, person] = await Promise.all([
    ctx.db.user.findFirst({ where: { email: address }, select: { personId: true } }),
    ctx.db.person.findFirst({
      where: {
        email: { equals: address, mode: "insensitive" },
        ...(exceptPersonId ? { id: { not: exceptPersonId } } : {}),
      },
      select: { id: true },
    }),
  ]);
  return (!!user && user.personId !== exceptPersonId) || !!person;
}

/** Adds an employee; with `invite` (and an email) they get a user and a mailed set-password link. */
export async function createEmployee(
  ctx: Context,
  input: PersonDetailsInput & { securityGroupIds?: readonly string[] | null; invite?: boolean | null },
) {
  const v = parseInput(details, withoutNulls(input));
  const invite = input.invite ?? true;
  if (invite && !v.email) throw badInput(personnelMessages.noEmail);
  if (await emailTaken(ctx, v.email)) throw new AppError("CONFLICT", personnelMessages.emailTaken);
  const groupIds = [...new Set(input.securityGroupIds ?? [])];
  if (groupIds.length > 100) throw badInput("A person can be put in at most 100 groups at once.");
  if (groupIds.length) {
    const found = await ctx.db.securityGroup.count({ where: { id: { in: groupIds } } });
    if (found !== groupIds.length) throw new AppError("NOT_FOUND", "Security group not found.");
    await assertMayConferGroups(ctx, groupIds);
  }
  const person = await ctx.db.person.create({
    // `details` keeps only the person's own fields, so the parsed input is the row's data as it is
    data: { branchId: ctx.branch.id, ...v },
  });
  if (groupIds.length)
    await ctx.db.securityGroupMember.createMany({
      data: groupIds.map((groupId) => ({ branchId: ctx.branch.id, groupId, personId: person.id })),
    });
  let message = personnelMessages.created(fullName(person));
  if (invite) message = `${message} ${(await sendEmployeeInvite(ctx, person.id)).message}`;
  return { isSuccess: true, message, person };
}

/**
 * Mails a set-password link; creates the person's user (with no password) when they have none. A user
 * who has set a password is never sent one: a link that sets a password is a way into their account.
 */
export async function sendEmployeeInvite(ctx: Context, personId: string) {
  const person = await requirePerson(ctx, personId);
  await assertMayChangePerson(ctx, person);
  if (!person.email) throw badInput(personnelMessages.noEmail);
  if (person.inactive) throw badInput("Reactivate this person before inviting them.");
  let user = await ctx.db.user.findFirst({
    where: { personId },
    select: { id: true, email: true, passwordHash: true },
  });
  if (user && hasPassword(user.passwordHash)) throw badInput(personnelMessages.hasPassword(fullName(person)));
  if (!user) {
    if (await emailTaken(ctx, person.email, personId)) throw new AppError("CONFLICT", personnelMessages.emailTaken);
    user = await ctx.db.user.create({
      data: {
        branchId: ctx.branch.id,
        email: person.email.toLowerCase(),
        firstName: person.firstName,
        lastName: person.lastName,
        // No password matches it: the invitation link sets the real one.
        passwordHash: UNSET_PASSWORD,
        verifiedEmail: false,
        personId,
      },
      select: { id: true, email: true, passwordHash: true },
    });
  }
  const token = await issueToken(ctx, { userId: user.id, kind: "RESET_PASSWORD", email: user.email });
  await ctx.db.emailToken.update({
    where: { id: hashToken(token) },
    data: { expiresAt: new Date(clock.nowMs() + INVITE_LIFETIME_MS) },
  });
  const url = accountLink(ctx, "/v2/account/reset-password", token);
  const company = ctx.branch.company;
  const inviter = ctx.viewer ? fullName(ctx.viewer) : company;
  void sendAccountMail(
    ctx,
    user.email,
    `You're invited to the ${company} team`,
    {
      heading: `Join the ${company} team`,
      greeting: `Hello ${person.firstName},`,
      paragraphs: [
        `${inviter} added you to the ${company} team. Choose a password to sign in to the back office.`,
        "After setting it, sign in at the team sign-in page with this email address.",
      ],
      action: { label: "Set your password", url },
      footnotes: ["This link expires in 7 days and can be used once."],
    },
    [token],
  ).catch((error) => log.error("invite mail failed", { error }));
  return { isSuccess: true, message: personnelMessages.invited(user.email) };
}

/**
 * Edits a person's details. Their sign-in email changes only once the new address is confirmed (a link
 * mailed there; the current address is told), as when people change it themselves: whoever edits a
 * person cannot move their sign-in, and its reset links, to an address of their choosing.
 */
export async function updatePerson(ctx: Context, input: PersonDetailsInput & { personId: string }) {
  const person = await requirePerson(ctx, input.personId);
  await assertMayChangePerson(ctx, person);
  const v = parseInput(details, withoutNulls(input));
  const user = await ctx.db.user.findFirst({
    where: { personId: person.id },
    select: { id: true, email: true, firstName: true },
  });
  if (v.email !== person.email.toLowerCase() && (await emailTaken(ctx, v.email, person.id)))
    throw new AppError("CONFLICT", personnelMessages.emailTaken);
  if (user && !v.email) throw badInput("People who sign in need an email address.");
  const updated = await ctx.db.person.update({
    where: { id: person.id },
    data: v,
  });
  let message = "Saved.";
  if (user) {
    await ctx.db.user.update({ where: { id: user.id }, data: { firstName: v.firstName, lastName: v.lastName } });
    ctx.runtime.sessions.forgetUser(user.id);
    if (user.email !== v.email) {
      const token = await issueToken(ctx, { userId: user.id, kind: "VERIFY_EMAIL", email: v.email });
      void verificationMail(ctx, { to: v.email, firstName: v.firstName, token, change: true }).catch((error) =>
        log.error("verification mail failed", { error }),
      );
      void emailChangeNoticeMail(ctx, { to: user.email, firstName: v.firstName, newEmail: v.email }).catch((error) =>
        log.error("email change notice failed", { error }),
      );
      message = personnelMessages.emailPending(v.email);
    }
  }
  return { person: updated, message };
}

/** Where the person's photo is served, or null without one. `photoId` holds the stored file's key. */
export const photoUrl = (p: Pick<Person, "photoId">) =>
  p.photoId && MEDIA_KEY.test(p.photoId) ? `/media/${p.photoId}` : null;

/**
 * Sets the person's photo from an upload (PNG, JPEG, WebP or GIF of at most 5 MB, checked by its
 * bytes), or removes it when `upload` is null. The file of the photo it replaces is deleted.
 */
export async function setPersonPhoto(
  ctx: Context,
  personId: string,
  upload: { fileName?: string | null; dataBase64: string } | null,
) {
  const person = await requirePerson(ctx, personId);
  await assertMayChangePerson(ctx, person);
  const saved = upload ? await saveUploadedImage(ctx, upload) : null;
  const updated = await ctx.db.person.update({ where: { id: person.id }, data: { photoId: saved?.key ?? null } });
  if (person.photoId && MEDIA_KEY.test(person.photoId)) await deleteStoredMedia(ctx, person.photoId);
  return updated;
}

/** Deactivates (their sessions end at once, sign-in refused) or reactivates a person. */
export async function setPersonInactive(ctx: Context, personId: string, inactive: boolean) {
  const person = await requirePerson(ctx, personId);
  await assertMayChangePerson(ctx, person);
  if (inactive && ctx.viewer?.personId === personId) throw badInput(personnelMessages.selfDeactivate);
  await keepAnAdministrator(ctx, (tx) => tx.person.update({ where: { id: personId }, data: { inactive } }));
  if (inactive) {
    const user = await ctx.db.user.findFirst({ where: { personId }, select: { id: true } });
    if (user) await ctx.runtime.sessions.endUserSessions(user.id);
  }
  return {
    isSuccess: true,
    message: inactive
      ? personnelMessages.deactivated(fullName(person))
      : personnelMessages.reactivated(fullName(person)),
  };
}
