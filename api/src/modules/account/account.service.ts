import { activeWatertightFeatures } from "../../auth/branch.ts";
import { capLengths, INPUT_MAX } from "../../auth/input-limits.ts";
import { linkedCustomerIds } from "../../auth/linked-customers.ts";
import { burnPasswordCheck, verifyPassword } from "../../auth/password.ts";
import { reserveLoginAttempt } from "../../auth/rate-limit.ts";
import { clearSessionCookie, sessionCookie } from "../../auth/session.ts";
import { clock } from "../../clock.ts";
import type { BranchPortalFeature } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { checkAddress } from "../../security/ip-allowlist.ts";

export type LoginResult = { isSuccess: boolean; message: string; employeePersonId: string | null };

export const loginMessages = {
  passwordRequired: "password required",
  usernameRequired: "username required",
  wrong: "Incorrect email or password.",
  blocked: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  branchDisabled: "This portal is not enabled.",
  inactive: "This account has been deactivated. Ask your manager to reactivate it.",
  success: "Signed in.",
};

export async function login(
  ctx: Context,
  input: { username: string; password: string; autoLogout: boolean },
): Promise<LoginResult> {
  const { prisma, sessions } = ctx.runtime;
  capLengths([
    [input.username.trim(), INPUT_MAX.email, "Email"],
    [input.password, INPUT_MAX.password, "Passwords"],
  ]);
  const email = input.username.trim().toLowerCase();
  const fail = (message: string): LoginResult => ({ isSuccess: false, message, employeePersonId: null });
  if (!email) return fail(loginMessages.usernameRequired);
  if (!input.password) return fail(loginMessages.passwordRequired);

  // The attempt is counted before the password is checked (auth/rate-limit.ts).
  const attempt = await reserveLoginAttempt(ctx.runtime.throttle, ctx.branch.id, email, ctx.ip);
  if (!attempt) return fail(loginMessages.blocked);

  // A user belongs to one branch; a super admin may sign in on any branch.
  const user =
    (await prisma.user.findUnique({ where: { branchId_email: { branchId: ctx.branch.id, email } } })) ??
    (await prisma.user.findFirst({ where: { email, isSuperAdmin: true } }));
  // An employee of a branch with an IP allow-list signs in only from an address on it (admin console).
  // The address is checked before the password: from an address off the list the answer is the same
  // whether the password is right or wrong (nothing is learnt about it), and no hash is computed. The
  // attempt stays counted (it is not a success), so probing which emails are employees' is limited
  // like password guessing. docs/decisions/0604-allow-list-first-and-sessions.md.
  if (user?.personId && user.branchId === ctx.branch.id) {
    const address = await checkAddress(prisma, ctx.branch.id, ctx.ip, "sign-in");
    if (!address.allowed) return fail(address.message);
  }
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : await burnPasswordCheck(input.password);
  if (!user || !ok) return fail(loginMessages.wrong);
  await attempt.succeeded();
  if (ctx.branch.inactive && !user.isSuperAdmin) return fail(loginMessages.branchDisabled);
  // A deactivated employee (team/personnel) cannot sign in.
  if (user.personId && (await prisma.person.findUnique({ where: { id: user.personId } }))?.inactive)
    return fail(loginMessages.inactive);

  const { token, maxAgeSeconds } = await sessions.create({
    userId: user.id,
    branchId: ctx.branch.id,
    persistent: !input.autoLogout,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  await prisma.user.update({
    where: { id: user.id },
    data: { lastLoginAt: clock.now(), loginCount: { increment: 1 } },
  });
  ctx.responseCookies.push(sessionCookie(token, { secure: ctx.secure, maxAgeSeconds }));
  const employeePersonId = user.branchId === ctx.branch.id ? user.personId : null;
  return { isSuccess: true, message: loginMessages.success, employeePersonId };
}

export async function logout(ctx: Context) {
  if (ctx.viewer) await ctx.runtime.sessions.destroy(ctx.viewer.sessionToken);
  ctx.responseCookies.push(clearSessionCookie(ctx.secure));
  return { isSuccess: true, message: "Signed out." };
}

/** Watertight features count as enabled inside their time window (auth/branch.ts, where the scope reads it). */
export { activeWatertightFeatures };

export async function overview(ctx: Context) {
  const v = ctx.viewer;
  if (!v) return null;
  const b = ctx.branch;
  const [permissions, watertight, linked] = await Promise.all([
    ctx.permissions(),
    ctx.runtime.branches.watertightFeatures(ctx.branch.id),
    linkedCustomerIds(ctx).then((ids) => ids.length),
  ]);
  const allowAch = b.acceptedPaymentTypes !== "CARD_ONLY";
  const allowBankCard = b.acceptedPaymentTypes !== "ACH_ONLY";
  return {
    userId: v.userId,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    verifiedEmail: v.verifiedEmail,
    isSuperAdmin: v.isSuperAdmin,
    employeePersonId: v.personId,
    employeePermissions: [...permissions].sort(),
    brandWebsiteUrl: b.brandWebsiteUrl,
    webPaymentMethods: [...(allowBankCard ? ["CARD"] : []), ...(allowAch ? ["ACH"] : [])],
    features: b.features as BranchPortalFeature[],
    enabledWatertightFeatures: activeWatertightFeatures(watertight),
    isLinkedToCustomers: linked > 0,
    allowAch,
    allowBankCard,
    branchTimezone: b.timeZone,
  };
}
