import { capLengths, INPUT_MAX } from "../../auth/input-limits.ts";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../../auth/password.ts";
import { liftLoginLock } from "../../auth/rate-limit.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { linkContactsByVerifiedEmail } from "../contacts/contacts.service.ts";
import { passwordChangedMail, resetPasswordMail, verificationMail } from "./account-mail.ts";
import { reserveForgotRequest, reserveMail } from "./attempt-limits.ts";
import { checkToken, issueToken, pendingEmailChange, spendToken, type TokenCheck } from "./email-tokens.ts";
import { EMAIL_PATTERN, signupMessages } from "./signup.service.ts";

// Email verification and password reset through mailed single-use links (docs/decisions/0103).

export const emailMessages = {
  verified: "Your email is verified.",
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  linkedAccounts: (numbers: string[]) =>
    numbers.length === 1 ? ` Account ${numbers[0]} is now linked.` : ` Accounts ${numbers.join(", ")} are now linked.`,
  verifyInvalid: "This verification link isn't valid. Check that you opened the whole link, or ask for a new one.",
  verifyUsed: "This verification link was already used. If your email isn't verified yet, ask for a new link.",
  verifyExpired: "This verification link has expired. Sign in and ask for a new one.",
  emailTaken: "That email address is now used by another account, so your email was not changed.",
  alreadyVerified: "Your email is already verified.",
  tooManyMails: "We've sent several emails in the last hour. Check your inbox (and spam folder), or try again later.",
  tooManyResets: "Too many password reset requests from your network. Please try again in an hour.",
  verificationSent: (email: string) => `We sent a new verification link to ${email}.`,
  forgotSent: "If an account uses that email, we've sent it a link to reset the password. The link works for 1 hour.",
  resetInvalid: "This password reset link isn't valid. Ask for a new one.",
  resetUsed: "This password reset link was already used. Ask for a new one if you need to.",
  resetExpired: "This password reset link has expired (links work for 1 hour). Ask for a new one.",
  resetDone: "Your password has been reset. You can sign in with your new password.",
};

type Result = { isSuccess: boolean; message: string };
const fail = (message: string): Result => ({ isSuccess: false, message });

function tokenFailure(check: Exclude<TokenCheck, { ok: true }>, kind: "verify" | "reset") {
  const m =
    kind === "verify"
      ? { invalid: emailMessages.verifyInvalid, used: emailMessages.verifyUsed, expired: emailMessages.verifyExpired }
      : { invalid: emailMessages.resetInvalid, used: emailMessages.resetUsed, expired: emailMessages.resetExpired };
  return fail(m[check.reason]);
}

/** Follows a verification link: the address (new or changed) becomes the user's verified email. */
export async function verifyEmail(ctx: Context, token: string): Promise<Result> {
  capLengths([[token, INPUT_MAX.token, "Links"]]);
  const check = await checkToken(ctx, token.trim(), "VERIFY_EMAIL");
  if (!check.ok) return tokenFailure(check, "verify");
  const user = await ctx.db.user.findFirst({ where: { id: check.row.userId }, select: { id: true, email: true } });
  if (!user) return fail(emailMessages.verifyInvalid);
  const email = check.row.email;
  const change = email !== user.email;
  if (change && (await ctx.db.user.findFirst({ where: { email, id: { not: user.id } }, select: { id: true } })))
    return fail(emailMessages.emailTaken);
  if (!(await spendToken(ctx, check.row.id))) return fail(emailMessages.verifyUsed);
  await ctx.db.user.update({ where: { id: user.id }, data: { email, verifiedEmail: true } });
  ctx.runtime.sessions.forgetUser(user.id);
  const linked = await linkContactsByVerifiedEmail(ctx.db, { userId: user.id, email });
  const message =
    (change ? emailMessages.emailChanged(email) : emailMessages.verified) +
    (linked.length ? emailMessages.linkedAccounts(linked) : "");
  return { isSuccess: true, message };
}

/** Mails a new verification link: to a pending new address if there is one, else to an unverified email. */
export async function requestVerificationEmail(ctx: Context): Promise<Result> {
  const viewer = ctx.viewer;
  if (!viewer) return fail("You need to sign in.");
  const user = await ctx.db.user.findFirst({
    where: { id: viewer.userId },
    select: { id: true, email: true, firstName: true, verifiedEmail: true },
  });
  if (!user) return fail("Your sign-in belongs to another branch; verify it there.");
  const pending = await pendingEmailChange(ctx, user.id, user.email);
  const target = pending ?? (user.verifiedEmail ? null : user.email);
  if (!target) return fail(emailMessages.alreadyVerified);
  if (!(await reserveMail(ctx, user.id, "VERIFY_EMAIL"))) return fail(emailMessages.tooManyMails);
  const token = await issueToken(ctx, { userId: user.id, kind: "VERIFY_EMAIL", email: target });
  void verificationMail(ctx, { to: target, firstName: user.firstName, token, change: target !== user.email });
  return { isSuccess: true, message: emailMessages.verificationSent(target) };
}

/**
 * The same answer whether or not the email has an account, and as fast: the look-up and the mail
 * happen after the answer.
 */
export async function sendForgotPasswordEmail(ctx: Context, rawEmail: string): Promise<Result> {
  capLengths([[rawEmail.trim(), INPUT_MAX.email, "Email"]]);
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) return fail(signupMessages.invalidEmail);
  // per address, whether or not the email has an account (so the answer still tells nothing)
  if (!(await reserveForgotRequest(ctx))) return fail(emailMessages.tooManyResets);
  void (async () => {
    const user = await ctx.db.user.findFirst({ where: { email }, select: { id: true, firstName: true } });
    if (!user) return;
    if (!(await reserveMail(ctx, user.id, "RESET_PASSWORD"))) {
      log.warn("password reset mail limit reached", { userId: user.id });
      return;
    }
    const token = await issueToken(ctx, { userId: user.id, kind: "RESET_PASSWORD", email });
    await resetPasswordMail(ctx, { to: email, firstName: user.firstName, token });
  })().catch((error) => log.error("password reset mail failed", { error }));
  return { isSuccess: true, message: emailMessages.forgotSent };
}

/**
 * Ends every session of the user except the caller's own (when the caller is that user). Returns
 * nothing; the caller's cookie stays valid.
 */
export async function endOtherSessions(ctx: Context, userId: string) {
  // Session is not branch-owned: a user's sessions on every branch end.
  await ctx.runtime.sessions.endUserSessions(
    userId,
    ctx.viewer?.userId === userId ? ctx.viewer.sessionToken : undefined,
  );
}

/** Whether a reset link still works, checked when the page opens (isSuccess false says why). */
export async function resetLinkStatus(ctx: Context, token: string): Promise<Result> {
  capLengths([[token, INPUT_MAX.token, "Links"]]);
  const check = await checkToken(ctx, token.trim(), "RESET_PASSWORD");
  return check.ok ? { isSuccess: true, message: "This link works." } : tokenFailure(check, "reset");
}

/** Sets a new password from a reset link; ends the user's other sessions. */
export async function resetPassword(ctx: Context, input: { token: string; password: string }): Promise<Result> {
  capLengths([
    [input.token, INPUT_MAX.token, "Links"],
    [input.password, INPUT_MAX.password, "Passwords"],
  ]);
  if (input.password.length < PASSWORD_MIN_LENGTH) return fail(signupMessages.passwordShort);
  const check = await checkToken(ctx, input.token.trim(), "RESET_PASSWORD");
  if (!check.ok) return tokenFailure(check, "reset");
  const user = await ctx.db.user.findFirst({
    where: { id: check.row.userId },
    select: { id: true, email: true, firstName: true },
  });
  if (!user) return fail(emailMessages.resetInvalid);
  const passwordHash = await hashPassword(input.password);
  if (!(await spendToken(ctx, check.row.id))) return fail(emailMessages.resetUsed);
  await ctx.db.user.update({
    where: { id: user.id },
    // the link reached this mailbox, so the address is proven too
    data: { passwordHash, ...(check.row.email === user.email ? { verifiedEmail: true } : {}) },
  });
  await endOtherSessions(ctx, user.id);
  // a fresh password lifts a sign-in lock (the account's count, and its count from this address)
  await liftLoginLock(ctx.runtime.throttle, ctx.branch.id, user.email, ctx.ip);
  void passwordChangedMail(ctx, { to: user.email, firstName: user.firstName });
  return { isSuccess: true, message: emailMessages.resetDone };
}
