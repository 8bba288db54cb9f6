import {
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { clearSessionCookie, sessionCookie } from "../../auth/session.ts";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import { toClientError } from "../../graphql/errors.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";

// Impersonation (admin/impersonate): a super admin acts as any user of any branch to see what they
// see. Starting it ends the admin's own session and opens one for the user that carries
// Session.impersonatorUserId; stopping ends that session and opens a new one for the admin. While it
// lasts:
//   - every GraphQL operation is recorded in ImpersonationAudit with the admin's id (the plugin below);
//   - the operations in BLOCKED_WHILE_IMPERSONATING are refused (FORBIDDEN) before they run: no
//     password, sign-in email, payment-method, payment or order in someone else's name. This list is
//     the whole guard; admin-users.test.ts fails when such a mutation is missing from it.
// The guard runs for both transports through guardOperation: Yoga's plugin over HTTP, and the
// websocket's onSubscribe (graphql/ws.ts), so nothing passes over one that the other refuses.

export const BLOCKED_WHILE_IMPERSONATING: ReadonlySet<string> = new Set([
  // passwords
  "updatePassword",
  "resetPassword",
  "changeUserPassword",
  // payment methods and what charges them automatically
  "addPaymentAccount",
  "editPaymentAccount",
  "removePaymentAccount",
  "setDefaultPaymentAccount",
  "setAutoPay",
  "cancelAutoPay",
  // money moved in the customer's name: a one-off charge, a shop order paid by card. An office that
  // takes a payment on the phone does it from the team side, as itself, never by viewing as the customer.
  "makePayment",
  "placeOrder",
  // the sign-in email (a new address would receive the verification and reset links)
  "updateAccount",
  "requestVerificationEmail",
]);

export const impersonationMessages = {
  blocked:
    "Not available while viewing as another user: sign-in details, payment methods, payments and orders stay the user's own.",
  notAdmin: "Super admins cannot be impersonated.",
  self: "You cannot impersonate yourself.",
  notFound: "This user does not exist.",
  notImpersonating: "You are not viewing as anyone.",
};

type Audit = { adminUserId: string; userId: string; targetBranchId: string; action: string; operationName?: string };

async function audit(ctx: Context, row: Audit) {
  await crossBranch(ctx.runtime).impersonationAudit.create({ data: { ...row, ip: ctx.ip, at: clock.now() } });
}

const userName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

export type ImpersonationStart = {
  isSuccess: boolean;
  message: string;
  host: string;
  path: string;
};

/** Ends the admin's session and signs in as `userId` (on the user's own branch). */
export async function impersonate(ctx: Context, userId: string): Promise<ImpersonationStart> {
  const admin = ctx.viewer!;
  const { prisma, sessions } = ctx.runtime;
  const user = await prisma.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError("NOT_FOUND", impersonationMessages.notFound);
  if (user.id === admin.userId) throw new AppError("BAD_USER_INPUT", impersonationMessages.self);
  if (user.isSuperAdmin) throw new AppError("BAD_USER_INPUT", impersonationMessages.notAdmin);
  const branch = await prisma.branch.findUniqueOrThrow({ where: { id: user.branchId } });
  const { token } = await sessions.create({
    userId: user.id,
    branchId: user.branchId,
    persistent: false,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    impersonatorUserId: admin.userId,
  });
  await sessions.destroy(admin.sessionToken);
  await audit(ctx, { adminUserId: admin.userId, userId: user.id, targetBranchId: user.branchId, action: "START" });
  ctx.responseCookies.push(sessionCookie(token, { secure: ctx.secure }));
  log.info("impersonation started", { adminUserId: admin.userId, userId: user.id });
  return {
    isSuccess: true,
    message: `Viewing as ${userName(user)}.`,
    host: branch.host,
    path: user.personId ? "/team" : "/v2/billing",
  };
}

/** Ends the impersonation session and signs the admin back in. */
export async function stopImpersonating(ctx: Context) {
  const v = ctx.viewer;
  if (!v?.impersonatorUserId) return { isSuccess: false, message: impersonationMessages.notImpersonating, path: "/" };
  const { prisma, sessions } = ctx.runtime;
  const admin = await prisma.user.findUnique({ where: { id: v.impersonatorUserId } });
  await sessions.destroy(v.sessionToken);
  await audit(ctx, {
    adminUserId: v.impersonatorUserId,
    userId: v.userId,
    targetBranchId: v.homeBranchId,
    action: "STOP",
  });
  if (!admin?.isSuperAdmin) {
    // The admin lost the role meanwhile: they are simply signed out.
    ctx.responseCookies.push(clearSessionCookie(ctx.secure));
    return { isSuccess: true, message: "Stopped viewing as another user.", path: "/" };
  }
  const { token } = await sessions.create({
    userId: admin.id,
    branchId: admin.branchId,
    persistent: false,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  ctx.responseCookies.push(sessionCookie(token, { secure: ctx.secure }));
  return { isSuccess: true, message: `Stopped viewing as ${userName(v)}.`, path: "/admin/impersonate" };
}

/** Who is viewing as whom, for the banner; null when the request is not impersonated. */
export async function currentImpersonation(ctx: Context) {
  const v = ctx.viewer;
  if (!v?.impersonatorUserId) return null;
  const admin = await crossBranch(ctx.runtime).user.findUnique({
    where: { id: v.impersonatorUserId },
    select: { firstName: true, lastName: true, email: true },
  });
  return {
    userName: userName(v),
    userEmail: v.email,
    adminName: admin ? userName(admin) : "",
  };
}

// ───────────── the guard and the audit, for every operation ─────────────

/** The root fields an operation selects (through fragments at the root too). */
export function rootFieldNames(document: DocumentNode, operationName?: string | null): string[] {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const op = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!op) return [];
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) names.push(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const f = fragments.get(s.name.value);
        if (f) walk(f.selectionSet);
      }
    }
  };
  walk(op.selectionSet);
  return names;
}

const operationNameOf = (document: DocumentNode) =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)?.name?.value;

/**
 * While an admin views as a user: records the operation with the admin's id, and answers the refusal
 * when it is one of BLOCKED_WHILE_IMPERSONATING (null when it may run). Both transports call it.
 */
export async function guardOperation(
  ctx: Context,
  document: DocumentNode,
  operationName?: string | null,
): Promise<GraphQLError | null> {
  const v = ctx?.viewer;
  if (!v?.impersonatorUserId) return null;
  const fields = rootFieldNames(document, operationName);
  const blocked = fields.filter((f) => BLOCKED_WHILE_IMPERSONATING.has(f));
  await audit(ctx, {
    adminUserId: v.impersonatorUserId,
    userId: v.userId,
    targetBranchId: ctx.branch.id,
    action: blocked.length ? "REFUSED" : "REQUEST",
    operationName: (operationName ?? operationNameOf(document) ?? fields.join(",")).slice(0, 200),
  });
  return blocked.length ? toClientError(new AppError("FORBIDDEN", impersonationMessages.blocked)) : null;
}

/** The guard over HTTP (Yoga). */
export function impersonationPlugin(): Plugin<Context> {
  const check = async (args: ExecutionArgs, stop: (r: { errors: GraphQLError[] }) => void) => {
    const refused = await guardOperation(args.contextValue as Context, args.document, args.operationName);
    if (refused) stop({ errors: [refused] });
  };
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      await check(args, setResultAndStopExecution);
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      await check(args, setResultAndStopExecution);
    },
  };
}
