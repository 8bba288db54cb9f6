// Whether a zone's ring crosses itself (geometry.ts refuses such rings): segment tests, a brute-force
// reference and the sweep the validation uses.

/** A GeoJSON position: [longitude, latitude]. */
export type Position = [number, number];
/** A closed ring of positions (the first point repeated last). */
export type Ring = Position[];

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
