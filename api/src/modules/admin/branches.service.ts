import type { BranchPortalFeature, WatertightFeature } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { activeWatertightFeatures } from "../account/account.service.ts";
import { prismaOf } from "./branches.shared.ts";

// The super admin's view of branches (admin/b, admin/b/{branchId}). Branches are not branch-owned, so
// these services use the unscoped client (the console works across branches). Every change that the
// branch resolver caches (host, activation, features, watertight features) invalidates its cache, so a
// new host answers at ?host=<new> on the next request.
//
// Gateway keys (sale, payment, Collect.js, each bank's) and the branch API key are write-only: once
// saved they are only read back masked. A reset API key is returned once, by the reset itself.
//
// One operation group per file: what they share (branches.shared.ts: the unscoped client, reading one
// branch, masking), a branch's settings (branches.settings.ts) and its banks and messaging phones
// (branches.contacts.ts). This file lists branches and tenants.
export * from "./branches.contacts.ts";
export * from "./branches.settings.ts";
export { type AdminBranch, branchById, mask } from "./branches.shared.ts";

export type BranchOverviewRow = {
  id: string;
  branchNumber: number;
  company: string;
  host: string;
  tenantName: string;
  features: BranchPortalFeature[];
  watertightFeatures: WatertightFeature[];
  lastWtdSync: Date | null;
  lastPaymentProcessTime: Date | null;
  inactive: boolean;
};

export async function branchesOverview(ctx: Context): Promise<BranchOverviewRow[]> {
  const rows = await prismaOf(ctx).branch.findMany({
    orderBy: { branchNumber: "asc" },
    include: {
      tenant: { select: { name: true } },
      watertightFeatures: { select: { featureId: true, startTime: true, endTime: true } },
    },
  });
  return rows.map((b) => ({
    id: b.id,
    branchNumber: b.branchNumber,
    company: b.company,
    host: b.host,
    tenantName: b.tenant.name,
    features: b.features,
    // Only the features on now: a window that ended (or has not started) is not "on".
    watertightFeatures: activeWatertightFeatures(b.watertightFeatures).sort(),
    lastWtdSync: b.lastWtdSync,
    lastPaymentProcessTime: b.lastPaymentProcessTime,
    inactive: b.inactive,
  }));
}

export async function tenants(ctx: Context) {
  return prismaOf(ctx).tenant.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true } });
}
