import { AppError } from "../../errors.ts";
import { type Position, type Ring, ringSelfIntersection } from "./geometry-intersections.ts";

export {
  ringSelfIntersection,
  ringSelfIntersectionBruteForce,
  segmentsIntersect,
} from "./geometry-intersections.ts";

// Zone outlines are GeoJSON geometries (RFC 7946: [longitude, latitude], rings closed, the first
// ring the outline and the others holes). What is stored has passed `validZoneGeometry`, so the
// lookup service and the map page can trust it.
// Whether a ring crosses itself: geometry-intersections.ts.

export type { Position, Ring } from "./geometry-intersections.ts";
export type PolygonCoords = Ring[];
export type ZoneGeometry =
  | { type: "Polygon"; coordinates: PolygonCoords }
  | { type: "MultiPolygon"; coordinates: PolygonCoords[] };

/** More vertices than this in one zone is refused: a hand-drawn zone has dozens, a traced county a few hundred. */
export const MAX_ZONE_VERTICES = 5000;

/**
 * More rings than this (outlines and holes, over all the parts of a MultiPolygon) in one zone is refused.
 * A ring has at least 3 points, so MAX_ZONE_VERTICES alone would allow 1,666; this cap stops a list of
 * empty or tiny rings before it is walked.
 */
export const MAX_ZONE_RINGS = 1000;

const bad = (message: string) => new AppError("BAD_USER_INPUT", message);

/** A list's items, or undefined when the value is no list: JSON arrays here, GraphQL list literals in the scalar. */
export type ListItems = (value: unknown) => readonly unknown[] | undefined;
const jsonItems: ListItems = (v) => (Array.isArray(v) ? v : undefined);

export type ZoneSize = { rings: number; points: number };

/**
 * How many rings and points the coordinates of a Polygon (`multi` false) or a MultiPolygon hold, read from
 * the lists' lengths alone: no point is looked at, and the walk stops as soon as MAX_ZONE_RINGS is passed
 * (rings is then MAX_ZONE_RINGS + 1), so this costs at most about MAX_ZONE_RINGS steps whatever was sent.
 * Points are counted as a stored zone's are: the closing point of each ring is not counted. Anything that
 * is not a list is skipped here; the checks that follow refuse it with a message that says where.
 */
export function zoneSize(coordinates: unknown, multi: boolean, items: ListItems = jsonItems): ZoneSize {
  const parts = items(coordinates);
  if (!parts) return { rings: 0, points: 0 };
  if (parts.length > MAX_ZONE_RINGS) return { rings: MAX_ZONE_RINGS + 1, points: 0 };
  let rings = 0;
  let points = 0;
  for (const part of parts) {
    const partRings = multi ? items(part) : [part];
    if (!partRings) continue;
    rings += partRings.length;
    if (rings > MAX_ZONE_RINGS) return { rings, points };
    for (const ring of partRings) points += Math.max(0, (items(ring)?.length ?? 0) - 1);
  }
  return { rings, points };
}

/** Why a zone of this size is refused (at most MAX_ZONE_RINGS rings and MAX_ZONE_VERTICES points), or undefined. */
export function zoneSizeRefusal(size: ZoneSize, label = "The zone"): string | undefined {
  if (size.rings > MAX_ZONE_RINGS)
    return `${label} has more than ${MAX_ZONE_RINGS} rings (outlines and holes); at most ${MAX_ZONE_RINGS} are allowed. Simplify the outline.`;
  if (size.points > MAX_ZONE_VERTICES)
    return `${label} has ${size.points} points; at most ${MAX_ZONE_VERTICES} are allowed. Simplify the outline.`;
  return undefined;
}

/**
 * The size check of coordinates that come without their geometry's type (the GraphQL scalar): a
 * MultiPolygon's when the first point sits one list deeper than a Polygon's.
 */
export function coordinatesSizeRefusal(coordinates: unknown, items: ListItems = jsonItems): string | undefined {
  const firstPointOrNumber = items(items(items(coordinates)?.[0])?.[0])?.[0];
  return zoneSizeRefusal(zoneSize(coordinates, items(firstPointOrNumber) !== undefined, items));
}

/** Point `index` (from 0) of a ring, checked; the message names it as `where, point index + 1`. */
function position(p: unknown, where: string, index: number): Position {
  if (!Array.isArray(p) || p.length < 2 || typeof p[0] !== "number" || typeof p[1] !== "number")
    throw bad(`${where}, point ${index + 1}: every point must be [longitude, latitude].`);
  const [lng, lat] = p as number[];
  if (!Number.isFinite(lng!) || !Number.isFinite(lat!) || lng! < -180 || lng! > 180 || lat! < -90 || lat! > 90)
    throw bad(
      `${where}, point ${index + 1}: the point [${lng}, ${lat}] is outside longitude -180..180 / latitude -90..90.`,
    );
  return [lng!, lat!];
}

/** Whether a ring has at least 3 different points (a look for two that differ from the first, not a set of all). */
function hasThreeDistinct(ring: Ring): boolean {
  const same = (p: Position, q: Position) => p[0] === q[0] && p[1] === q[1];
  const a = ring[0]!;
  let b: Position | undefined;
  for (const p of ring) {
    if (same(p, a)) continue;
    if (!b) b = p;
    else if (!same(p, b)) return true;
  }
  return false;
}

function validRing(raw: unknown, where: string): Ring {
  if (!Array.isArray(raw)) throw bad(`${where} must be a list of points.`);
  const ring = raw.map((p, i) => position(p, where, i));
  if (ring.length === 0) throw bad(`${where} has no points.`);
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (ring.length === 1 || first[0] !== last[0] || first[1] !== last[1])
    throw bad(`${where} is not closed: its last point must be the same as its first.`);
  if (ring.length < 4) throw bad(`${where} needs at least 3 distinct points (and the first repeated at the end).`);
  if (!hasThreeDistinct(ring)) throw bad(`${where} needs at least 3 distinct points.`);
  const crossing = ringSelfIntersection(ring);
  if (crossing)
    throw bad(
      `${where} crosses itself (edges ${crossing[0] + 1} and ${crossing[1] + 1}): redraw it so that its border does not cross.`,
    );
  return ring;
}

function validPolygon(raw: unknown, where: string): PolygonCoords {
  if (!Array.isArray(raw) || raw.length === 0) throw bad(`${where} must have an outline.`);
  return raw.map((r, i) => validRing(r, i === 0 ? `${where} outline` : `${where} hole ${i}`));
}

/** A geometry's type and coordinates (a Feature's geometry is taken), or BAD_USER_INPUT. */
function zoneShape(raw: unknown, label: string): { type: "Polygon" | "MultiPolygon"; coordinates: unknown } {
  let g = raw as { type?: unknown; coordinates?: unknown; geometry?: unknown };
  if (g && typeof g === "object" && g.type === "Feature") g = g.geometry as typeof g;
  if (!g || typeof g !== "object") throw bad(`${label} has no shape: draw it on the map.`);
  if (g.type !== "Polygon" && g.type !== "MultiPolygon")
    throw bad(`${label} must be a Polygon or MultiPolygon (got ${String(g.type ?? "nothing")}).`);
  return { type: g.type, coordinates: g.coordinates };
}

/**
 * How many points a zone's geometry has, counted from its lists' lengths before anything else is done
 * with it (zoneSize); BAD_USER_INPUT when it has more than MAX_ZONE_VERTICES points or MAX_ZONE_RINGS
 * rings, or is no Polygon or MultiPolygon. The service also caps what one request's zones add up to.
 */
export function zonePoints(raw: unknown, label = "The zone"): number {
  const { type, coordinates } = zoneShape(raw, label);
  const size = zoneSize(coordinates, type === "MultiPolygon");
  const refusal = zoneSizeRefusal(size, label);
  if (refusal) throw bad(refusal);
  return size.points;
}

/**
 * A zone's geometry, checked: a GeoJSON Polygon or MultiPolygon (a Feature's geometry is taken too),
 * at most MAX_ZONE_VERTICES points and MAX_ZONE_RINGS rings (counted first, before any point is read),
 * closed rings that do not cross themselves. BAD_USER_INPUT with a message that says what to fix
 * otherwise. A zone of MAX_ZONE_VERTICES points is checked in a few milliseconds.
 */
export function validZoneGeometry(raw: unknown, label = "The zone"): ZoneGeometry {
  zonePoints(raw, label);
  const { type, coordinates } = zoneShape(raw, label);
  if (type === "Polygon") return { type, coordinates: validPolygon(coordinates, label) };
  if (!Array.isArray(coordinates) || coordinates.length === 0) throw bad(`${label} has no polygons.`);
  return {
    type,
    coordinates: coordinates.map((p, i) => validPolygon(p, coordinates.length > 1 ? `${label} part ${i + 1}` : label)),
  };
}

export const polygonsOf = (g: ZoneGeometry): PolygonCoords[] =>
  g.type === "Polygon" ? [g.coordinates] : g.coordinates;

/** [minLng, minLat, maxLng, maxLat] of a geometry. */
export function bbox(g: ZoneGeometry): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const poly of polygonsOf(g))
    for (const [x, y] of poly[0] ?? []) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  return [minX, minY, maxX, maxY];
}

/** Even-odd ray casting: whether [x, y] lies inside the ring (points on the border may go either way). */
function inRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
    const xi = ring[i]![0];
    const yi = ring[i]![1];
    const xj = ring[j]![0];
    const yj = ring[j]![1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether the point is inside the geometry (inside an outline and in none of its holes). */
export function containsPoint(g: ZoneGeometry, lng: number, lat: number): boolean {
  for (const poly of polygonsOf(g)) {
    if (!poly[0] || !inRing(lng, lat, poly[0])) continue;
    let inHole = false;
    for (let h = 1; h < poly.length && !inHole; h++) inHole = inRing(lng, lat, poly[h]!);
    if (!inHole) return true;
  }
  return false;
}
