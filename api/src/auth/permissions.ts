import { type CacheRuntime, cacheFor } from "../db/read-cache.ts";
import type { ScopedDb } from "../db/scoped.ts";
import { Prisma } from "../generated/prisma/client.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";

// An employee's permissions: grants to the person plus grants to every security group the person
// belongs to, read in one statement. ADMINISTRATIVE_SETUP grants every permission.
export async function loadPermissions(db: Pick<ScopedDb, "$branchQuery">, personId: string) {
  const rows = await db.$branchQuery<{ permission: EmployeePermission }>(
    (branch) => Prisma.sql`SELECT DISTINCT g.permission FROM "PermissionGrant" g WHERE g."branchId" = ${branch}
      AND ((g."actorType" = 'PERSON' AND g."actorId" = ${personId})
        OR (g."actorType" = 'SECURITY_GROUP' AND g."actorId" IN (SELECT m."groupId" FROM "SecurityGroupMember" m
          WHERE m."branchId" = ${branch} AND m."personId" = ${personId})))`,
  );
  return new Set(rows.map((r) => r.permission));
}

// A signed-in employee's permissions are asked by nearly every request (every root field's scope): they
// are kept per person for a few seconds and dropped at once by any write to the grants, the groups, their
// members or the person (deleting a group or a person removes its memberships by cascade, which the
// change feed does not see as a write to SecurityGroupMember), as the session cache is dropped by session
// writes (decision 0920). A revoked permission is therefore refused on the next request served by this
// process, and by the others through Redis; without REDIS_URL another container may honour it for at most
// ttlMs more (the same bound as sessions, decision 0006).
const permissionCache = {
  name: "employee-permissions",
  models: ["PermissionGrant", "SecurityGroupMember", "SecurityGroup", "Person"],
  ttlMs: 5_000,
  maxEntries: 10_000,
  staleWhileReloading: false,
} as const;

/** loadPermissions through the per-process cache above (requests' viewers only, never for a write's check). */
export function cachedPermissions(
  rt: CacheRuntime,
  db: Pick<ScopedDb, "$branchQuery">,
  branchId: string,
  personId: string,
): Promise<ReadonlySet<EmployeePermission>> {
  return cacheFor(rt, permissionCache).get(branchId, personId, () => loadPermissions(db, personId));
}

export const isAdministrator = (perms: ReadonlySet<EmployeePermission>) => perms.has("ADMINISTRATIVE_SETUP");
export const hasPermission = (perms: ReadonlySet<EmployeePermission>, p: EmployeePermission) =>
  isAdministrator(perms) || perms.has(p);
export const hasAllPermissions = (perms: ReadonlySet<EmployeePermission>, ps: EmployeePermission[]) =>
  isAdministrator(perms) || ps.every((p) => perms.has(p));
export const hasAnyPermission = (perms: ReadonlySet<EmployeePermission>, ps: EmployeePermission[]) =>
  isAdministrator(perms) || ps.some((p) => perms.has(p));
