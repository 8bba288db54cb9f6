import type { Context } from "../../auth/context.ts";
import { clock } from "../../clock.ts";

// Guessing limits for security codes and the email check, counted in the LoginAttempt table (shared by
// every API container), like sign-in attempts (auth/rate-limit.ts):
// - linking: 5 wrong codes for one account number within 15 minutes block that account number (a
//   success resets it); 20 wrong codes from one address within 15 minutes block the address;
// - the email check (it tells whether an address is on a customer account): 30 per address in 15 minutes.

export const ATTEMPT_WINDOW_MS = 15 * 60_000;
export const LINK_LIMITS = { account: 5, address: 20 };
export const EMAIL_CHECK_LIMIT = 30;

export const linkAccountKey = (branchId: string, accountNumber: string) => `link:${branchId}:${accountNumber}`;
export const linkAddressKey = (ip: string) => `link-ip:${ip}`;
export const emailCheckKey = (ip: string) => `email-check-ip:${ip}`;

// LoginAttempt is not branch-owned, so the scoped client passes it through unchanged.
export async function failures(ctx: Context, key: string, resetBySuccess: boolean) {
  const since = new Date(clock.nowMs() - ATTEMPT_WINDOW_MS);
  let from = since;
  if (resetBySuccess) {
    const last = await ctx.db.loginAttempt.findFirst({
      where: { key, success: true, createdAt: { gte: since } },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    });
    if (last) from = last.createdAt;
  }
  return ctx.db.loginAttempt.count({ where: { key, success: false, createdAt: { gte: from } } });
}

export async function linkBlocked(ctx: Context, accountNumber: string) {
  const [account, address] = await Promise.all([
    failures(ctx, linkAccountKey(ctx.branch.id, accountNumber), true),
    failures(ctx, linkAddressKey(ctx.ip), false),
  ]);
  return account >= LINK_LIMITS.account || address >= LINK_LIMITS.address;
}

export async function recordLinkAttempt(ctx: Context, accountNumber: string, success: boolean) {
  await ctx.db.loginAttempt.createMany({
    data: [
      { key: linkAccountKey(ctx.branch.id, accountNumber), success },
      { key: linkAddressKey(ctx.ip), success },
    ],
  });
}

/** Counts this check; true when the address has checked too many emails lately. */
export async function emailCheckBlocked(ctx: Context) {
  const key = emailCheckKey(ctx.ip);
  if ((await failures(ctx, key, false)) >= EMAIL_CHECK_LIMIT) return true;
  await ctx.db.loginAttempt.create({ data: { key, success: false } });
  return false;
}
