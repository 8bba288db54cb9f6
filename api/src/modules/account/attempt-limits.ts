import { reserveGuess } from "../../auth/throttle.ts";
import type { EmailTokenKind } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";

// The account module's limits, all through the shared throttle (auth/throttle.ts: reserved before the
// work, counted in PostgreSQL or Redis so every API container sees them; docs/decisions/0011-throttles.md):
// - security codes (linking by account number): 5 tries per 15 minutes for one account number from one
//   address, 10 an hour for one account number from all addresses, 20 per 15 minutes from one address;
//   a right code gives its units back and clears that address's count for the account number;
// - the email check (it tells whether an address is on a customer account): 30 per address in 15 minutes;
// - mail a visitor can trigger: 5 links of each kind an hour per user, and 20 forgot-password requests
//   an hour per address;
// - creating accounts: 20 an hour per address.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LINK_LIMITS = {
  accountAddress: { limit: 5, windowMs: 15 * MINUTE },
  account: { limit: 10, windowMs: HOUR },
  address: { limit: 20, windowMs: 15 * MINUTE },
};
export const EMAIL_CHECK_LIMIT = { limit: 30, windowMs: 15 * MINUTE };
/** How many links of one kind a user may be sent in an hour. */
export const MAIL_LIMIT = { limit: 5, windowMs: HOUR };
export const FORGOT_ADDRESS_LIMIT = { limit: 20, windowMs: HOUR };
export const SIGNUP_ADDRESS_LIMIT = { limit: 20, windowMs: HOUR };

export const linkAccountAddressKey = (branchId: string, accountNumber: string, ip: string) =>
  `link:account-ip:${branchId}:${accountNumber}:${ip}`;
export const linkAccountKey = (branchId: string, accountNumber: string) => `link:account:${branchId}:${accountNumber}`;
export const linkAddressKey = (ip: string) => `link:ip:${ip}`;
export const emailCheckKey = (ip: string) => `email-check:ip:${ip}`;
export const mailKey = (userId: string, kind: EmailTokenKind) => `mail:${kind}:${userId}`;
export const forgotAddressKey = (ip: string) => `forgot:ip:${ip}`;
export const signupAddressKey = (ip: string) => `signup:ip:${ip}`;

/**
 * Reserves one security-code try for `accountNumber`; null when a limit is reached. Call `succeeded`
 * when the code was right.
 */
export function reserveLinkAttempt(ctx: Context, accountNumber: string) {
  return reserveGuess(ctx.runtime.throttle, {
    accountAddress: { key: linkAccountAddressKey(ctx.branch.id, accountNumber, ctx.ip), ...LINK_LIMITS.accountAddress },
    account: { key: linkAccountKey(ctx.branch.id, accountNumber), ...LINK_LIMITS.account },
    address: { key: linkAddressKey(ctx.ip), ...LINK_LIMITS.address },
  });
}

/** Counts this check; true when the address has checked too many emails lately. */
export async function emailCheckBlocked(ctx: Context) {
  const r = await ctx.runtime.throttle.reserve(
    emailCheckKey(ctx.ip),
    EMAIL_CHECK_LIMIT.limit,
    EMAIL_CHECK_LIMIT.windowMs,
  );
  return !r.ok;
}

/** Counts one mailed link of `kind` to the user; false when the hourly limit is reached (send nothing). */
export async function reserveMail(ctx: Context, userId: string, kind: EmailTokenKind) {
  return (await ctx.runtime.throttle.reserve(mailKey(userId, kind), MAIL_LIMIT.limit, MAIL_LIMIT.windowMs)).ok;
}

/** Counts one forgot-password request from this address; false when the address asked too often. */
export async function reserveForgotRequest(ctx: Context) {
  const r = await ctx.runtime.throttle.reserve(
    forgotAddressKey(ctx.ip),
    FORGOT_ADDRESS_LIMIT.limit,
    FORGOT_ADDRESS_LIMIT.windowMs,
  );
  return r.ok;
}

/** Reserves one account creation from this address (given back when the creation does not happen). */
export function reserveSignup(ctx: Context) {
  return ctx.runtime.throttle.reserve(
    signupAddressKey(ctx.ip),
    SIGNUP_ADDRESS_LIMIT.limit,
    SIGNUP_ADDRESS_LIMIT.windowMs,
  );
}
