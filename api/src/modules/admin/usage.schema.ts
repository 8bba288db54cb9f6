import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import type { BranchPortalFeature, WatertightFeature } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import { BranchPortalFeatureEnum, WatertightFeatureEnum } from "../../pothos/enums.ts";
import type { Context } from "../../runtime.ts";
import { activeWatertightFeatures } from "../account/account.service.ts";
import { type UserRow, UserRowRef, userType } from "./admin-users.schema.ts";

// Branch usage (admin/usage, admin/usage/{account}): per branch ("account" = its branch number) the
// counts of customers, work orders, sales receipts (work orders of work type SALES_RECEIPT) and
// warehouses, sign-ins and the last one, the last transaction posted, and the features switched on;
// per account, its users with their type and last sign-in. Super admins only. Counted with one
// grouped query per table, not one per branch.
const SCOPE = { superAdmin: true } as const;

type UsageRow = {
  branchId: string;
  account: string;
  accountName: string;
  host: string;
  inactive: boolean;
  build: string;
  tenantName: string;
  branchesInTenant: number;
  customers: number;
  workOrders: number;
  salesReceipts: number;
  warehouses: number;
  users: number;
  employees: number;
  logins: number;
  lastLoginAt: Date | null;
  loginUserName: string;
  lastTransaction: Date | null;
  features: BranchPortalFeature[];
  watertightFeatures: WatertightFeature[];
};

const countBy = <T extends { branchId: string; _count: { _all: number } }>(rows: T[]) =>
  new Map(rows.map((r) => [r.branchId, r._count._all]));

async function watertightUsageReport(ctx: Context): Promise<UsageRow[]> {
  const p = crossBranch(ctx.runtime);
  const [branches, customers, work, warehouses, users, employees, transactions, lastLogins] = await Promise.all([
    p.branch.findMany({
      orderBy: { branchNumber: "asc" },
      include: { tenant: { select: { name: true } }, watertightFeatures: true },
    }),
    p.customer.groupBy({ by: ["branchId"], _count: { _all: true } }),
    p.workOrder.groupBy({ by: ["branchId", "workType"], _count: { _all: true } }),
    p.warehouse.groupBy({ by: ["branchId"], _count: { _all: true } }),
    p.user.groupBy({
      by: ["branchId"],
      _count: { _all: true },
      _sum: { loginCount: true },
      _max: { lastLoginAt: true },
    }),
    p.user.groupBy({ by: ["branchId"], where: { personId: { not: null } }, _count: { _all: true } }),
    p.transaction.groupBy({ by: ["branchId"], _max: { datePosted: true } }),
    p.user.findMany({
      where: { lastLoginAt: { not: null } },
      orderBy: { lastLoginAt: "desc" },
      distinct: ["branchId"],
      select: { branchId: true, email: true },
    }),
  ]);
  const customerCount = countBy(customers);
  const warehouseCount = countBy(warehouses);
  const employeeCount = countBy(employees);
  const userStats = new Map(users.map((u) => [u.branchId, u]));
  const lastTx = new Map(transactions.map((t) => [t.branchId, t._max.datePosted]));
  const lastLoginUser = new Map(lastLogins.map((u) => [u.branchId, u.email]));
  const workCount = (branchId: string, type: "WORK_ORDER" | "SALES_RECEIPT") =>
    work.find((w) => w.branchId === branchId && w.workType === type)?._count._all ?? 0;
  const perTenant = new Map<string, number>();
  for (const b of branches) perTenant.set(b.tenantId, (perTenant.get(b.tenantId) ?? 0) + 1);
  return branches.map((b) => {
    const u = userStats.get(b.id);
    return {
      branchId: b.id,
      account: String(b.branchNumber),
      accountName: b.company,
      host: b.host,
      inactive: b.inactive,
      build: b.webSyncVersion,
      tenantName: b.tenant.name,
      branchesInTenant: perTenant.get(b.tenantId) ?? 1,
      customers: customerCount.get(b.id) ?? 0,
      workOrders: workCount(b.id, "WORK_ORDER"),
      salesReceipts: workCount(b.id, "SALES_RECEIPT"),
      warehouses: warehouseCount.get(b.id) ?? 0,
      users: u?._count._all ?? 0,
      employees: employeeCount.get(b.id) ?? 0,
      logins: u?._sum.loginCount ?? 0,
      lastLoginAt: u?._max.lastLoginAt ?? null,
      loginUserName: lastLoginUser.get(b.id) ?? "",
      lastTransaction: lastTx.get(b.id) ?? null,
      features: b.features,
      watertightFeatures: activeWatertightFeatures(b.watertightFeatures),
    };
  });
}

/** The users of one account (branch number), most recent sign-in first. */
async function usersFromAccount(ctx: Context, account: string) {
  const number = Number(account);
  const branch = Number.isInteger(number)
    ? await crossBranch(ctx.runtime).branch.findUnique({ where: { branchNumber: number } })
    : null;
  if (!branch) throw new AppError("NOT_FOUND", `There is no account ${account}.`);
  const users = await crossBranch(ctx.runtime).user.findMany({
    where: { branchId: branch.id },
    orderBy: [{ lastLoginAt: { sort: "desc", nulls: "last" } }, { email: "asc" }],
  });
  return {
    account: String(branch.branchNumber),
    accountName: branch.company,
    host: branch.host,
    users: users.map(
      (u): UserRow => ({
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        type: userType(u),
        branchId: branch.id,
        branchHost: branch.host,
        branchNumber: branch.branchNumber,
        branchCompany: branch.company,
        lastLoginAt: u.lastLoginAt,
        loginCount: u.loginCount,
        createdAt: u.createdAt,
      }),
    ),
  };
}

const UsageRowRef = builder.objectRef<UsageRow>("UsageReportRow").implement({
  description: "One branch's use of the platform. account is the branch number.",
  fields: (t) => ({
    branchId: t.exposeID("branchId"),
    account: t.exposeString("account"),
    accountName: t.exposeString("accountName"),
    host: t.exposeString("host"),
    inactive: t.exposeBoolean("inactive"),
    build: t.exposeString("build", { description: "The desktop web-sync version last reported." }),
    tenantName: t.exposeString("tenantName"),
    branchesInTenant: t.exposeInt("branchesInTenant"),
    customers: t.exposeInt("customers"),
    workOrders: t.exposeInt("workOrders"),
    salesReceipts: t.exposeInt("salesReceipts", { description: "Work orders of work type SALES_RECEIPT." }),
    warehouses: t.exposeInt("warehouses"),
    users: t.exposeInt("users"),
    employees: t.exposeInt("employees"),
    logins: t.exposeInt("logins", { description: "Successful sign-ins of the branch's users." }),
    lastLoginAt: t.expose("lastLoginAt", { type: "DateTime", nullable: true }),
    loginUserName: t.exposeString("loginUserName", { description: "Who signed in last." }),
    lastTransaction: t.expose("lastTransaction", { type: "DateTime", nullable: true }),
    features: t.field({ type: [BranchPortalFeatureEnum], resolve: (r) => r.features }),
    watertightFeatures: t.field({
      type: [WatertightFeatureEnum],
      description: "Watertight features on now (inside their time window).",
      resolve: (r) => r.watertightFeatures,
    }),
  }),
});

const AccountUsersRef = builder.objectRef<Awaited<ReturnType<typeof usersFromAccount>>>("AccountUsers").implement({
  fields: (t) => ({
    account: t.exposeString("account"),
    accountName: t.exposeString("accountName"),
    host: t.exposeString("host"),
    users: t.field({ type: [UserRowRef], resolve: (a) => a.users }),
  }),
});

builder.queryFields((t) => ({
  watertightUsageReport: t.field({
    type: [UsageRowRef],
    description: "Every branch's usage, by branch number.",
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => watertightUsageReport(ctx),
  }),
  usersFromAccount: t.field({
    type: AccountUsersRef,
    description: "The users of an account (branch number): name, type and last sign-in.",
    authScopes: SCOPE,
    args: { account: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => usersFromAccount(ctx, a.account),
  }),
}));
