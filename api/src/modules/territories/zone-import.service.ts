import type { Context } from "../../auth/context.ts";
import type { ScopedTx } from "../../db/scoped.ts";
import { AppError, badInput } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { ZoneGeometry } from "./geometry.ts";
import {
  breather,
  MAX_ZONES_PER_MAP,
  plural,
  requireMap,
  takeZonePoints,
  type ZoneRow,
  zoneInclude,
} from "./territories.service.ts";
import { forgetZoneIndex } from "./zone-lookup.ts";
import { type CleanZone, cleanZone } from "./zones.service.ts";

// Importing a GeoJSON file into a map, the way dealers edit zones outside (export, edit in QGIS or
// geojson.io, import the file again):
// - each zone of the file is matched to a zone of the map by the zone id in its properties (what the
//   export writes), else by name (case does not matter); matched zones keep their id, and with it their
//   people, warehouse, lead sources and appointment slots;
// - the preview says which zones are new, changed (and what changed), unchanged, and which zones of the
//   map the file does not have; nothing is written;
// - "replace" updates the changed zones, adds the new ones and removes the zones absent from the file;
//   "add" only adds the new ones;
// - the file is checked as the bulk update checks it (its zones counted and capped, and their points
//   counted from the lists' lengths, before any outline is read; one bad zone changes nothing), and the
//   import is written in one transaction;
// - what the import changed is kept (TerritoryZoneImport) so that it can be undone: the map's zones
//   become exactly what they were, as long as nothing changed them since.
// - the map's version is what says "nothing changed since": an import or an undo writes only if the
//   version is still the one it planned on, and bumps it in the same statement. Of two imports (or two
//   undos) at once, one wins; the other changes nothing and says so.

/** The colours new zones without one of their own take in turn (the map page's palette). */
const PALETTE = ["#2563eb", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#dc2626", "#ca8a04", "#db2777"];

export type ImportMode = "REPLACE" | "ADD";
export type ImportItem = {
  id?: string | null;
  name?: string | null;
  color?: string | null;
  description?: string | null;
  data?: unknown;
};
export type ImportStatus = "NEW" | "CHANGED" | "UNCHANGED" | "REMOVED";
export type ImportRow = {
  status: ImportStatus;
  /** The zone's place in the file (from 1); null for a removed zone. */
  position: number | null;
  zoneId: string | null;
  name: string;
  /** The matched zone's name, when the file renames it. */
  previousName: string | null;
  /** What the file changes of a matched zone: "name", "outline", "colour", "description". */
  changes: string[];
  /** What hangs on a zone the file removes (people, warehouse, lead sources), as phrases. */
  uses: string[];
};
export type ImportPreview = { rows: ImportRow[]; counts: Record<ImportStatus, number> };

type PlannedRow = ImportRow & { clean?: CleanZone; zone?: ZoneRow };

/** A zone as it was before an import changed or removed it (TerritoryZoneImport.before). */
type ZoneSnapshot = {
  id: string;
  name: string;
  description: string;
  color: string;
  data: ZoneGeometry;
  sortOrder: number;
};
type RemovedSnapshot = ZoneSnapshot & {
  persons: { roleId: string; personId: string }[];
  warehouseId: string | null;
  leadSources: { sourceId: string; sourceName: string }[];
  slots: { weekday: string; startMinute: number; endMinute: number; capacity: number }[];
  addressIds: string[];
};
type Before = { changed: ZoneSnapshot[]; removed: RemovedSnapshot[] };

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const key = (name: string) => name.trim().toLowerCase();

function usesOf(z: ZoneRow): string[] {
  return [
    z.persons.length && plural(z.persons.length, "person"),
    z.warehouse && "a warehouse",
    z.leadSources.length && plural(z.leadSources.length, "lead source"),
  ].filter((s): s is string => !!s);
}

/**
 * Claims the map for a write in one statement: bumps its version if it is still `version` (nothing
 * changed the zones since the caller read them). False: something did, and nothing may be written.
 */
async function claimMap(tx: ScopedTx, ctx: Context, mapId: string, version: number): Promise<boolean> {
  const { count } = await tx.territoryMap.updateMany({
    where: { id: mapId, version },
    data: { version: { increment: 1 } },
  });
  forgetZoneIndex(ctx.branch.id, mapId);
  return count === 1;
}

/** Checks the file's zones and matches them to the map's; writes nothing. */
async function plan(
  ctx: Context,
  mapId: string,
  items: ImportItem[],
): Promise<{ rows: PlannedRow[]; version: number }> {
  // Sizes first, before any read or any outline is looked at.
  if (!items.length) throw badInput("The file has no zones.");
  if (items.length > MAX_ZONES_PER_MAP)
    throw badInput(`A map can have at most ${MAX_ZONES_PER_MAP} zones; the file has ${items.length}.`);
  const { version } = await requireMap(ctx.db, mapId);
  const labelOf = (z: ImportItem, i: number) => `Zone ${i + 1} of the file${z.name ? ` ("${z.name}")` : ""}`;
  takeZonePoints(
    ctx,
    items.map((z, i) => ({ data: z.data, label: labelOf(z, i) })),
  );
  const zones = await ctx.db.territoryZone.findMany({
    where: { mapId },
    include: zoneInclude,
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
  });
  const byId = new Map(zones.map((z) => [z.id, z]));
  const matchedBy = new Map<string, number>(); // zone id -> position in the file
  const rows: PlannedRow[] = [];
  for (const [i, item] of items.entries()) {
    if (i > 0) await breather();
    const clean = cleanZone({ ...item, data: item.data ?? null }, true, labelOf(item, i));
    let zone = item.id ? byId.get(item.id) : undefined;
    if (zone && matchedBy.has(zone.id))
      throw badInput(
        `Zones ${matchedBy.get(zone.id)} and ${i + 1} of the file are both the zone "${zone.name}" (the same id).`,
      );
    zone ??= zones.find((z) => !matchedBy.has(z.id) && key(z.name) === key(clean.name!));
    if (!zone) {
      rows.push({ ...rowBase("NEW", i, clean.name!), clean });
      continue;
    }
    matchedBy.set(zone.id, i + 1);
    const changes = [
      clean.name !== zone.name && "name",
      !sameJson(clean.data, zone.data) && "outline",
      clean.color !== undefined && clean.color !== zone.color && "colour",
      clean.description !== undefined && clean.description !== zone.description && "description",
    ].filter((c): c is string => !!c);
    rows.push({
      ...rowBase(changes.length ? "CHANGED" : "UNCHANGED", i, clean.name!),
      zoneId: zone.id,
      previousName: clean.name !== zone.name ? zone.name : null,
      changes,
      clean,
      zone,
    });
  }
  for (const zone of zones)
    if (!matchedBy.has(zone.id))
      rows.push({ ...rowBase("REMOVED", null, zone.name), zoneId: zone.id, uses: usesOf(zone), zone });
  return { rows, version };
}

const rowBase = (status: ImportStatus, index: number | null, name: string): ImportRow => ({
  status,
  position: index == null ? null : index + 1,
  zoneId: null,
  name,
  previousName: null,
  changes: [],
  uses: [],
});

function counted(rows: ImportRow[]): Record<ImportStatus, number> {
  const counts = { NEW: 0, CHANGED: 0, UNCHANGED: 0, REMOVED: 0 };
  for (const r of rows) counts[r.status]++;
  return counts;
}

export async function previewImport(ctx: Context, mapId: string, items: ImportItem[]): Promise<ImportPreview> {
  const rows = (await plan(ctx, mapId, items)).rows.map(({ clean: _c, zone: _z, ...row }) => row);
  return { rows, counts: counted(rows) };
}

export type ApplyResult = { isSuccess: boolean; message: string; importId: string | null };

/** Writes the import in one transaction and keeps what it changed for undo (see the top of the file). */
export async function applyImport(
  ctx: Context,
  input: { mapId: string; mode: ImportMode; zones: ImportItem[] },
): Promise<ApplyResult> {
  const { rows, version: planned } = await plan(ctx, input.mapId, input.zones);
  const replace = input.mode === "REPLACE";
  const added = rows.filter((r) => r.status === "NEW");
  const changed = replace ? rows.filter((r) => r.status === "CHANGED") : [];
  const removed = replace ? rows.filter((r) => r.status === "REMOVED") : [];
  const kept = rows.filter((r) => r.status !== "NEW" && r.status !== "REMOVED").length;
  const total = (replace ? kept : rows.filter((r) => r.status !== "NEW").length) + added.length;
  if (total > MAX_ZONES_PER_MAP)
    throw badInput(`A map can have at most ${MAX_ZONES_PER_MAP} zones; this import would make ${total}.`);
  const summary = [
    added.length && `${added.length} added`,
    changed.length && `${changed.length} changed`,
    removed.length && `${removed.length} removed`,
  ].filter(Boolean);
  if (!summary.length)
    return {
      isSuccess: true,
      importId: null,
      message: replace
        ? "Nothing to import: the map already has the file's zones as they are."
        : "Nothing to add: every zone of the file is already on the map.",
    };
  const removedIds = removed.map((r) => r.zoneId!);
  const [slots, addresses] = await Promise.all([
    ctx.db.appointmentTimeSlot.findMany({ where: { zoneId: { in: removedIds } } }),
    ctx.db.territoryAddressZone.findMany({ where: { zoneId: { in: removedIds } } }),
  ]);
  const snapshot = (z: ZoneRow): ZoneSnapshot => ({
    id: z.id,
    name: z.name,
    description: z.description,
    color: z.color,
    data: z.data as unknown as ZoneGeometry,
    sortOrder: z.sortOrder,
  });
  const before: Before = {
    changed: changed.map((r) => snapshot(r.zone!)),
    removed: removed.map(({ zone: z }) => ({
      ...snapshot(z!),
      persons: z!.persons.map((p) => ({ roleId: p.roleId, personId: p.personId })),
      warehouseId: z!.warehouse?.warehouseId ?? null,
      leadSources: z!.leadSources.map((s) => ({ sourceId: s.sourceId, sourceName: s.sourceName })),
      slots: slots
        .filter((s) => s.zoneId === z!.id)
        .map((s) => ({ weekday: s.weekday, startMinute: s.startMinute, endMinute: s.endMinute, capacity: s.capacity })),
      addressIds: addresses.filter((a) => a.zoneId === z!.id).map((a) => a.serviceAddressId),
    })),
  };
  const message =
    changed.length || removed.length ? `Imported: ${summary.join(", ")}.` : `Imported ${plural(added.length, "zone")}.`;
  const importId = await ctx.db.$transaction(async (tx) => {
    if (!(await claimMap(tx, ctx, input.mapId, planned)))
      throw badInput(
        "The map's zones changed while the file was being imported (another import?): nothing was imported. Preview the file again.",
      );
    const last = await tx.territoryZone.aggregate({ where: { mapId: input.mapId }, _max: { sortOrder: true } });
    let order = (last._max.sortOrder ?? -1) + 1; // new zones come after the map's
    const createdZoneIds: string[] = [];
    for (const [i, { clean }] of added.entries()) {
      if (i > 0) await breather();
      const zone = await tx.territoryZone.create({
        data: {
          branchId: ctx.branch.id,
          mapId: input.mapId,
          name: clean!.name!,
          description: clean!.description ?? "",
          color: clean!.color ?? PALETTE[order % PALETTE.length]!,
          data: clean!.data as unknown as Prisma.InputJsonValue,
          sortOrder: order++,
        },
      });
      createdZoneIds.push(zone.id);
    }
    for (const { zoneId, clean } of changed) {
      await breather();
      const { sortOrder: _s, ...fields } = clean!;
      await tx.territoryZone.update({
        where: { id: zoneId! },
        data: { ...fields, data: fields.data as unknown as Prisma.InputJsonValue },
      });
    }
    if (removedIds.length) {
      await tx.appointmentTimeSlot.deleteMany({ where: { zoneId: { in: removedIds } } });
      await tx.territoryZone.deleteMany({ where: { id: { in: removedIds } } }); // their assignments cascade
    }
    const { version } = await tx.territoryMap.findUniqueOrThrow({ where: { id: input.mapId } });
    await tx.territoryZoneImport.deleteMany({ where: { mapId: input.mapId } }); // only the latest is kept
    const record = await tx.territoryZoneImport.create({
      data: {
        branchId: ctx.branch.id,
        mapId: input.mapId,
        summary: message,
        before: before as unknown as Prisma.InputJsonValue,
        createdZoneIds,
        mapVersion: version,
      },
    });
    return record.id;
  });
  return { isSuccess: true, message, importId };
}

/** The map's latest import while it can still be undone (nothing changed the zones since); else null. */
export async function undoableImport(ctx: Context, mapId: string) {
  const record = await ctx.db.territoryZoneImport.findFirst({ where: { mapId, undoneAt: null } });
  if (!record) return null;
  const map = await ctx.db.territoryMap.findUnique({ where: { id: mapId }, select: { version: true } });
  return map?.version === record.mapVersion ? record : null;
}

/** Puts the map's zones back as they were before the import (see the top of the file). */
export async function undoImport(ctx: Context, importId: string): Promise<{ isSuccess: boolean; message: string }> {
  const record = await ctx.db.territoryZoneImport.findUnique({ where: { id: importId } });
  if (!record) throw new AppError("NOT_FOUND", "That import can no longer be undone: a later import replaced it.");
  if (record.undoneAt) throw badInput("That import was already undone.");
  const map = await requireMap(ctx.db, record.mapId);
  if (map.version !== record.mapVersion)
    throw badInput("The map's zones changed after the import, so it can no longer be undone.");
  const before = record.before as unknown as Before;
  const removed = before.removed;
  const stillThere = async (ids: string[], find: (ids: string[]) => Promise<{ id: string }[]>) =>
    new Set<string>(ids.length ? (await find([...new Set(ids)])).map((r) => r.id) : []);
  // People, roles, warehouses and addresses deleted since cannot be put back in a zone; they are left out.
  const [people, roles, warehouses, addresses] = await Promise.all([
    stillThere(
      removed.flatMap((z) => z.persons.map((p) => p.personId)),
      (ids) => ctx.db.person.findMany({ where: { id: { in: ids } }, select: { id: true } }),
    ),
    stillThere(
      removed.flatMap((z) => z.persons.map((p) => p.roleId)),
      (ids) => ctx.db.personTerritoryRole.findMany({ where: { id: { in: ids } }, select: { id: true } }),
    ),
    stillThere(
      removed.flatMap((z) => (z.warehouseId ? [z.warehouseId] : [])),
      (ids) => ctx.db.warehouse.findMany({ where: { id: { in: ids } }, select: { id: true } }),
    ),
    stillThere(
      removed.flatMap((z) => z.addressIds),
      (ids) => ctx.db.serviceAddress.findMany({ where: { id: { in: ids } }, select: { id: true } }),
    ),
  ]);
  const branchId = ctx.branch.id;
  await ctx.db.$transaction(async (tx) => {
    // Another undo at the same moment (or an edit since the checks above): the first claim wins.
    const { count } = await tx.territoryZoneImport.updateMany({
      where: { id: record.id, undoneAt: null },
      data: { undoneAt: new Date() },
    });
    if (!count) throw badInput("That import was already undone.");
    if (!(await claimMap(tx, ctx, record.mapId, record.mapVersion)))
      throw badInput("The map's zones changed after the import, so it can no longer be undone.");
    if (record.createdZoneIds.length) {
      await tx.appointmentTimeSlot.deleteMany({ where: { zoneId: { in: record.createdZoneIds } } });
      await tx.territoryZone.deleteMany({ where: { id: { in: record.createdZoneIds } } });
    }
    for (const z of before.changed) {
      await breather();
      const { id, data, ...fields } = z;
      await tx.territoryZone.update({
        where: { id },
        data: { ...fields, data: data as unknown as Prisma.InputJsonValue },
      });
    }
    for (const z of removed) {
      await breather();
      const { persons, warehouseId, leadSources, slots, addressIds, data, ...fields } = z;
      await tx.territoryZone.create({
        data: { ...fields, branchId, mapId: record.mapId, data: data as unknown as Prisma.InputJsonValue },
      });
      const held = persons.filter((p) => people.has(p.personId) && roles.has(p.roleId));
      if (held.length)
        await tx.territoryZonePerson.createMany({ data: held.map((p) => ({ ...p, zoneId: z.id, branchId })) });
      if (warehouseId && warehouses.has(warehouseId))
        await tx.territoryZoneWarehouse.create({ data: { zoneId: z.id, warehouseId, branchId } });
      if (leadSources.length)
        await tx.territoryZoneLeadSource.createMany({
          data: leadSources.map((s) => ({ ...s, zoneId: z.id, branchId })),
        });
      if (slots.length)
        await tx.appointmentTimeSlot.createMany({
          data: slots.map((s) => ({ ...s, weekday: s.weekday as never, zoneId: z.id, branchId })),
        });
      const placed = addressIds.filter((a) => addresses.has(a));
      if (placed.length)
        await tx.territoryAddressZone.createMany({
          data: placed.map((serviceAddressId) => ({ serviceAddressId, zoneId: z.id, mapId: record.mapId, branchId })),
          skipDuplicates: true,
        });
    }
  });
  return { isSuccess: true, message: "Import undone: the map's zones are as they were before it." };
}
