import { createHash, randomBytes } from "node:crypto";
import { clock } from "../../clock.ts";
import { cacheFor } from "../../db/read-cache.ts";
import type { EmailTokenKind } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";

// Single-use, expiring tokens mailed in verification and password-reset links. The link carries a
// random 256-bit token; the database keeps only its SHA-256, so a copy of the table opens nothing.
// usedAt marks a token spent. Tokens belong to the branch they were issued on (the link says ?host=).

export const TOKEN_LIFETIME_MS: Record<EmailTokenKind, number> = {
  VERIFY_EMAIL: 48 * 3600_000,
  RESET_PASSWORD: 3600_000,
};
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new token for `email`. A new reset link makes earlier unused ones invalid; a verification link for
 * one address makes unused links for other addresses invalid (only the latest email change counts).
 */
export async function issueToken(ctx: Context, input: { userId: string; kind: EmailTokenKind; email: string }) {
  const now = clock.now();
  await ctx.db.emailToken.updateMany({
    where: {
      userId: input.userId,
      kind: input.kind,
      usedAt: null,
      ...(input.kind === "VERIFY_EMAIL" ? { email: { not: input.email } } : {}),
    },
    data: { usedAt: now },
  });
  const token = randomBytes(32).toString("base64url");
  await ctx.db.emailToken.create({
    data: {
      id: hashToken(token),
      branchId: ctx.branch.id,
      userId: input.userId,
      kind: input.kind,
      email: input.email,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.kind]),
    },
  });
  return token;
}

export type TokenCheck =
  | { ok: true; row: { id: string; userId: string; email: string } }
  | { ok: false; reason: "invalid" | "used" | "expired" };

/** Looks a token up without spending it. */
export async function checkToken(ctx: Context, token: string, kind: EmailTokenKind): Promise<TokenCheck> {
  if (!token || token.length > 200) return { ok: false, reason: "invalid" };
  const row = await ctx.db.emailToken.findFirst({ where: { id: hashToken(token), kind } });
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= clock.nowMs()) return { ok: false, reason: "expired" };
  return { ok: true, row: { id: row.id, userId: row.userId, email: row.email } };
}

/** Marks the token used; false when another request spent it first (single use under concurrency). */
export async function spendToken(ctx: Context, id: string): Promise<boolean> {
  const { count } = await ctx.db.emailToken.updateMany({
    where: { id, usedAt: null, expiresAt: { gt: clock.now() } },
    data: { usedAt: clock.now() },
  });
  return count === 1;
}

/** The address a user asked to change to and has not verified yet (null when none). */
// The overview asks it on every page: kept per user for a few seconds, dropped by any EmailToken write
// (a new request, a used or revoked link), so a change shows at once; an expiry shows within ttlMs.
const pendingEmails = {
  name: "pending-email-change",
  models: ["EmailToken"],
  ttlMs: 10_000,
  maxEntries: 2000,
} as const;

export function pendingEmailChange(ctx: Context, userId: string, currentEmail: string): Promise<string | null> {
  return cacheFor(ctx.runtime, pendingEmails).get(ctx.branch.id, `${userId}\n${currentEmail}`, () =>
    loadPendingEmailChange(ctx, userId, currentEmail),
  );
}

async function loadPendingEmailChange(ctx: Context, userId: string, currentEmail: string) {
  const row = await ctx.db.emailToken.findFirst({
    where: {
      userId,
      kind: "VERIFY_EMAIL",
      usedAt: null,
      expiresAt: { gt: clock.now() },
      email: { not: currentEmail },
    },
    orderBy: { createdAt: "desc" },
    select: { email: true },
  });
  return row?.email ?? null;
}
