import type { Context } from "../../auth/context.ts";
import type { ZoneGeometry } from "./geometry.ts";
import { plural, requireMap } from "./territories.service.ts";
import { type ZoneIndex, zoneIndexFor } from "./zone-lookup.ts";

// Lookups over a map's zones: the cached zone index, which zone each service address lies in, and the
// customer points the offline basemap draws.

/** The zone index of a map (cached, see zone-lookup.ts). */
export function zoneIndex(ctx: Context, mapId: string): Promise<ZoneIndex> {
  const db = ctx.db;
  return zoneIndexFor(ctx.branch.id, mapId, {
    version: async (id) => (await db.territoryMap.findUnique({ where: { id }, select: { version: true } }))?.version,
    load: async (id) => {
      const [zones, holders] = await Promise.all([
        db.territoryZone.findMany({ where: { mapId: id } }),
        db.territoryZonePerson.findMany({
          where: { zone: { mapId: id } },
          select: { zoneId: true, roleId: true, personId: true },
          orderBy: { id: "asc" },
        }),
      ]);
      return {
        zones: zones.map((z) => ({
          id: z.id,
          name: z.name,
          color: z.color,
          sortOrder: z.sortOrder,
          geometry: z.data as unknown as ZoneGeometry,
        })),
        holders,
      };
    },
  });
}

/** Stores the zone of every geolocated, active service address on the map (TerritoryAddressZone). */
export async function updateMapAssignments(ctx: Context, mapId: string) {
  const map = await requireMap(ctx.db, mapId);
  const index = await zoneIndex(ctx, mapId);
  const addresses = await ctx.db.serviceAddress.findMany({
    where: { inactive: false, latitude: { not: null }, longitude: { not: null } },
    select: { id: true, latitude: true, longitude: true },
  });
  const rows: { mapId: string; zoneId: string; serviceAddressId: string }[] = [];
  for (const a of addresses) {
    const zone = index.zoneAt(a.longitude!, a.latitude!);
    if (zone) rows.push({ mapId, zoneId: zone.id, serviceAddressId: a.id });
  }
  await ctx.db.$transaction(async (tx) => {
    await tx.territoryAddressZone.deleteMany({ where: { mapId } });
    if (rows.length)
      await tx.territoryAddressZone.createMany({ data: rows.map((r) => ({ ...r, branchId: ctx.branch.id })) });
  });
  return {
    isSuccess: true,
    message: `"${map.name}": ${plural(rows.length, "service address", "service addresses")} of ${addresses.length} geolocated lie in a zone.`,
  };
}

/** Geolocated active service addresses as [longitude, latitude] points (the offline basemap draws them). */
export async function customerPoints(ctx: Context): Promise<[number, number][]> {
  const rows = await ctx.db.serviceAddress.findMany({
    where: { inactive: false, latitude: { not: null }, longitude: { not: null } },
    select: { latitude: true, longitude: true },
    take: 20_000,
  });
  return rows.map((r) => [r.longitude!, r.latitude!]);
}
