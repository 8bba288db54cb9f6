import { clock } from "../../clock.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { zoneIndex } from "../territories/lookups.service.ts";
import type { ZoneIndex } from "../territories/zone-lookup.ts";

// Lead setup (team/lead-setup): the branch's segregation map, whose zones leads are placed in, and
// per person whether they are held to some of its zones (auth/lead-access.ts reads that).
//
// A lead's zone follows from its coordinates and the segregation map: an arriving lead is placed by
// acceptLead (leadZoneAt below); choosing another map re-places every lead of the branch at once, in
// the same transaction as the setting, in statements of PLACE_CHUNK leads, each change written to the
// leads' history. Leads without coordinates have no zone. Zones given to people are zones of the map:
// when the map changes, zones of the old one are taken away (the person stays held to zones, and sees
// no lead until given zones of the new map: a change of map never widens what someone sees).

const PLACE_CHUNK = 5000;
export const MAX_ZONE_IDS = 1000;
const LEAD_HOLDERS: EmployeePermission[] = ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"];
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export type PersonZoneAccess = {
  personId: string;
  name: string;
  enforceZonePermission: boolean;
  zoneIds: string[];
};
export type LeadConfigurationView = {
  leadSegregationMapId: string | null;
  maps: { id: string; name: string }[];
  zones: { id: string; name: string; color: string }[];
  persons: PersonZoneAccess[];
};

/** The segregation map's id, or null (also when the map it named was deleted since). */
async function segregationMapId(ctx: Context): Promise<string | null> {
  const mapId = (await configRow(ctx))?.leadSegregationMapId ?? null;
  if (!mapId) return null;
  return (await ctx.db.territoryMap.findUnique({ where: { id: mapId }, select: { id: true } })) ? mapId : null;
}

async function configRow(ctx: Context) {
  return ctx.db.leadConfiguration.findUnique({ where: { branchId: ctx.branch.id } });
}

/** The zone of the segregation map the point lies in, or null (no map, no coordinates, no zone there). */
export async function leadZoneAt(
  ctx: Context,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Promise<string | null> {
  if (latitude == null || longitude == null) return null;
  const mapId = (await configRow(ctx))?.leadSegregationMapId;
  if (!mapId) return null;
  const index = await zoneIndex(ctx, mapId).catch((e) => {
    if (e instanceof AppError && e.code === "NOT_FOUND") return null;
    throw e;
  });
  return index?.zoneAt(longitude, latitude)?.id ?? null;
}

/** Active people holding a lead permission (themselves or through a group), and whoever has a zone rule. */
async function leadPeople(ctx: Context) {
  const grants = await ctx.db.permissionGrant.findMany({
    where: { permission: { in: LEAD_HOLDERS }, actorType: { in: ["PERSON", "SECURITY_GROUP"] } },
    select: { actorType: true, actorId: true },
    take: 10_000,
  });
  const groupIds = grants.filter((g) => g.actorType === "SECURITY_GROUP").map((g) => g.actorId);
  const members = groupIds.length
    ? await ctx.db.securityGroupMember.findMany({
        where: { groupId: { in: groupIds } },
        select: { personId: true },
        take: 10_000,
      })
    : [];
  const accesses = await ctx.db.leadPersonZoneAccess.findMany({ take: 10_000 });
  const ids = new Set([
    ...grants.filter((g) => g.actorType === "PERSON").map((g) => g.actorId),
    ...members.map((m) => m.personId),
  ]);
  const persons = await ctx.db.person.findMany({
    where: {
      OR: [{ id: { in: [...ids] }, inactive: false }, { id: { in: accesses.map((a) => a.personId) } }],
    },
    select: { id: true, firstName: true, lastName: true },
    orderBy: [{ firstName: "asc" }, { lastName: "asc" }, { id: "asc" }],
    take: 2000,
  });
  const byPerson = new Map(accesses.map((a) => [a.personId, a]));
  return persons.map((p) => ({
    personId: p.id,
    name: fullName(p),
    enforceZonePermission: byPerson.get(p.id)?.enforceZonePermission ?? false,
    zoneIds: byPerson.get(p.id)?.zoneIds ?? [],
  }));
}

export async function leadConfiguration(ctx: Context): Promise<LeadConfigurationView> {
  const mapId = await segregationMapId(ctx);
  const [maps, zones, persons] = await Promise.all([
    ctx.db.territoryMap.findMany({ select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    mapId
      ? ctx.db.territoryZone.findMany({
          where: { mapId },
          select: { id: true, name: true, color: true },
          orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
        })
      : [],
    leadPeople(ctx),
  ]);
  return { leadSegregationMapId: mapId, maps, zones, persons };
}

type Placement = { id: string; zoneId: string | null };

/** Every lead whose zone differs from where its coordinates put it on the map (keyset pages). */
async function misplacedLeads(ctx: Context, index: ZoneIndex | null): Promise<Placement[]> {
  const moves: Placement[] = [];
  let after = "";
  for (;;) {
    const page = await ctx.db.lead.findMany({
      where: { id: { gt: after } },
      select: { id: true, latitude: true, longitude: true, zoneId: true },
      orderBy: { id: "asc" },
      take: 20_000,
    });
    for (const l of page) {
      const zoneId =
        index && l.latitude != null && l.longitude != null ? (index.zoneAt(l.longitude, l.latitude)?.id ?? null) : null;
      if (zoneId !== l.zoneId) moves.push({ id: l.id, zoneId });
    }
    if (page.length < 20_000) return moves;
    after = page[page.length - 1]!.id;
  }
}

/** Sets the leads' zones and writes one history row per lead, in one statement per chunk. */
async function placeLeads(tx: ScopedTx, moves: Placement[], personId: string | null, mapName: string) {
  const now = clock.now();
  for (let i = 0; i < moves.length; i += PLACE_CHUNK) {
    const chunk = moves.slice(i, i + PLACE_CHUNK);
    const ids = chunk.map((m) => m.id);
    const zones = chunk.map((m) => m.zoneId);
    await tx.$branchQuery(
      (branch) => Prisma.sql`
        WITH v AS (SELECT * FROM unnest(${ids}::text[], ${zones}::text[]) AS v(id, zone)),
        u AS (
          UPDATE "Lead" l SET "zoneId" = v.zone
          FROM v JOIN "Lead" o ON o.id = v.id AND o."branchId" = ${branch}
          WHERE l.id = v.id AND l."branchId" = ${branch}
          RETURNING l.id, o."zoneId" AS before, v.zone AS after
        ),
        h AS (
          INSERT INTO "LeadChange" (id, "branchId", "leadId", "personId", kind, changes, summary, "createdAt")
          SELECT gen_random_uuid()::text, ${branch}, u.id, ${personId}, 'UPDATED',
                 jsonb_build_object('zoneId', jsonb_build_array(u.before, u.after)),
                 CASE WHEN z.name IS NULL THEN ${`In no zone of the lead map "${mapName}".`}
                      ELSE 'Placed in the zone "' || z.name || ${`" of the lead map "${mapName}".`} END,
                 ${now}
          FROM u LEFT JOIN "TerritoryZone" z ON z.id = u.after
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM h`,
    );
  }
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Chooses the segregation map (or none) and re-places every lead of the branch on it. */
export async function updateLeadTerritoryMap(ctx: Context, mapId: string | null) {
  if (mapId !== null && mapId.length > 100) throw new AppError("NOT_FOUND", "Territory map not found.");
  const map = mapId ? await ctx.db.territoryMap.findUnique({ where: { id: mapId } }) : null;
  if (mapId && !map) throw new AppError("NOT_FOUND", "Territory map not found.");
  const index = map ? await zoneIndex(ctx, map.id) : null;
  const moves = await misplacedLeads(ctx, index);
  const keepZones = new Set(index?.zones.map((z) => z.id) ?? []);
  const accesses = await ctx.db.leadPersonZoneAccess.findMany({ take: 10_000 });
  await ctx.db.$transaction(
    async (tx) => {
      await tx.leadConfiguration.upsert({
        where: { branchId: ctx.branch.id },
        create: { branchId: ctx.branch.id, leadSegregationMapId: map?.id ?? null },
        update: { leadSegregationMapId: map?.id ?? null },
      });
      for (const a of accesses) {
        const kept = a.zoneIds.filter((z) => keepZones.has(z));
        if (kept.length !== a.zoneIds.length)
          await tx.leadPersonZoneAccess.update({ where: { id: a.id }, data: { zoneIds: kept } });
      }
      await placeLeads(tx, moves, ctx.viewer?.personId ?? null, map?.name ?? "none");
    },
    { timeout: 120_000 },
  );
  const placed = plural(moves.length, "lead changed zone", "leads changed zone");
  return {
    isSuccess: true,
    message: map
      ? `Leads are placed in the zones of "${map.name}": ${placed}.`
      : `No lead map: leads have no zone now (${placed}). People held to zones see no leads.`,
  };
}

/** Holds a person to some zones of the segregation map (or lets them see every lead again). */
export async function enforceLeadTerritory(ctx: Context, personId: string, enforce: boolean, zoneIds: string[]) {
  if (zoneIds.length > MAX_ZONE_IDS) throw badInput(`Give at most ${MAX_ZONE_IDS} zones.`);
  const person =
    personId.length <= 100
      ? await ctx.db.person.findUnique({
          where: { id: personId },
          select: { id: true, firstName: true, lastName: true },
        })
      : null;
  if (!person) throw badInput("Person not found.");
  const unique = [...new Set(zoneIds)];
  const mapId = await segregationMapId(ctx);
  if (unique.length && !mapId) throw badInput("Choose the lead segregation map first: zones are given from it.");
  const zones = unique.length
    ? await ctx.db.territoryZone.findMany({
        where: { id: { in: unique }, mapId: mapId! },
        select: { id: true, name: true },
        orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
      })
    : [];
  if (zones.length !== unique.length) throw badInput("Zones must be zones of the lead segregation map.");
  const kept = zones.map((z) => z.id);
  await ctx.db.leadPersonZoneAccess.upsert({
    where: { personId: person.id },
    create: { personId: person.id, branchId: ctx.branch.id, enforceZonePermission: enforce, zoneIds: kept },
    update: { enforceZonePermission: enforce, zoneIds: kept },
  });
  const name = fullName(person);
  const message = !enforce
    ? `${name} sees every lead.`
    : zones.length
      ? `${name} sees only the leads of ${zones.map((z) => `"${z.name}"`).join(", ")}.`
      : `${name} is held to zones but has none: they see no leads until given a zone.`;
  return { isSuccess: true, message };
}
