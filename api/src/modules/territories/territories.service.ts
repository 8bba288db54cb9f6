import { z } from "zod";
import type { Context } from "../../auth/context.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput } from "../../errors.ts";
import type { Prisma, TerritoryMap, TerritoryMapUsage } from "../../generated/prisma/client.ts";
import { parseInput } from "../../validation.ts";
import { MAX_ZONE_VERTICES, zonePoints } from "./geometry.ts";
import { forgetZoneIndex } from "./zone-lookup.ts";

// Territory maps, the branch's map usage settings, deleting what others use, and what the zone
// services share (limits, field rules, the map version). Zones: zones.service.ts; imports: zone-import.service.ts.
// Every change of a map's zones (or of who holds a role in them) raises the map's `version`, which
// is what the zone lookup cache (zone-lookup.ts) compares.

export const MAX_ZONES_PER_MAP = 500;

/**
 * Zone points one request may carry in all (a bulk update, or several zone mutations in one document):
 * 12 zones of MAX_ZONE_VERTICES points. Checking them costs a few milliseconds per zone; a larger import
 * is sent in several requests. Counted before any zone is checked (decision 0521).
 */
export const MAX_REQUEST_ZONE_POINTS = 12 * MAX_ZONE_VERTICES;

/** Zone points already taken by each request (its context), against MAX_REQUEST_ZONE_POINTS. */
const pointsTaken = new WeakMap<Context, number>();

/**
 * Counts the points of the zones a request brings (zonePoints: from the lists' lengths, before any
 * point is read; each zone at most MAX_ZONE_VERTICES) and refuses the request when, with what it brought
 * before, they pass MAX_REQUEST_ZONE_POINTS. `zones` pairs each geometry with its label (see cleanZone).
 */
export function takeZonePoints(ctx: Context, zones: { data: unknown; label: string }[]) {
  let total = pointsTaken.get(ctx) ?? 0;
  for (const z of zones) if (z.data != null) total += zonePoints(z.data, z.label);
  if (total > MAX_REQUEST_ZONE_POINTS)
    throw badInput(
      `One request may carry at most ${MAX_REQUEST_ZONE_POINTS} zone points; this one has ${total}. Send the zones in several requests.`,
    );
  pointsTaken.set(ctx, total);
}

/** Lets the server answer other requests between two zones' checks (each costs a few milliseconds). */
export const breather = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const zoneInclude = {
  warehouse: { include: { warehouse: true } },
  leadSources: { orderBy: { sourceName: "asc" } },
  persons: { include: { person: true, role: true } },
} satisfies Prisma.TerritoryZoneInclude;
export type ZoneRow = Prisma.TerritoryZoneGetPayload<{ include: typeof zoneInclude }>;
export type MapRow = TerritoryMap & { zones?: ZoneRow[]; zoneCount?: number };

/** The outcome of a delete that may need confirmation: what uses the record, when it was refused. */
export type DeleteOutcome = { isSuccess: boolean; message: string; requiresConfirmation: boolean; uses: string[] };

export const name = (what: string) =>
  z.string().trim().min(1, `${what} name is required.`).max(80, `${what} name must be at most 80 characters.`);
export const description = z.string().trim().max(500, "Description must be at most 500 characters.");
export const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour like #2563eb.")
  .transform((c) => c.toLowerCase());

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function bumpVersion(tx: ScopedTx | Context["db"], ctx: Context, mapId: string): Promise<void> {
  await tx.territoryMap.update({ where: { id: mapId }, data: { version: { increment: 1 } } });
  forgetZoneIndex(ctx.branch.id, mapId);
}

export async function requireMap(db: ScopedTx | Context["db"], mapId: string): Promise<TerritoryMap> {
  const map = await db.territoryMap.findUnique({ where: { id: mapId } });
  if (!map) throw new AppError("NOT_FOUND", "Territory map not found.");
  return map;
}

export async function requireZone(db: ScopedTx | Context["db"], zoneId: string) {
  const zone = await db.territoryZone.findUnique({ where: { id: zoneId } });
  if (!zone) throw new AppError("NOT_FOUND", "Territory zone not found.");
  return zone;
}

async function uniqueMapName(db: ScopedTx | Context["db"], wanted: string, exceptId?: string) {
  const clash = await db.territoryMap.findFirst({
    where: { name: { equals: wanted, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw new AppError("CONFLICT", `A territory map named "${clash.name}" already exists.`);
}

// ───────────── maps ─────────────

export async function listMaps(ctx: Context): Promise<MapRow[]> {
  const maps = await ctx.db.territoryMap.findMany({
    orderBy: { name: "asc" },
    include: { _count: { select: { zones: true } } },
  });
  return maps.map(({ _count, ...m }) => ({ ...m, zoneCount: _count.zones }));
}

export async function getMap(ctx: Context, mapId: string): Promise<MapRow> {
  const map = await ctx.db.territoryMap.findUnique({
    where: { id: mapId },
    include: { zones: { include: zoneInclude, orderBy: [{ sortOrder: "asc" }, { name: "asc" }] } },
  });
  if (!map) throw new AppError("NOT_FOUND", "Territory map not found.");
  return map;
}

export async function addMap(ctx: Context, input: { name: string; description?: string | null }) {
  const n = parseInput(name("Map"), input.name);
  const d = parseInput(description, input.description ?? "");
  await uniqueMapName(ctx.db, n);
  return ctx.db.territoryMap.create({ data: { branchId: ctx.branch.id, name: n, description: d } });
}

export async function editMap(ctx: Context, input: { id: string; name?: string | null; description?: string | null }) {
  await requireMap(ctx.db, input.id);
  const data: { name?: string; description?: string } = {};
  if (input.name != null) {
    data.name = parseInput(name("Map"), input.name);
    await uniqueMapName(ctx.db, data.name, input.id);
  }
  if (input.description != null) data.description = parseInput(description, input.description);
  return ctx.db.territoryMap.update({ where: { id: input.id }, data });
}

/** A copy of a map: its zones with their shapes and colours, and who/what is assigned to each zone. */
export async function duplicateMap(ctx: Context, mapId: string, wantedName?: string | null) {
  const source = await getMap(ctx, mapId);
  let copyName = wantedName ? parseInput(name("Map"), wantedName) : `${source.name} (copy)`;
  if (wantedName) await uniqueMapName(ctx.db, copyName);
  else
    for (
      let n = 2;
      await ctx.db.territoryMap.findFirst({ where: { name: { equals: copyName, mode: "insensitive" } } });
      n++
    )
      copyName = `${source.name} (copy ${n})`;
  return ctx.db.$transaction(async (tx) => {
    const copy = await tx.territoryMap.create({
      data: { branchId: ctx.branch.id, name: copyName, description: source.description },
    });
    for (const z of source.zones ?? []) {
      const zone = await tx.territoryZone.create({
        data: {
          branchId: ctx.branch.id,
          mapId: copy.id,
          name: z.name,
          description: z.description,
          color: z.color,
          data: z.data as Prisma.InputJsonValue,
          sortOrder: z.sortOrder,
        },
      });
      if (z.persons.length)
        await tx.territoryZonePerson.createMany({
          data: z.persons.map((p) => ({
            zoneId: zone.id,
            roleId: p.roleId,
            personId: p.personId,
            branchId: ctx.branch.id,
          })),
        });
      if (z.warehouse)
        await tx.territoryZoneWarehouse.create({
          data: { zoneId: zone.id, warehouseId: z.warehouse.warehouseId, branchId: ctx.branch.id },
        });
      if (z.leadSources.length)
        await tx.territoryZoneLeadSource.createMany({
          data: z.leadSources.map((s) => ({
            zoneId: zone.id,
            sourceId: s.sourceId,
            sourceName: s.sourceName,
            branchId: ctx.branch.id,
          })),
        });
    }
    return copy;
  });
}

const USAGE_LABELS: Record<keyof Omit<TerritoryMapUsage, "id" | "branchId">, string> = {
  activityAssignmentMapId: "assigns activities",
  activityAssignmentRoleId: "assigns activities",
  workOrderAssignmentMapId: "assigns work orders",
  workOrderAssignmentRoleId: "assigns work orders",
  appointmentAssignmentRoleId: "assigns appointments",
  warehouseMapId: "picks warehouses",
};
type UsageKey = keyof typeof USAGE_LABELS;
const MAP_KEYS: UsageKey[] = ["activityAssignmentMapId", "workOrderAssignmentMapId", "warehouseMapId"];

/** The usage settings that name this id, as "the map that assigns activities" phrases, and a clearing update. */
async function usageNaming(db: ScopedTx | Context["db"], id: string, keys: UsageKey[]) {
  const usage = await db.territoryMapUsage.findFirst();
  const hit = usage ? keys.filter((k) => usage[k] === id) : [];
  return {
    phrases: [...new Set(hit.map((k) => USAGE_LABELS[k]))],
    clear: Object.fromEntries(hit.map((k) => [k, null])) as Partial<Record<UsageKey, null>>,
  };
}

/** What hangs on these zones (people, warehouses, lead sources, appointment slots), as phrases. */
export async function zoneUses(db: ScopedTx | Context["db"], zoneIds: string[]) {
  if (!zoneIds.length) return [];
  const where = { zoneId: { in: zoneIds } };
  const [persons, warehouses, sources, slots] = await Promise.all([
    db.territoryZonePerson.count({ where }),
    db.territoryZoneWarehouse.count({ where }),
    db.territoryZoneLeadSource.count({ where }),
    db.appointmentTimeSlot.count({ where }),
  ]);
  return [
    persons && plural(persons, "person assignment"),
    warehouses && plural(warehouses, "warehouse assignment"),
    sources && plural(sources, "lead source assignment"),
    slots && plural(slots, "appointment time slot"),
  ].filter((s): s is string => !!s);
}

export const refused = (what: string, uses: string[]): DeleteOutcome => ({
  isSuccess: false,
  requiresConfirmation: true,
  uses,
  message: `${what} is in use: ${uses.join("; ")}. Confirm to delete it and remove those.`,
});

export async function deleteMap(ctx: Context, mapId: string, confirm: boolean): Promise<DeleteOutcome> {
  const map = await requireMap(ctx.db, mapId);
  const zoneIds = (await ctx.db.territoryZone.findMany({ where: { mapId }, select: { id: true } })).map((z) => z.id);
  const usage = await usageNaming(ctx.db, mapId, MAP_KEYS);
  const uses = [
    ...usage.phrases.map((p) => `the map usage settings (the map that ${p})`),
    ...(await zoneUses(ctx.db, zoneIds)).map((u) => `its zones have ${u}`),
  ];
  if (uses.length && !confirm) return refused(`The map "${map.name}"`, uses);
  await ctx.db.$transaction(async (tx) => {
    if (Object.keys(usage.clear).length) await tx.territoryMapUsage.updateMany({ data: usage.clear });
    if (zoneIds.length) await tx.appointmentTimeSlot.deleteMany({ where: { zoneId: { in: zoneIds } } });
    await tx.territoryMap.delete({ where: { id: mapId } }); // zones and their assignments cascade
  });
  forgetZoneIndex(ctx.branch.id, mapId);
  return { isSuccess: true, requiresConfirmation: false, uses, message: `Deleted the map "${map.name}".` };
}

// ───────────── usage settings ─────────────

export type UsageInput = Partial<Record<UsageKey, string | null>>;
const EMPTY_USAGE = Object.fromEntries(Object.keys(USAGE_LABELS).map((k) => [k, null])) as Record<UsageKey, null>;

export async function getUsage(ctx: Context): Promise<Omit<TerritoryMapUsage, "id" | "branchId">> {
  const usage = await ctx.db.territoryMapUsage.findFirst();
  if (!usage) return EMPTY_USAGE;
  const { id: _id, branchId: _b, ...rest } = usage;
  return rest;
}

/** Sets the fields given (null clears one); each id must be a map or territory role of this branch. */
export async function editUsage(ctx: Context, input: UsageInput) {
  const data: UsageInput = {};
  for (const key of Object.keys(USAGE_LABELS) as UsageKey[]) {
    const value = input[key];
    if (value === undefined) continue;
    if (value) {
      const isMap = MAP_KEYS.includes(key);
      const found = isMap
        ? await ctx.db.territoryMap.findUnique({ where: { id: value } })
        : await ctx.db.personTerritoryRole.findUnique({ where: { id: value } });
      if (!found) throw badInput(`The ${isMap ? "map" : "territory role"} that ${USAGE_LABELS[key]} does not exist.`);
    }
    data[key] = value || null;
  }
  await ctx.db.territoryMapUsage.upsert({
    where: { branchId: ctx.branch.id },
    create: { ...data, branchId: ctx.branch.id },
    update: data,
  });
  return getUsage(ctx);
}

/** The map that assigns activities, with its zones; null when none is set. */
export async function activityAssignmentMap(ctx: Context): Promise<MapRow | null> {
  const { activityAssignmentMapId } = await getUsage(ctx);
  return activityAssignmentMapId ? getMap(ctx, activityAssignmentMapId) : null;
}
