import Flatbush from "flatbush";
import { AppError } from "../../errors.ts";
import { bbox, polygonsOf, type ZoneGeometry } from "./geometry.ts";

// "Which zone of map M contains this point" and "who holds role R in that zone", for assigning
// leads, activities and work orders in bulk. A map's zones are put in a Flatbush index of their
// bounding boxes once; a lookup asks the index for the few zones whose box holds the point, then
// tests those polygons (ray casting). Indexes are cached per map in this process and rebuilt when the
// map's `version` (raised by every change of its zones or of who holds a role in them) differs, so
// several API processes stay right without telling each other: a batch costs one small query.

export type IndexedZone = {
  id: string;
  name: string;
  color: string;
  sortOrder: number;
  geometry: ZoneGeometry;
};

export type ZoneHolder = { zoneId: string; roleId: string; personId: string };

/** A ring as flat [x0, y0, x1, y1, …] numbers (closing point included): faster to scan than pairs. */
type FlatPolygon = Float64Array[];

function inFlatRing(x: number, y: number, r: Float64Array): boolean {
  let inside = false;
  const n = r.length - 2;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const yi = r[i + 1]!;
    const yj = r[j + 1]!;
    if (yi > y !== yj > y) {
      const xi = r[i]!;
      if (x < ((r[j]! - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function inFlatPolygons(x: number, y: number, polygons: FlatPolygon[]): boolean {
  for (const rings of polygons) {
    if (!rings[0] || !inFlatRing(x, y, rings[0])) continue;
    let hole = false;
    for (let h = 1; h < rings.length && !hole; h++) hole = inFlatRing(x, y, rings[h]!);
    if (!hole) return true;
  }
  return false;
}

export class ZoneIndex {
  private readonly index: Flatbush | undefined;
  private readonly flat: FlatPolygon[][];
  private readonly holders = new Map<string, string[]>();

  constructor(
    readonly mapId: string,
    readonly version: number,
    readonly zones: readonly IndexedZone[],
    holders: readonly ZoneHolder[] = [],
  ) {
    // Overlapping zones: the first in the map's order wins, so order the index that way.
    this.zones = [...zones].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
    this.flat = this.zones.map((z) =>
      polygonsOf(z.geometry).map((poly) => poly.map((ring) => Float64Array.from(ring.flat()))),
    );
    if (this.zones.length) {
      this.index = new Flatbush(this.zones.length);
      for (const z of this.zones) this.index.add(...bbox(z.geometry));
      this.index.finish();
    }
    for (const h of holders) {
      const key = `${h.zoneId}:${h.roleId}`;
      const list = this.holders.get(key);
      if (list) list.push(h.personId);
      else this.holders.set(key, [h.personId]);
    }
  }

  /** The zone that contains the point (longitude, latitude), or undefined. */
  zoneAt(longitude: number, latitude: number): IndexedZone | undefined {
    if (!this.index) return undefined;
    const hits = this.index.search(longitude, latitude, longitude, latitude);
    if (hits.length > 1) hits.sort((a, b) => a - b);
    for (const i of hits) {
      if (inFlatPolygons(longitude, latitude, this.flat[i]!)) return this.zones[i];
    }
    return undefined;
  }

  /** The persons holding a territory role in a zone (ids, in the order they were given). */
  holdersOf(zoneId: string, roleId: string): readonly string[] {
    return this.holders.get(`${zoneId}:${roleId}`) ?? [];
  }
}

/** What the cache needs from the database: the map's version, and its zones and holders when stale. */
export type ZoneSource = {
  version(mapId: string): Promise<number | undefined>;
  load(mapId: string): Promise<{ zones: IndexedZone[]; holders: ZoneHolder[] }>;
};

const cache = new Map<string, ZoneIndex>();

/** The index of a map of a branch, built or taken from the cache. NOT_FOUND when the map does not exist. */
export async function zoneIndexFor(branchId: string, mapId: string, source: ZoneSource): Promise<ZoneIndex> {
  const key = `${branchId}:${mapId}`;
  const version = await source.version(mapId);
  if (version === undefined) {
    cache.delete(key);
    throw new AppError("NOT_FOUND", "Territory map not found.");
  }
  const cached = cache.get(key);
  if (cached && cached.version === version) return cached;
  const { zones, holders } = await source.load(mapId);
  const built = new ZoneIndex(mapId, version, zones, holders);
  cache.set(key, built);
  return built;
}

/** Drops this process's index of a map at once (other processes notice the version). */
export function forgetZoneIndex(branchId: string, mapId: string): void {
  cache.delete(`${branchId}:${mapId}`);
}
