import { z } from "zod";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../../auth/password.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import { builder, ResultRef, resultType } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, refusalAsResult } from "../../validation.ts";
import { currentImpersonation, impersonate, stopImpersonating } from "./impersonation.ts";

// Admin users (admin/users) and impersonation (admin/impersonate). Super admins only, except the two
// calls an impersonated session makes: `impersonation` (the banner; public, null when not viewing as
// anyone) and `stopImpersonating` (any signed-in session; refuses one that is not impersonated).
const SCOPE = { superAdmin: true } as const;

export type UserRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  type: "SUPER_ADMIN" | "EMPLOYEE" | "CUSTOMER";
  branchId: string;
  branchHost: string;
  branchNumber: number;
  branchCompany: string;
  lastLoginAt: Date | null;
  loginCount: number;
  createdAt: Date;
};

type UserWithBranch = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isSuperAdmin: boolean;
  personId: string | null;
  branchId: string;
  lastLoginAt: Date | null;
  loginCount: number;
  createdAt: Date;
};

export const userType = (u: { isSuperAdmin: boolean; personId: string | null }): UserRow["type"] =>
  u.isSuperAdmin ? "SUPER_ADMIN" : u.personId ? "EMPLOYEE" : "CUSTOMER";

async function withBranches(ctx: Context, users: UserWithBranch[]): Promise<UserRow[]> {
  const ids = [...new Set(users.map((u) => u.branchId))];
  const branches = new Map(
    (
      await crossBranch(ctx.runtime).branch.findMany({
        where: { id: { in: ids } },
        select: { id: true, host: true, branchNumber: true, company: true },
      })
    ).map((b) => [b.id, b]),
  );
  return users.map((u) => {
    const b = branches.get(u.branchId);
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      type: userType(u),
      branchId: u.branchId,
      branchHost: b?.host ?? "",
      branchNumber: b?.branchNumber ?? 0,
      branchCompany: b?.company ?? "",
      lastLoginAt: u.lastLoginAt,
      loginCount: u.loginCount,
      createdAt: u.createdAt,
    };
  });
}

const userSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  isSuperAdmin: true,
  personId: true,
  branchId: true,
  lastLoginAt: true,
  loginCount: true,
  createdAt: true,
} as const;

async function adminUsers(ctx: Context) {
  const users = await crossBranch(ctx.runtime).user.findMany({
    where: { isSuperAdmin: true },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    select: userSelect,
  });
  return withBranches(ctx, users);
}

const FIND_LIMIT = 25;

/** Users of every branch whose name or email contains `search` (or a branch's users by its host). */
async function findUsers(ctx: Context, search: string, branchId?: string | null) {
  const q = search.trim().slice(0, 100);
  if (q.length < 2 && !branchId) return [];
  const words = q.split(/\s+/).filter(Boolean);
  const users = await crossBranch(ctx.runtime).user.findMany({
    where: {
      ...(branchId ? { branchId } : {}),
      AND: words.map((w) => ({
        OR: [
          { email: { contains: w, mode: "insensitive" as const } },
          { firstName: { contains: w, mode: "insensitive" as const } },
          { lastName: { contains: w, mode: "insensitive" as const } },
        ],
      })),
    },
    orderBy: [{ lastLoginAt: { sort: "desc", nulls: "last" } }, { email: "asc" }],
    take: FIND_LIMIT,
    select: userSelect,
  });
  return withBranches(ctx, users);
}

const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Passwords must be at most 200 characters");

const addAdminSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(200, "Email must be at most 200 characters.")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "invalid email"),
  firstName: z.string().trim().min(1, "first name, last name, and password required").max(100),
  lastName: z.string().trim().min(1, "first name, last name, and password required").max(100),
  password,
});

/** A new super admin, on the adding admin's home branch (super admins sign in on any branch). */
async function addAdminUser(ctx: Context, raw: z.input<typeof addAdminSchema>) {
  const input = parseInput(addAdminSchema, raw);
  const p = crossBranch(ctx.runtime);
  const branchId = ctx.viewer!.homeBranchId;
  const taken = await p.user.findFirst({
    where: { email: input.email, OR: [{ branchId }, { isSuperAdmin: true }] },
    select: { id: true },
  });
  if (taken) throw new AppError("CONFLICT", `${input.email} already has an account.`);
  await p.user.create({
    data: {
      branchId,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      verifiedEmail: true,
      isSuperAdmin: true,
    },
  });
  return { isSuccess: true, message: `${input.email} is now an admin user.` };
}

/** Sets any user's password; their sessions end, so they sign in again with it. */
async function changeUserPassword(ctx: Context, userId: string, raw: string) {
  const pw = parseInput(password, raw);
  const p = crossBranch(ctx.runtime);
  const user = await p.user.findUnique({ where: { id: userId }, select: { id: true, email: true } });
  if (!user) throw new AppError("NOT_FOUND", "This user does not exist.");
  await p.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(pw) } });
  await ctx.runtime.sessions.endUserSessions(
    userId,
    userId === ctx.viewer?.userId ? ctx.viewer.sessionToken : undefined,
  );
  return { isSuccess: true, message: `The password of ${user.email} was changed.` };
}

const UserTypeEnum = builder.enumType("AdminUserType", { values: ["SUPER_ADMIN", "EMPLOYEE", "CUSTOMER"] as const });

export const UserRowRef = builder.objectRef<UserRow>("PlatformUser").implement({
  description: "A user of any branch, as super admins see them.",
  fields: (t) => ({
    id: t.exposeID("id"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    email: t.exposeString("email"),
    type: t.field({ type: UserTypeEnum, resolve: (u) => u.type }),
    branchId: t.exposeID("branchId"),
    branchHost: t.exposeString("branchHost"),
    branchNumber: t.exposeInt("branchNumber"),
    branchCompany: t.exposeString("branchCompany"),
    lastLoginAt: t.expose("lastLoginAt", { type: "DateTime", nullable: true }),
    loginCount: t.exposeInt("loginCount"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const ImpersonationStartRef = resultType<Awaited<ReturnType<typeof impersonate>>>("ImpersonationStart", (t) => ({
  host: t.exposeString("host", { description: "The user's branch: open the app with ?host=<host>." }),
  path: t.exposeString("path", { description: "Where the user lands: /team for employees, else the portal." }),
}));

const ImpersonationStopRef = resultType<Awaited<ReturnType<typeof stopImpersonating>>>("ImpersonationStop", (t) => ({
  path: t.exposeString("path"),
}));

const ImpersonationRef = builder
  .objectRef<NonNullable<Awaited<ReturnType<typeof currentImpersonation>>>>("Impersonation")
  .implement({
    fields: (t) => ({
      userName: t.exposeString("userName"),
      userEmail: t.exposeString("userEmail"),
      adminName: t.exposeString("adminName"),
    }),
  });

const AddAdminUserInput = builder.inputType("AddAdminUserInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const asResult = (run: () => Promise<{ isSuccess: boolean; message: string }>) =>
  refusalAsResult(run, (message) => ({ isSuccess: false, message }));

builder.queryFields((t) => ({
  adminUsers: t.field({
    type: [UserRowRef],
    description: "Every super admin.",
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => adminUsers(ctx),
  }),
  findUsers: t.field({
    type: [UserRowRef],
    description: `Users of any branch by name or email (at least 2 characters; up to ${FIND_LIMIT}), optionally of one branch.`,
    authScopes: SCOPE,
    args: { search: t.arg.string({ required: true }), branchId: t.arg.id() },
    resolve: (_r, a, ctx) => findUsers(ctx, a.search, a.branchId || null),
  }),
  impersonation: t.field({
    type: ImpersonationRef,
    nullable: true,
    description: "Whom this session views as, for the 'Viewing as' banner; null when it is the user's own.",
    authScopes: { public: true },
    resolve: (_r, _a, ctx) => currentImpersonation(ctx),
  }),
}));

builder.mutationFields((t) => ({
  addAdminUser: t.field({
    type: ResultRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: AddAdminUserInput, required: true }) },
    resolve: (_r, { input }, ctx) => asResult(() => addAdminUser(ctx, input)),
  }),
  changeUserPassword: t.field({
    type: ResultRef,
    authScopes: SCOPE,
    args: { userId: t.arg.id({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => asResult(() => changeUserPassword(ctx, a.userId, a.password)),
  }),
  impersonate: t.field({
    type: ImpersonationStartRef,
    authScopes: SCOPE,
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult(
        () => impersonate(ctx, a.userId),
        (message) => ({ isSuccess: false, message, host: "", path: "" }),
      ),
  }),
  stopImpersonating: t.field({
    type: ImpersonationStopRef,
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => stopImpersonating(ctx),
  }),
}));
