import { AppError } from "../../graphql/errors.ts";

// Zone outlines are GeoJSON geometries (RFC 7946: [longitude, latitude], rings closed, the first
// ring the outline and the others holes). What is stored has passed `validZoneGeometry`, so the
// lookup service and the map page can trust it.

export type Position = [number, number];
export type Ring = Position[];
export type PolygonCoords = Ring[];
export type ZoneGeometry =
  | { type: "Polygon"; coordinates: PolygonCoords }
  | { type: "MultiPolygon"; coordinates: PolygonCoords[] };

/** More vertices than this in one zone is refused: a hand-drawn zone has dozens, a traced county a few hundred. */
export const MAX_ZONE_VERTICES = 5000;

const bad = (message: string) => new AppError("BAD_USER_INPUT", message);

function position(p: unknown, where: string): Position {
  if (!Array.isArray(p) || p.length < 2 || typeof p[0] !== "number" || typeof p[1] !== "number")
    throw bad(`${where}: every point must be [longitude, latitude].`);
  const [lng, lat] = p as number[];
  if (!Number.isFinite(lng!) || !Number.isFinite(lat!) || lng! < -180 || lng! > 180 || lat! < -90 || lat! > 90)
    throw bad(`${where}: the point [${lng}, ${lat}] is outside longitude -180..180 / latitude -90..90.`);
  return [lng!, lat!];
}

/** Whether segments ab and cd cross or touch (collinear overlap included). */
function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const orient = (p: Position, q: Position, r: Position) => {
    const v = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
    return v > 1e-15 ? 1 : v < -1e-15 ? -1 : 0;
  };
  const onSegment = (p: Position, q: Position, r: Position) =>
    Math.min(p[0], r[0]) <= q[0] &&
    q[0] <= Math.max(p[0], r[0]) &&
    Math.min(p[1], r[1]) <= q[1] &&
    q[1] <= Math.max(p[1], r[1]);
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(a, c, b)) return true;
  if (o2 === 0 && onSegment(a, d, b)) return true;
  if (o3 === 0 && onSegment(c, a, d)) return true;
  if (o4 === 0 && onSegment(c, b, d)) return true;
  return false;
}

/**
 * The first pair of non-adjacent edges of a closed ring that cross, or undefined. Edges are sorted by
 * their smallest longitude and only those whose longitude ranges overlap are compared (a sweep), so
 * a ring of a few thousand points is checked in milliseconds.
 */
export function ringSelfIntersection(ring: Ring): [number, number] | undefined {
  const n = ring.length - 1; // edges
  const edges = Array.from({ length: n }, (_, i) => {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    return { i, minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]) };
  }).sort((x, y) => x.minX - y.minX);
  for (let s = 0; s < edges.length; s++) {
    const e = edges[s]!;
    for (let t = s + 1; t < edges.length && edges[t]!.minX <= e.maxX; t++) {
      const f = edges[t]!;
      const i = Math.min(e.i, f.i);
      const j = Math.max(e.i, f.i);
      if (j === i + 1 || (i === 0 && j === n - 1)) continue; // neighbours share a point
      if (segmentsIntersect(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return [i, j];
    }
  }
  return undefined;
}

function validRing(raw: unknown, where: string): Ring {
  if (!Array.isArray(raw)) throw bad(`${where} must be a list of points.`);
  const ring = raw.map((p, i) => position(p, `${where}, point ${i + 1}`));
  if (ring.length === 0) throw bad(`${where} has no points.`);
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (ring.length === 1 || first[0] !== last[0] || first[1] !== last[1])
    throw bad(`${where} is not closed: its last point must be the same as its first.`);
  if (ring.length < 4) throw bad(`${where} needs at least 3 distinct points (and the first repeated at the end).`);
  const distinct = new Set(ring.slice(0, -1).map((p) => `${p[0]},${p[1]}`));
  if (distinct.size < 3) throw bad(`${where} needs at least 3 distinct points.`);
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

/**
 * A zone's geometry, checked: a GeoJSON Polygon or MultiPolygon (a Feature's geometry is taken too),
 * closed rings that do not cross themselves, at most MAX_ZONE_VERTICES points. BAD_USER_INPUT
 * with a message that says what to fix otherwise.
 */
export function validZoneGeometry(raw: unknown, label = "The zone"): ZoneGeometry {
  let g = raw as { type?: unknown; coordinates?: unknown; geometry?: unknown };
  if (g && typeof g === "object" && g.type === "Feature") g = g.geometry as typeof g;
  if (!g || typeof g !== "object") throw bad(`${label} has no shape: draw it on the map.`);
  let geometry: ZoneGeometry;
  if (g.type === "Polygon") geometry = { type: "Polygon", coordinates: validPolygon(g.coordinates, label) };
  else if (g.type === "MultiPolygon") {
    if (!Array.isArray(g.coordinates) || g.coordinates.length === 0) throw bad(`${label} has no polygons.`);
    geometry = {
      type: "MultiPolygon",
      coordinates: g.coordinates.map((p, i) =>
        validPolygon(p, g.coordinates && (g.coordinates as unknown[]).length > 1 ? `${label} part ${i + 1}` : label),
      ),
    };
  } else throw bad(`${label} must be a Polygon or MultiPolygon (got ${String(g.type ?? "nothing")}).`);
  const vertices = polygonsOf(geometry).reduce((n, p) => n + p.reduce((m, r) => m + r.length - 1, 0), 0);
  if (vertices > MAX_ZONE_VERTICES)
    throw bad(`${label} has ${vertices} points; at most ${MAX_ZONE_VERTICES} are allowed. Simplify the outline.`);
  return geometry;
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
