import { cacheFor } from "../db/read-cache.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";
import type { Context } from "../runtime.ts";
import { hasAnyPermission } from "./permissions.ts";

// Which leads an employee may see and work. A person whose zone enforcement is on (team/lead-setup:
// LeadPersonZoneAccess.enforceZonePermission) sees only the leads placed in the zones they were given,
// and no lead without a zone; everyone else with a lead permission sees all of the branch's leads. A
// merged lead (mergedIntoId set) is hidden from every list: it lives on only so an unmerge can restore it.
//
// Lists apply `visibleLeadsWhere` (one where clause, so counts, pages and groups agree); operations on
// named leads declare the `leadAccess` scope (builder.ts), decided here by `canReachLeads`.

/** The lead permissions: holding any of them opens the lead screens (each operation names its own). */
export const LEAD_PERMISSIONS: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"];

export type LeadAccess = {
  /** The leads the operation names (one id or several). */
  ids: string | string[];
  /** Any of these permissions (default: any lead permission). */
  anyPermission?: EmployeePermission[];
};

const restrictions = new WeakMap<Context, Promise<string[] | null>>();

// Asked by every lead list and every named-lead operation: kept per person for a few seconds, dropped at
// once by any write to LeadPersonZoneAccess or Person (decision 0920, as the permissions in permissions.ts):
// turning enforcement on, or taking a zone away, holds the person to it from their next request.
const zoneCache = {
  name: "lead-zone-restriction",
  models: ["LeadPersonZoneAccess", "Person"],
  ttlMs: 5_000,
  maxEntries: 10_000,
  staleWhileReloading: false,
} as const;

/** The zones the viewer is held to, or null when they may see every lead (loaded once per request). */
export function leadZoneRestriction(ctx: Context): Promise<string[] | null> {
  let found = restrictions.get(ctx);
  if (!found) {
    const personId = ctx.viewer?.personId;
    found = personId
      ? cacheFor(ctx.runtime, zoneCache).get(ctx.branch.id, personId, () =>
          ctx.db.leadPersonZoneAccess
            .findUnique({ where: { personId }, select: { enforceZonePermission: true, zoneIds: true } })
            .then((row) => (row?.enforceZonePermission ? [...row.zoneIds] : null)),
        )
      : Promise.resolve(null);
    restrictions.set(ctx, found);
  }
  return found;
}

/** The where clause of every lead list: not merged away, and within the viewer's zones when held to them. */
export async function visibleLeadsWhere(ctx: Context): Promise<Prisma.LeadWhereInput> {
  const zones = await leadZoneRestriction(ctx);
  return zones ? { mergedIntoId: null, zoneId: { in: zones } } : { mergedIntoId: null };
}

/**
 * The `leadAccess` scope: an employee holding the permission, and, when held to zones, every named lead
 * of this branch in one of them. Ids this branch does not have pass: the service answers "not found".
 */
export async function canReachLeads(ctx: Context, access: LeadAccess): Promise<boolean> {
  if (!ctx.viewer?.personId) return false;
  if (!hasAnyPermission(await ctx.permissions(), access.anyPermission ?? LEAD_PERMISSIONS)) return false;
  const zones = await leadZoneRestriction(ctx);
  if (!zones) return true;
  const ids = (Array.isArray(access.ids) ? access.ids : [access.ids]).filter((id) => typeof id === "string");
  if (ids.length === 0) return true;
  const outside = await ctx.db.lead.count({
    where: { id: { in: ids }, OR: [{ zoneId: null }, { zoneId: { notIn: zones } }] },
  });
  return outside === 0;
}
