import type { ScopedDb, ScopedTx } from "../db/scoped.ts";
import { AppError } from "../errors.ts";
import { Prisma } from "../generated/prisma/client.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";
import type { Context } from "../runtime.ts";
import { permissionLabel } from "../shared/permission-labels.ts";
import { isAdministrator, loadPermissions } from "./permissions.ts";

// No caller can give, directly or indirectly, more than they hold. Every operation that changes what
// someone may do goes through this file:
//   - granting or revoking a permission (to a person, a group or an API key): the caller holds it;
//   - changing a group (members in or out, rename, delete), a person (details, sign-in email,
//     invitation, deactivation, photo) or an API key (grants, deletion): the caller holds everything
//     that group, person or key holds. So only an administrator (ADMINISTRATIVE_SETUP, which holds
//     every permission) touches what an administrator holds;
//   - creating a person inside groups, or a key with grants: the caller holds all of them.
// A super admin of the platform holds everything. And a branch always keeps at least one active
// person holding ADMINISTRATIVE_SETUP (keepAnAdministrator), checked inside the change's transaction
// under a per-branch lock so that two concurrent removals cannot both pass.

export const conferMessages = {
  notHeld: (ps: string[]) =>
    `You can't give or take away permissions you don't hold yourself: ${ps.join(", ")}. Ask an administrator.`,
  holdsMore: (who: string, ps: string[]) =>
    `${who} holds permissions you don't (${ps.join(", ")}): only someone who holds them can change this.`,
  lastAdministrator:
    "This would leave the branch without an active administrator. Make someone else an administrator first.",
};

const labels = (ps: Iterable<EmployeePermission>) => [...ps].map(permissionLabel);

/** What the caller may give: the permissions they hold (everything for administrators and super admins). */
async function callerHolds(ctx: Context): Promise<(p: EmployeePermission) => boolean> {
  if (ctx.viewer?.isSuperAdmin && !ctx.apiKey) return () => true;
  const held = await ctx.permissions();
  if (isAdministrator(held)) return () => true;
  return (p) => held.has(p);
}

/** The ones of `permissions` the caller does not hold. */
async function notHeld(ctx: Context, permissions: Iterable<EmployeePermission>) {
  const holds = await callerHolds(ctx);
  return [...new Set(permissions)].filter((p) => !holds(p)).sort();
}

/** FORBIDDEN unless the caller holds every one of `permissions`. */
export async function assertMayConfer(ctx: Context, permissions: Iterable<EmployeePermission>) {
  const missing = await notHeld(ctx, permissions);
  if (missing.length) throw new AppError("FORBIDDEN", conferMessages.notHeld(labels(missing)));
}

async function assertHoldsAllOf(ctx: Context, who: string, theirs: Iterable<EmployeePermission>) {
  const missing = await notHeld(ctx, theirs);
  if (missing.length) throw new AppError("FORBIDDEN", conferMessages.holdsMore(who, labels(missing)));
}

const grantsOf = (db: ScopedDb | ScopedTx, actorType: "SECURITY_GROUP" | "API_KEYS", actorIds: string[]) =>
  actorIds.length
    ? db.permissionGrant
        .findMany({ where: { actorType, actorId: { in: actorIds } }, select: { permission: true } })
        .then((rows) => rows.map((r) => r.permission))
    : Promise.resolve([] as EmployeePermission[]);

/** The caller may change this person: they hold everything the person holds (own grants and groups). */
export async function assertMayChangePerson(ctx: Context, person: { id: string; firstName: string; lastName: string }) {
  const theirs = await loadPermissions(ctx.db, person.id);
  await assertHoldsAllOf(ctx, `${person.firstName} ${person.lastName}`.trim(), theirs);
}

/** The caller may change this group (its members, name, existence): they hold all of its grants. */
export async function assertMayChangeGroups(ctx: Context, groups: { id: string; name: string }[]) {
  for (const g of groups)
    await assertHoldsAllOf(ctx, `Group "${g.name}"`, await grantsOf(ctx.db, "SECURITY_GROUP", [g.id]));
}

/** Creating a person inside these groups gives them the groups' grants: the caller holds them all. */
export async function assertMayConferGroups(ctx: Context, groupIds: string[]) {
  await assertMayConfer(ctx, await grantsOf(ctx.db, "SECURITY_GROUP", groupIds));
}

/** The caller may change this API key (delete it): they hold all of its grants. */
export async function assertMayChangeApiKey(ctx: Context, key: { id: string; name: string }) {
  await assertHoldsAllOf(ctx, `API key "${key.name}"`, await grantsOf(ctx.db, "API_KEYS", [key.id]));
}

/**
 * Inside a transaction that may take ADMINISTRATIVE_SETUP away from people (a revoke, a member
 * removed, a group deleted, a person deactivated): waits for any other such change of the branch,
 * runs `change`, then refuses (rolling it back) if no active person holds ADMINISTRATIVE_SETUP any more.
 * A branch that had no administrator before the change is left as it was found.
 */
export async function keepAnAdministrator<T>(ctx: Context, change: (tx: ScopedTx) => Promise<T>): Promise<T> {
  return ctx.db.$transaction(async (tx) => {
    await tx.$branchQuery(
      (b) => Prisma.sql`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext('administrators:' || ${b}))) l`,
    );
    const before = await activeAdministrators(tx);
    const result = await change(tx);
    if (before > 0 && (await activeAdministrators(tx)) === 0)
      throw new AppError("BAD_USER_INPUT", conferMessages.lastAdministrator);
    return result;
  });
}

/** Active people holding ADMINISTRATIVE_SETUP through an own grant or a group. */
async function activeAdministrators(tx: ScopedTx): Promise<number> {
  const grants = await tx.permissionGrant.findMany({
    where: { permission: "ADMINISTRATIVE_SETUP", actorType: { in: ["PERSON", "SECURITY_GROUP"] } },
    select: { actorType: true, actorId: true },
  });
  const personIds = grants.filter((g) => g.actorType === "PERSON").map((g) => g.actorId);
  const groupIds = grants.filter((g) => g.actorType === "SECURITY_GROUP").map((g) => g.actorId);
  const viaGroups = groupIds.length
    ? await tx.securityGroupMember.findMany({ where: { groupId: { in: groupIds } }, select: { personId: true } })
    : [];
  const ids = [...new Set([...personIds, ...viaGroups.map((m) => m.personId)])];
  if (!ids.length) return 0;
  return tx.person.count({ where: { id: { in: ids }, inactive: false } });
}
