import { AppError } from "../../errors.ts";

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

/** Whether segments ab and cd cross or touch (collinear overlap included). */
export function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
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

/** Whether edges i < j of a closed ring (edge k runs from point k to point k + 1) touch or cross. */
const edgesMeet = (ring: Ring, i: number, j: number) =>
  segmentsIntersect(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!);

/**
 * The rule a ring's border must keep, written plainly: the first pair of edges (i < j) that are not
 * neighbours and touch or cross. Neighbouring edges share a point and never count; any other pair with a
 * point in common does: a proper crossing, a corner on another edge, a corner used twice, edges overlapping
 * along a line. O(n²): kept as the definition `ringSelfIntersection` must agree with (its tests compare
 * the two on many rings), never run on a request.
 */
export function ringSelfIntersectionBruteForce(ring: Ring): [number, number] | undefined {
  const n = ring.length - 1;
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (edgesMeet(ring, i, j)) return [i, j];
    }
  return undefined;
}

/**
 * A pair of edges [i, j] (i < j) of a closed ring that are not neighbours and touch or cross, or undefined:
 * whether there is one is what `ringSelfIntersectionBruteForce` says (the pair named may differ), found in
 * O(n log n) steps, so a ring of MAX_ZONE_VERTICES points takes a few milliseconds whatever its shape.
 * `stats.tests`, when given, is increased by the comparisons made (point against edge, and pairs tested).
 *
 * How (a Shamos–Hoey sweep):
 * 1. The corners sorted west to east (longitude, then latitude). Two corners at the same place: their
 *    edges meet there, and for 4 or more edges two of them are not neighbours.
 * 2. Each edge against the edge after the next: this finds every spike that doubles back along its
 *    neighbour (the corner after it lies on the edge before it, or the other way round).
 * 3. Past those, neighbours meet only at their shared corner and no two corners coincide. A line swept
 *    west to east over the corners holds the edges it crosses, south to north, in a skip list. At each
 *    corner the edges ending there leave, the edges starting there enter, every two edges that become
 *    next to each other in the list are tested, and so are the corner's own edges against the edges just
 *    south and north of it (a corner lying on an edge). Until the westmost meeting point the list's order
 *    is the true order, so that point is either a corner on an edge, or a crossing of two edges that were
 *    next to each other just before the line reached it: both are tested.
 * Every pair reported is confirmed with the same test the brute force uses, so nothing valid is refused.
 */
export function ringSelfIntersection(ring: Ring, stats?: { tests: number }): [number, number] | undefined {
  const n = ring.length - 1; // edges (and distinct corner slots)
  if (n < 4) return undefined; // a triangle's edges are all neighbours
  let tests = 0;
  const meet = (e: number, f: number): [number, number] | undefined => {
    const d = Math.abs(e - f);
    if (d <= 1 || d === n - 1) return undefined; // the same edge or neighbours
    tests++;
    const i = Math.min(e, f);
    const j = Math.max(e, f);
    return edgesMeet(ring, i, j) ? [i, j] : undefined;
  };
  const found = (hit: [number, number] | undefined) => {
    if (stats) stats.tests += tests;
    return hit;
  };

  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = ring[i]![0];
    ys[i] = ring[i]![1];
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  const before = (a: number, b: number) => xs[a]! < xs[b]! || (xs[a] === xs[b] && ys[a]! < ys[b]!);

  // 1. a corner used twice
  for (let k = 1; k < n; k++) {
    const u = order[k - 1]!;
    const v = order[k]!;
    if (xs[u] !== xs[v] || ys[u] !== ys[v]) continue;
    for (const e of [(u + n - 1) % n, u])
      for (const f of [(v + n - 1) % n, v]) {
        const hit = meet(e, f);
        if (hit) return found(hit);
      }
  }
  // 2. spikes doubling back
  for (let e = 0; e < n; e++) {
    const hit = meet(e, (e + 2) % n);
    if (hit) return found(hit);
  }

  // 3. the sweep. Edge e runs between corners e and e + 1; west[e] is its western (or southern) end.
  const west = new Int32Array(n);
  const east = new Int32Array(n);
  for (let e = 0; e < n; e++) {
    const f = (e + 1) % n;
    const fFirst = before(f, e);
    west[e] = fFirst ? f : e;
    east[e] = fFirst ? e : f;
  }
  /** Whether the point lies north of edge e (left of it, walking it west to east); on it is not north. */
  const southOf = (e: number, px: number, py: number) => {
    tests++;
    const w = west[e]!;
    const o = east[e]!;
    return (xs[o]! - xs[w]!) * (py - ys[w]!) - (ys[o]! - ys[w]!) * (px - xs[w]!) > 0;
  };

  // The skip list: node e is edge e, node n the head; next/prev per level, -1 for none.
  const N = n + 1;
  const HEAD = n;
  let levels = 1;
  while (levels < 30 && 1 << levels < n) levels++;
  const next = new Int32Array(N * levels).fill(-1);
  const prev = new Int32Array(N * levels).fill(-1);
  const height = new Uint8Array(N);
  const update = new Int32Array(levels);
  let seed = 0x2545f491 ^ n; // fixed: the list's balance only, never the answer, depends on it
  const coin = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed & 1;
  };
  /** The last edge south of the point (HEAD when none); update[] then holds the place to insert after. */
  const locate = (px: number, py: number) => {
    let x = HEAD;
    for (let l = levels - 1; l >= 0; l--) {
      for (let nx = next[l * N + x]!; nx !== -1 && southOf(nx, px, py); nx = next[l * N + x]!) x = nx;
      update[l] = x;
    }
    return x;
  };
  const insert = (e: number) => {
    let h = 1;
    while (h < levels && coin()) h++;
    height[e] = h;
    for (let l = 0; l < h; l++) {
      const p = update[l]!;
      const q = next[l * N + p]!;
      next[l * N + e] = q;
      prev[l * N + e] = p;
      next[l * N + p] = e;
      if (q !== -1) prev[l * N + q] = e;
      update[l] = e;
    }
  };
  const remove = (e: number) => {
    for (let l = 0; l < height[e]!; l++) {
      const p = prev[l * N + e]!;
      const q = next[l * N + e]!;
      next[l * N + p] = q;
      if (q !== -1) prev[l * N + q] = p;
    }
  };

  for (const v of order) {
    const own = [(v + n - 1) % n, v]; // the edge ending at corner v, the edge starting there
    for (const e of own)
      if (west[e] !== v) {
        const p = prev[e]!;
        const q = next[e]!;
        remove(e);
        const hit = p !== HEAD && q !== -1 ? meet(p, q) : undefined;
        if (hit) return found(hit);
      }
    const px = xs[v]!;
    const py = ys[v]!;
    const south = locate(px, py);
    const north = next[south]!;
    for (const s of [south, north])
      if (s !== HEAD && s !== -1)
        for (const e of own) {
          const hit = meet(s, e);
          if (hit) return found(hit);
        }
    const starting = own.filter((e) => west[e] === v);
    if (starting.length === 2) {
      // the southern one first: edge a is south of edge b when b turns left of a
      const [a, b] = starting as [number, number];
      const ax = xs[east[a]!]! - px;
      const ay = ys[east[a]!]! - py;
      const bx = xs[east[b]!]! - px;
      const by = ys[east[b]!]! - py;
      if (ax * by - ay * bx < 0) starting.reverse();
    }
    for (const e of starting) {
      insert(e);
      const p = prev[e]!;
      const q = next[e]!;
      const hit = (p !== HEAD ? meet(p, e) : undefined) ?? (q !== -1 ? meet(e, q) : undefined);
      if (hit) return found(hit);
    }
  }
  return found(undefined);
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
