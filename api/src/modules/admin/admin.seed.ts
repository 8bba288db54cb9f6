import { clock } from "../../clock.ts";
import { todayIn } from "../../db/seed-clock.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { ResourceLimitCategory } from "../../generated/prisma/enums.ts";

// Demo data of the admin console (core): this and last month's resource limits of every tenant (one
// allowance past its warning, one near its cutoff), a bank and two messaging phones for `demo`, and
// sign-in history for the demo users. Fixed values; dates relative to today on the business clock.

const DAY_MS = 86_400_000;

const allowances: [ResourceLimitCategory, number, number, number, number][] = [
  // category, limit, used this month, warning %, cutoff %
  ["TEXTS", 5000, 4310, 80, 100],
  ["CALLS", 1000, 212, 80, 100],
  ["ROUTE_DIRECTIONS_WITH_TRAFFIC", 2000, 1990, 75, 100],
  ["ROUTE_DIRECTIONS_WITHOUT_TRAFFIC", 10000, 3450, 90, 110],
];

export async function seedAdminConsole(tx: Prisma.TransactionClient) {
  const now = clock.now();
  const today = todayIn("America/Chicago", now);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  const lastStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const lastEnd = new Date(monthStart.getTime() - DAY_MS);
  const tenants = await tx.tenant.findMany({ select: { id: true } });
  await tx.resourceLimit.createMany({
    data: tenants.flatMap((t) =>
      allowances.flatMap(([category, limit, used, warningPercent, cutoffPercent]) => [
        {
          tenantId: t.id,
          category,
          startDate: lastStart,
          endDate: lastEnd,
          limit,
          used: Math.round(limit * 0.7),
          warningPercent,
          cutoffPercent,
          lastUpdated: lastEnd,
        },
        {
          tenantId: t.id,
          category,
          startDate: monthStart,
          endDate: monthEnd,
          limit,
          used,
          warningPercent,
          cutoffPercent,
          lastUpdated: now,
        },
      ]),
    ),
  });

  const demo = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!demo) return;
  await tx.branchBank.create({
    data: {
      branchId: demo.id,
      name: "First Austin Bank",
      shortDescription: "Card and ACH deposits",
      paymentApiKey: "demo_payment_key_5521",
      saleApiKey: "demo_sale_key_8843",
      collectJsKey: "demo_collectjs_key_1190",
    },
  });
  await tx.branchMessagingPhone.createMany({
    data: [
      { branchId: demo.id, phone: "+15125550100", messagePlatform: "SMS", description: "Main texting line" },
      { branchId: demo.id, phone: "+15125550101", messagePlatform: "PHONE", description: "Delivery reminder calls" },
    ],
  });
  const logins: [string, number, number][] = [
    // email, sign-ins, days since the last one
    ["admin@demo.test", 42, 0],
    ["employee@demo.test", 118, 1],
    ["customer@demo.test", 9, 3],
  ];
  for (const [email, loginCount, days] of logins)
    await tx.user.updateMany({
      where: { email, branchId: demo.id },
      data: { loginCount, lastLoginAt: new Date(now.getTime() - days * DAY_MS - 3 * 3600_000) },
    });
}
