import { z } from "zod";
import { capLengths, INPUT_MAX } from "../../auth/input-limits.ts";
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from "../../auth/password.ts";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { Context } from "../../runtime.ts";
import { emailChangeNoticeMail, passwordChangedMail, verificationMail } from "./account-mail.ts";
import { reserveMail } from "./attempt-limits.ts";
import { emailMessages, endOtherSessions } from "./email.service.ts";
import { issueToken } from "./email-tokens.ts";
import { EMAIL_PATTERN, signupMessages } from "./signup.service.ts";

// v2/manage/update-account and v2/manage/update-password.

export const settingsMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  saved: "Your account details are saved.",
  emailPending: (email: string) =>
    `Your details are saved. We sent a link to ${email}: your sign-in email changes once you follow it.`,
  currentRequired: "Enter your current password.",
  currentWrong: "Your current password is incorrect.",
  blocked: "Too many incorrect passwords. Please wait 15 minutes and try again.",
  samePassword: "Choose a password different from your current one.",
  passwordUpdated: "Your password has been updated. Other devices were signed out.",
};

type Result = { isSuccess: boolean; message: string };
const fail = (message: string): Result => ({ isSuccess: false, message });

const updateAccountInput = z.object({
  firstName: z.string().trim().min(1, settingsMessages.firstName).max(60, "First name is too long."),
  lastName: z.string().trim().min(1, settingsMessages.lastName).max(60, "Last name is too long."),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(INPUT_MAX.email)
    .refine((e) => EMAIL_PATTERN.test(e), signupMessages.invalidEmail),
});

async function currentUser(ctx: Context) {
  if (!ctx.viewer) throw new AppError("UNAUTHENTICATED");
  const user = await ctx.db.user.findFirst({
    where: { id: ctx.viewer.userId },
    select: { id: true, email: true, firstName: true, passwordHash: true },
  });
  if (!user) throw new AppError("NOT_FOUND", "Your sign-in belongs to another branch; change it there.");
  return user;
}

/**
 * Name changes at once; a new email is only used after its verification link is followed (the old
 * address is told about the request).
 */
export async function updateAccount(
  ctx: Context,
  raw: { firstName: string; lastName: string; email: string },
): Promise<Result> {
  capLengths([
    [raw.firstName, INPUT_MAX.name, "First name"],
    [raw.lastName, INPUT_MAX.name, "Last name"],
    [raw.email.trim(), INPUT_MAX.email, "Email"],
  ]);
  const parsed = updateAccountInput.safeParse(raw);
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Invalid input.");
  const input = parsed.data;
  const user = await currentUser(ctx);
  const change = input.email !== user.email;
  if (change) {
    if (await ctx.db.user.findFirst({ where: { email: input.email, id: { not: user.id } }, select: { id: true } }))
      return fail(signupMessages.emailUsed);
    if (!(await reserveMail(ctx, user.id, "VERIFY_EMAIL"))) return fail(emailMessages.tooManyMails);
  }
  await ctx.db.user.update({
    where: { id: user.id },
    data: { firstName: input.firstName, lastName: input.lastName },
  });
  ctx.runtime.sessions.forgetUser(user.id);
  if (!change) {
    // keeping the current address cancels an unconfirmed change
    await ctx.db.emailToken.updateMany({
      where: { userId: user.id, kind: "VERIFY_EMAIL", usedAt: null, email: { not: user.email } },
      data: { usedAt: clock.now() },
    });
    return { isSuccess: true, message: settingsMessages.saved };
  }
  const token = await issueToken(ctx, { userId: user.id, kind: "VERIFY_EMAIL", email: input.email });
  void verificationMail(ctx, { to: input.email, firstName: input.firstName, token, change: true });
  void emailChangeNoticeMail(ctx, { to: user.email, firstName: input.firstName, newEmail: input.email });
  return { isSuccess: true, message: settingsMessages.emailPending(input.email) };
}

export const passwordChangeKey = (userId: string) => `password-change:${userId}`;
/** Wrong current passwords: 5 per 15 minutes per user (a right one clears the count). */
export const PASSWORD_CHANGE_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Needs the current password (each try is counted before it is checked, so a burst of tries cannot
 * pass the limit); ends the user's other sessions.
 */
export async function updatePassword(
  ctx: Context,
  input: { currentPassword: string; newPassword: string },
): Promise<Result> {
  capLengths([
    [input.currentPassword, INPUT_MAX.password, "Passwords"],
    [input.newPassword, INPUT_MAX.password, "Passwords"],
  ]);
  if (!input.currentPassword) return fail(settingsMessages.currentRequired);
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) return fail(signupMessages.passwordShort);
  const user = await currentUser(ctx);
  const key = passwordChangeKey(user.id);
  const { limit, windowMs } = PASSWORD_CHANGE_LIMIT;
  if (!(await ctx.runtime.throttle.reserve(key, limit, windowMs)).ok) return fail(settingsMessages.blocked);
  const ok = await verifyPassword(input.currentPassword, user.passwordHash);
  if (!ok) return fail(settingsMessages.currentWrong);
  await ctx.runtime.throttle.clear(key, windowMs);
  if (input.currentPassword === input.newPassword) return fail(settingsMessages.samePassword);
  await ctx.db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(input.newPassword) } });
  await endOtherSessions(ctx, user.id);
  void passwordChangedMail(ctx, { to: user.email, firstName: user.firstName });
  return { isSuccess: true, message: settingsMessages.passwordUpdated };
}
