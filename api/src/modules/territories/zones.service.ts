import type { Context } from "../../auth/context.ts";
import { AppError, badInput } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { parseInput } from "../../validation.ts";
import { validZoneGeometry, type ZoneGeometry } from "./geometry.ts";
import {
  breather,
  bumpVersion,
  color,
  type DeleteOutcome,
  description,
  getMap,
  MAX_ZONES_PER_MAP,
  name,
  refused,
  requireMap,
  requireZone,
  takeZonePoints,
  type ZoneRow,
  zoneInclude,
  zoneUses,
} from "./territories.service.ts";

// A map's zones: adding, changing (one or several at once) and deleting them. Every change raises the
// map's version (bumpVersion), which the zone lookup cache compares.

export type ZoneInput = {
  id?: string | null;
  mapId?: string | null;
  name?: string | null;
  description?: string | null;
  color?: string | null;
  data?: unknown;
  sortOrder?: number | null;
};

export type CleanZone = {
  name?: string;
  description?: string;
  color?: string;
  data?: ZoneGeometry;
  sortOrder?: number;
};

export function cleanZone(input: ZoneInput, creating: boolean, label: string): CleanZone {
  const out: CleanZone = {};
  if (creating || input.name != null) out.name = parseInput(name("Zone"), input.name ?? "");
  if (input.description != null) out.description = parseInput(description, input.description);
  if (input.color != null) out.color = parseInput(color, input.color);
  if (creating || input.data != null) out.data = validZoneGeometry(input.data, label);
  if (input.sortOrder != null) out.sortOrder = input.sortOrder;
  return out;
}

/** A new zone's row from a checked zone (cleanZone with creating: name and outline are there), at sortOrder. */
function newZoneRow(ctx: Context, mapId: string, clean: CleanZone, sortOrder: number) {
  return {
    branchId: ctx.branch.id,
    mapId,
    name: clean.name!,
    description: clean.description ?? "",
    color: clean.color ?? "#2563eb",
    data: clean.data as Prisma.InputJsonValue,
    sortOrder,
  };
}

/** A changed zone's fields: only those given (cleanZone leaves out the others). */
const changedZoneRow = (clean: CleanZone) => ({ ...clean, data: clean.data as Prisma.InputJsonValue | undefined });

async function loadZone(ctx: Context, zoneId: string): Promise<ZoneRow> {
  return ctx.db.territoryZone.findUniqueOrThrow({ where: { id: zoneId }, include: zoneInclude });
}

export async function addZone(ctx: Context, input: ZoneInput & { mapId: string }) {
  const label = `The zone "${input.name ?? ""}"`;
  takeZonePoints(ctx, [{ data: input.data, label }]);
  const clean = cleanZone(input, true, label);
  await requireMap(ctx.db, input.mapId);
  const count = await ctx.db.territoryZone.count({ where: { mapId: input.mapId } });
  if (count >= MAX_ZONES_PER_MAP) throw badInput(`A map can have at most ${MAX_ZONES_PER_MAP} zones.`);
  const zone = await ctx.db.$transaction(async (tx) => {
    const z = await tx.territoryZone.create({ data: newZoneRow(ctx, input.mapId, clean, clean.sortOrder ?? count) });
    await bumpVersion(tx, ctx, input.mapId);
    return z;
  });
  return loadZone(ctx, zone.id);
}

export async function updateZone(ctx: Context, input: ZoneInput & { id: string }) {
  const existing = await requireZone(ctx.db, input.id);
  const label = `The zone "${input.name ?? existing.name}"`;
  takeZonePoints(ctx, [{ data: input.data, label }]);
  const clean = cleanZone(input, false, label);
  await ctx.db.$transaction(async (tx) => {
    await tx.territoryZone.update({
      where: { id: input.id },
      data: changedZoneRow(clean),
    });
    await bumpVersion(tx, ctx, existing.mapId);
  });
  return loadZone(ctx, input.id);
}

/**
 * Several zones of one map at once (a GeoJSON import, a reorder): those with an id are changed, the
 * others added. Everything is checked first; one bad zone changes nothing. The points of all the zones
 * are counted before any is checked (takeZonePoints); then the zones are checked one at a time, with a
 * breather between two, so that a large import never holds the server for more than one zone's check.
 */
export async function updateZones(ctx: Context, input: { mapId: string; zones: ZoneInput[] }) {
  await requireMap(ctx.db, input.mapId);
  if (!input.zones.length) throw badInput("No zones given.");
  if (input.zones.length > MAX_ZONES_PER_MAP)
    throw badInput(`A map can have at most ${MAX_ZONES_PER_MAP} zones; this update names ${input.zones.length}.`);
  const labelOf = (z: ZoneInput, i: number) => `Zone ${i + 1}${z.name ? ` ("${z.name}")` : ""}`;
  takeZonePoints(
    ctx,
    input.zones.map((z, i) => ({ data: z.data, label: labelOf(z, i) })),
  );
  const existing = new Map(
    (await ctx.db.territoryZone.findMany({ where: { mapId: input.mapId } })).map((z) => [z.id, z]),
  );
  const newCount = input.zones.filter((z) => !z.id).length;
  if (existing.size + newCount > MAX_ZONES_PER_MAP)
    throw badInput(`A map can have at most ${MAX_ZONES_PER_MAP} zones; this would make ${existing.size + newCount}.`);
  const cleaned: { id?: string | null; clean: CleanZone }[] = [];
  for (const [i, z] of input.zones.entries()) {
    if (z.id && !existing.has(z.id)) throw new AppError("NOT_FOUND", `Zone ${i + 1} is not a zone of this map.`);
    if (i > 0 && z.data != null) await breather();
    cleaned.push({ id: z.id, clean: cleanZone(z, !z.id, labelOf(z, i)) });
  }
  await ctx.db.$transaction(async (tx) => {
    let order = existing.size;
    for (const [i, { id, clean }] of cleaned.entries()) {
      // The embedded database (PGlite) works in this thread: a breather between large rows lets other
      // requests be answered while the zones are written (on PostgreSQL the writes wait on the network).
      if (i > 0 && clean.data) await breather();
      if (id)
        await tx.territoryZone.update({
          where: { id },
          data: changedZoneRow(clean),
        });
      else
        await tx.territoryZone.create({
          data: newZoneRow(ctx, input.mapId, clean, clean.sortOrder ?? order++),
        });
    }
    await bumpVersion(tx, ctx, input.mapId);
  });
  return (await getMap(ctx, input.mapId)).zones ?? [];
}

export async function deleteZone(ctx: Context, zoneId: string, confirm: boolean): Promise<DeleteOutcome> {
  const zone = await requireZone(ctx.db, zoneId);
  const uses = await zoneUses(ctx.db, [zoneId]);
  if (uses.length && !confirm) return refused(`The zone "${zone.name}"`, uses);
  await ctx.db.$transaction(async (tx) => {
    await tx.appointmentTimeSlot.deleteMany({ where: { zoneId } });
    await tx.territoryZone.delete({ where: { id: zoneId } }); // its assignments cascade
    await bumpVersion(tx, ctx, zone.mapId);
  });
  return { isSuccess: true, requiresConfirmation: false, uses, message: `Deleted the zone "${zone.name}".` };
}
