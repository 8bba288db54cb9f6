import { clock } from "../clock.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

// Sign-in attempts are limited per account and per address, counted in the database so that every
// API container sees the same numbers. A success clears the account's count.
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_LIMITS = { account: 5, address: 30 };

export const accountKey = (branchId: string, email: string) => `account:${branchId}:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

async function failuresSinceLastSuccess(prisma: PrismaClient, key: string) {
  const since = new Date(clock.nowMs() - LOGIN_WINDOW_MS);
  const lastSuccess = await prisma.loginAttempt.findFirst({
    where: { key, success: true, createdAt: { gte: since } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return prisma.loginAttempt.count({
    where: { key, success: false, createdAt: { gte: lastSuccess?.createdAt ?? since } },
  });
}

export async function loginBlocked(prisma: PrismaClient, branchId: string, email: string, ip: string) {
  const [account, address] = await Promise.all([
    failuresSinceLastSuccess(prisma, accountKey(branchId, email)),
    failuresSinceLastSuccess(prisma, addressKey(ip)),
  ]);
  return account >= LOGIN_LIMITS.account || address >= LOGIN_LIMITS.address;
}

export async function recordLoginAttempt(
  prisma: PrismaClient,
  branchId: string,
  email: string,
  ip: string,
  success: boolean,
) {
  await prisma.loginAttempt.createMany({
    data: [
      { key: accountKey(branchId, email), success },
      { key: addressKey(ip), success },
    ],
  });
}
