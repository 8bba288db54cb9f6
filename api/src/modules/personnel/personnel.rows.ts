import { clock } from "../../clock.ts";
import { batched, groupBy } from "../../db/batch.ts";
import type { Context } from "../../runtime.ts";

// Per-person details (batched by the schema's loaders).

// A person's groups, sign-in and pending invitation are read per row of the people list: batched, so a
// page of people is a fixed number of queries (db/batch.ts).

const groupsByPerson = batched(async (ctx: Context, personIds: string[]) => {
  const rows = await ctx.db.securityGroupMember.findMany({
    where: { personId: { in: personIds } },
    include: { group: true },
  });
  return groupBy(rows, (r) => r.personId);
});

export async function groupsOf(ctx: Context, personId: string) {
  const rows = (await groupsByPerson(ctx, personId)) ?? [];
  return rows.map((r) => r.group).sort((a, b) => a.name.localeCompare(b.name));
}

const userByPerson = batched(async (ctx: Context, personIds: string[]) => {
  const users = await ctx.db.user.findMany({
    where: { personId: { in: personIds } },
    select: { id: true, personId: true, email: true, lastLoginAt: true, createdAt: true },
  });
  return new Map(users.map(({ personId, ...user }) => [personId ?? "", user])); // personId is unique
});

const personById = batched(async (ctx: Context, ids: string[]) => {
  const people = await ctx.db.person.findMany({ where: { id: { in: ids } } });
  return new Map(people.map((p) => [p.id, p]));
});

/** A person read for a row of some list (an API key's person): batched like the other row reads. */
export async function personOf(ctx: Context, personId: string | null) {
  return personId ? ((await personById(ctx, personId)) ?? null) : null;
}

/** The person's sign-in (user), or null. */
export async function userOf(ctx: Context, personId: string) {
  return (await userByPerson(ctx, personId)) ?? null;
}

const openInvitations = batched(async (ctx: Context, userIds: string[]) => {
  const tokens = await ctx.db.emailToken.findMany({
    where: { userId: { in: userIds }, kind: "RESET_PASSWORD", usedAt: null, expiresAt: { gt: clock.now() } },
    select: { userId: true },
  });
  return new Map(tokens.map((t) => [t.userId, true]));
});

/** Whether the person was invited and has not signed in yet (an unused invitation link exists). */
export async function invitePending(ctx: Context, personId: string) {
  const user = await userOf(ctx, personId);
  if (!user || user.lastLoginAt) return false;
  return (await openInvitations(ctx, user.id)) ?? false;
}
