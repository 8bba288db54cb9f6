import type { PrismaClient } from "../../src/generated/prisma/client.ts";

let branchCounter = 100;

export type BranchOptions = { host?: string; inactive?: boolean; features?: string[] };

/** A new tenant with one branch (the portal feature on unless `features` says otherwise). */
export async function makeBranch(prisma: PrismaClient, opts: BranchOptions = {}) {
  const n = branchCounter++ + Math.floor(Math.random() * 1_000_000);
  const tenant = await prisma.tenant.create({ data: { name: `Tenant ${n}` } });
  return prisma.branch.create({
    data: {
      tenantId: tenant.id,
      branchNumber: n,
      company: `Branch ${n} Water`,
      internalName: `b${n}`,
      host: opts.host ?? `b${n}`,
      inactive: opts.inactive ?? false,
      features: (opts.features ?? ["V2_WEB_PORTAL"]) as never,
    },
  });
}
