import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { capLengths, INPUT_MAX } from "../../auth/input-limits.ts";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../../auth/password.ts";
import { sessionCookie } from "../../auth/session.ts";
import type { ScopedDb } from "../../db/scoped.ts";
import { AppError } from "../../errors.ts";
import type { ContactRole } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { attachUserToCustomer, findContactByEmail } from "../contacts/contacts.service.ts";
import { loginMessages } from "./account.service.ts";
import { verificationMail } from "./account-mail.ts";
import { emailCheckBlocked, reserveLinkAttempt, reserveMail, reserveSignup } from "./attempt-limits.ts";
import { issueToken } from "./email-tokens.ts";
import { addressInput, createProspectCustomer } from "./signup.prospect.ts";

export { addressMessages } from "./signup.prospect.ts";

// Creating a portal account (docs/decisions/0100-0104):
// - newAccountEmailCheck tells the create-account flow which step comes next;
// - tryCreateAccount makes the user (unverified, signed in) and links a customer by account number and
//   security code, or (existing-email step) by the email on a customer contact once it is verified, or
//   (where the branch allows it) makes a new prospect customer from the address form;
// - linkToCustomer links another account to a signed-in user.
// The new prospect customer (its address form and the customer written): signup.prospect.ts.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const signupMessages = {
  invalidEmail: "invalid email",
  required: "first name, last name, and password required",
  linkRequired: "account number and security code required",
  passwordShort: "Passwords must be at least 6 characters",
  emailUsed: 'This email is already in use (use "reset password" if this is your email).',
  accountNumberFormat: "Account numbers are 6 or 7 digits.",
  codeFormat: "Security codes are 4 digits.",
  noMatch: "That account number and security code don't match our records.",
  linkBlocked: "Too many attempts to link this account. Please wait 15 minutes and try again.",
  existingOnly:
    "Only existing customers can create an account online. Link your customer account with its account number and security code.",
  emailCheckBlocked: "Too many email checks from your network. Please wait 15 minutes and try again.",
  signupBlocked: "Too many new accounts from your network. Please try again in an hour.",
  createdLinked: (accountNumber: string) =>
    `Your account is created and linked to account ${accountNumber}. We sent you an email: follow its link to verify your address.`,
  createdPending:
    "Your account is created. We sent you an email: follow its link to verify your address and finish linking your customer account.",
  createdNew: (accountNumber: string) =>
    `Welcome! Your new customer account number is ${accountNumber}. We sent you an email: follow its link to verify your address.`,
  linked: (accountNumber: string) => `Account ${accountNumber} is now linked.`,
  alreadyLinked: (accountNumber: string) => `Account ${accountNumber} is already linked to your sign-in.`,
};

// ───────────── the email check ─────────────

export type EmailAvailability = {
  status: "AVAILABLE" | "AVAILABLE_WITH_DATA" | "ALREADY_USED";
  existing: { role: ContactRole; customerId: string; first: string; last: string } | null;
};

export async function newAccountEmailCheck(ctx: Context, rawEmail: string): Promise<EmailAvailability> {
  capLengths([[rawEmail.trim(), INPUT_MAX.email, "Email"]]);
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw new AppError("BAD_USER_INPUT", signupMessages.invalidEmail);
  if (await emailCheckBlocked(ctx)) throw new AppError("RATE_LIMITED", signupMessages.emailCheckBlocked);
  const user = await ctx.db.user.findFirst({ where: { email }, select: { id: true } });
  if (user) return { status: "ALREADY_USED", existing: null };
  const contact = await findContactByEmail(ctx.db, email);
  if (!contact) return { status: "AVAILABLE", existing: null };
  return {
    status: "AVAILABLE_WITH_DATA",
    existing: {
      role: contact.role,
      // The account number, as the customer would type it in linkingInfo.customerId.
      customerId: contact.customer.accountNumber,
      first: contact.firstName,
      last: contact.lastName,
    },
  };
}

// ───────────── checking an account number and security code ─────────────

/** The account number as typed: spaces, dashes and a leading # are ignored. */
export const normalizeAccountNumber = (s: string) => s.replace(/[\s#-]/g, "");

function sameCode(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type CodeCheck = { ok: true; customer: { id: string; accountNumber: string } } | { ok: false; message: string };

/** Checks an account number and security code, counting the attempt; a wrong pair tells nothing more. */
async function checkSecurityCode(ctx: Context, rawAccountNumber: string, rawCode: string): Promise<CodeCheck> {
  const accountNumber = normalizeAccountNumber(rawAccountNumber);
  const code = rawCode.trim();
  if (!accountNumber || !code) return { ok: false, message: signupMessages.linkRequired };
  if (!/^\d{6,7}$/.test(accountNumber)) return { ok: false, message: signupMessages.accountNumberFormat };
  if (!/^\d{4}$/.test(code)) return { ok: false, message: signupMessages.codeFormat };
  // the try is counted before the code is compared (attempt-limits.ts)
  const attempt = await reserveLinkAttempt(ctx, accountNumber);
  if (!attempt) return { ok: false, message: signupMessages.linkBlocked };
  const customer = await ctx.db.customer.findFirst({
    where: { accountNumber, status: { not: "DELETED" } },
    select: { id: true, accountNumber: true, securityCode: true },
  });
  const ok = !!customer && sameCode(customer.securityCode, code);
  if (!customer || !ok) return { ok: false, message: signupMessages.noMatch };
  await attempt.succeeded();
  return { ok: true, customer: { id: customer.id, accountNumber: customer.accountNumber } };
}

// ───────────── tryCreateAccount ─────────────

export const createAccountInput = z.object({
  email: z.string(),
  first: z.string(),
  last: z.string(),
  password: z.string(),
  linkingInfo: z.object({ customerId: z.string().nullish(), code: z.string().nullish() }).nullish(),
  address: addressInput.nullish(),
});
export type CreateAccountInput = z.input<typeof createAccountInput>;

export type CreateAccountResult = {
  isSuccess: boolean;
  message: string;
  userId: string | null;
  accountNumber: string | null;
};

const failed = (message: string): CreateAccountResult => ({
  isSuccess: false,
  message,
  userId: null,
  accountNumber: null,
});

export async function tryCreateAccount(ctx: Context, raw: CreateAccountInput): Promise<CreateAccountResult> {
  capLengths([
    [raw.email?.trim(), INPUT_MAX.email, "Email"],
    [raw.first, INPUT_MAX.name, "First name"],
    [raw.last, INPUT_MAX.name, "Last name"],
    [raw.password, INPUT_MAX.password, "Passwords"],
    [raw.linkingInfo?.customerId, INPUT_MAX.code, "Account number"],
    [raw.linkingInfo?.code, INPUT_MAX.code, "Security code"],
    [raw.address?.address1, INPUT_MAX.addressLine, "Address"],
    [raw.address?.address2, INPUT_MAX.addressLine, "Address line 2"],
    [raw.address?.city, INPUT_MAX.addressLine, "City"],
    [raw.address?.state, INPUT_MAX.shortText, "State"],
    [raw.address?.postalCode, INPUT_MAX.shortText, "ZIP code"],
    [raw.address?.phone, INPUT_MAX.shortText, "Phone"],
  ]);
  if (ctx.branch.inactive) return failed(loginMessages.branchDisabled);
  const parsed = createAccountInput.safeParse(raw);
  if (!parsed.success) return failed(parsed.error.issues[0]?.message ?? "Invalid input.");
  const input = parsed.data;
  const email = input.email.trim().toLowerCase();
  const first = input.first.trim();
  const last = input.last.trim();
  if (!EMAIL_PATTERN.test(email) || email.length > 200) return failed(signupMessages.invalidEmail);
  if (!first || !last || !input.password) return failed(signupMessages.required);
  if (first.length > 60 || last.length > 60) return failed("Names can be at most 60 characters.");
  if (input.password.length < PASSWORD_MIN_LENGTH) return failed(signupMessages.passwordShort);
  if (input.password.length > 200) return failed("Passwords can be at most 200 characters.");
  if (input.linkingInfo && (!input.linkingInfo.customerId?.trim() || !input.linkingInfo.code?.trim()))
    return failed(signupMessages.linkRequired);

  if (await ctx.db.user.findFirst({ where: { email }, select: { id: true } })) return failed(signupMessages.emailUsed);

  // Which customer the new user is linked to, and how.
  let mode: { kind: "code"; customer: { id: string; accountNumber: string } } | { kind: "new" } | { kind: "email" };
  if (input.linkingInfo) {
    const check = await checkSecurityCode(ctx, input.linkingInfo.customerId ?? "", input.linkingInfo.code ?? "");
    if (!check.ok) return failed(check.message);
    mode = { kind: "code", customer: check.customer };
  } else if (input.address) {
    if (!ctx.branch.allowAnonymousSignUp) return failed(signupMessages.existingOnly);
    mode = { kind: "new" };
  } else {
    // existing-email step without a code: the email on a contact (role other than NONE) links once verified
    const contact = await findContactByEmail(ctx.db, email);
    if (!contact || contact.role === "NONE") return failed(signupMessages.existingOnly);
    mode = { kind: "email" };
  }

  // New accounts from one address are limited (each costs a hash, rows and a mail); the unit is given
  // back when no account is made.
  const signup = await reserveSignup(ctx);
  if (!signup.ok) return failed(signupMessages.signupBlocked);
  const passwordHash = await hashPassword(input.password);
  let created: { userId: string; accountNumber: string | null };
  try {
    created = await ctx.db.$transaction(async (tx) => {
      const db = tx as unknown as ScopedDb;
      const user = await db.user.create({
        data: { branchId: ctx.branch.id, email, firstName: first, lastName: last, passwordHash, verifiedEmail: false },
        select: { id: true },
      });
      if (mode.kind === "code") {
        await attachUserToCustomer(db, {
          branchId: ctx.branch.id,
          userId: user.id,
          customerId: mode.customer.id,
          firstName: first,
          lastName: last,
          email,
        });
        return { userId: user.id, accountNumber: mode.customer.accountNumber };
      }
      if (mode.kind === "new" && input.address) {
        const accountNumber = await createProspectCustomer(ctx, db, {
          userId: user.id,
          first,
          last,
          email,
          address: input.address,
        });
        return { userId: user.id, accountNumber };
      }
      return { userId: user.id, accountNumber: null };
    });
  } catch (error) {
    await signup.release();
    // two requests for one email at once: the unique index decides
    if ((error as { code?: string }).code === "P2002" && (await ctx.db.user.findFirst({ where: { email } })))
      return failed(signupMessages.emailUsed);
    throw error;
  }

  await reserveMail(ctx, created.userId, "VERIFY_EMAIL"); // the first link counts toward the hourly limit
  const token = await issueToken(ctx, { userId: created.userId, kind: "VERIFY_EMAIL", email });
  void verificationMail(ctx, { to: email, firstName: first, token, change: false });

  // New accounts are signed in (browser-session cookie) and unverified (docs/decisions/0102).
  const { token: sessionToken, maxAgeSeconds } = await ctx.runtime.sessions.create({
    userId: created.userId,
    branchId: ctx.branch.id,
    persistent: false,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  ctx.responseCookies.push(sessionCookie(sessionToken, { secure: ctx.secure, maxAgeSeconds }));

  const message =
    mode.kind === "code"
      ? signupMessages.createdLinked(created.accountNumber ?? "")
      : mode.kind === "new"
        ? signupMessages.createdNew(created.accountNumber ?? "")
        : signupMessages.createdPending;
  return { isSuccess: true, message, userId: created.userId, accountNumber: created.accountNumber };
}

// ───────────── linking another account ─────────────

export async function linkToCustomer(ctx: Context, input: { customerId: string; code: string }) {
  const viewer = ctx.viewer;
  if (!viewer) throw new AppError("UNAUTHENTICATED");
  capLengths([
    [input.customerId, INPUT_MAX.code, "Account number"],
    [input.code, INPUT_MAX.code, "Security code"],
  ]);
  const fail = (message: string) => ({ isSuccess: false, message, customerId: null as string | null });
  const check = await checkSecurityCode(ctx, input.customerId, input.code);
  if (!check.ok) return fail(check.message);
  const { created } = await attachUserToCustomer(ctx.db, {
    branchId: ctx.branch.id,
    userId: viewer.userId,
    customerId: check.customer.id,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    email: viewer.email,
  });
  return {
    isSuccess: true,
    message: created
      ? signupMessages.linked(check.customer.accountNumber)
      : signupMessages.alreadyLinked(check.customer.accountNumber),
    customerId: check.customer.id,
  };
}
