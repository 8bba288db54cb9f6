import type { ScopedDb } from "../db/scoped.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";

// An employee's permissions: grants to the person plus grants to every security group the person
// belongs to. ADMINISTRATIVE_SETUP grants every permission.
export async function loadPermissions(db: ScopedDb, personId: string): Promise<Set<EmployeePermission>> {
  const groups = await db.securityGroupMember.findMany({ where: { personId }, select: { groupId: true } });
  const grants = await db.permissionGrant.findMany({
    where: {
      OR: [
        { actorType: "PERSON", actorId: personId },
        ...(groups.length
          ? [{ actorType: "SECURITY_GROUP" as const, actorId: { in: groups.map((g) => g.groupId) } }]
          : []),
      ],
    },
    select: { permission: true },
  });
  return new Set(grants.map((g) => g.permission));
}

export const isAdministrator = (perms: ReadonlySet<EmployeePermission>) => perms.has("ADMINISTRATIVE_SETUP");
export const hasPermission = (perms: ReadonlySet<EmployeePermission>, p: EmployeePermission) =>
  isAdministrator(perms) || perms.has(p);
export const hasAllPermissions = (perms: ReadonlySet<EmployeePermission>, ps: EmployeePermission[]) =>
  isAdministrator(perms) || ps.every((p) => perms.has(p));
export const hasAnyPermission = (perms: ReadonlySet<EmployeePermission>, ps: EmployeePermission[]) =>
  isAdministrator(perms) || ps.some((p) => perms.has(p));
