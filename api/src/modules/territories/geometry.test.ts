import { describe, expect, test } from "bun:test";
import { seededRandom } from "../../db/seed-tools.ts";
import {
  coordinatesSizeRefusal,
  MAX_ZONE_RINGS,
  MAX_ZONE_VERTICES,
  type Position,
  type Ring,
  ringSelfIntersection,
  ringSelfIntersectionBruteForce,
  segmentsIntersect,
  validZoneGeometry,
} from "./geometry.ts";
import { closed, zigzag } from "./test-shapes.ts";

// The zone outline checks on their own: the O(n log n) self-crossing sweep against the plain O(n²) rule
// on many seeded random rings (degenerate ones above all), and the size caps, which are counted from the
// lists' lengths before any point is read.

/** Counts the points read from a ring (numeric index reads) and fails once more than `limit` are read. */
function counted(ring: Ring, limit = Number.POSITIVE_INFINITY) {
  const reads = { count: 0 };
  const proxy = new Proxy(ring, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key) && ++reads.count > limit)
        throw new Error(`more than ${limit} point reads`);
      return Reflect.get(target, key, receiver);
    },
  });
  return { ring: proxy, reads };
}

/** The sweep and the rule agree on whether the ring crosses itself; a pair the sweep names really meets. */
function expectSameAnswer(ring: Ring) {
  const fast = ringSelfIntersection(ring);
  const slow = ringSelfIntersectionBruteForce(ring);
  if (!!fast !== !!slow) throw new Error(`sweep ${fast} vs rule ${slow} on ${JSON.stringify(ring)}`);
  if (fast) {
    const [i, j] = fast;
    const n = ring.length - 1;
    expect(i).toBeLessThan(j);
    expect(j - i > 1 && !(i === 0 && j === n - 1)).toBe(true); // not neighbours
    expect(segmentsIntersect(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)).toBe(true);
  }
  return !!slow;
}

describe("the self-crossing sweep against the O(n²) rule", () => {
  const rnd = seededRandom(20261125).next;
  const int = (below: number) => Math.floor(rnd() * below);
  const generators: Record<string, () => Position[]> = {
    // few distinct coordinates: repeated corners, collinear runs, overlaps, vertical edges, touching corners
    "random points on a small grid": () =>
      Array.from({ length: 3 + int(14) }, () => {
        const g = 2 + int(6);
        return [int(g), int(g)] as Position;
      }),
    // star-shaped around the origin on a quarter grid: mostly valid, sometimes pinched or collinear
    "star-shaped rings": () => {
      const n = 4 + int(60);
      return Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * i) / n + (rnd() * 0.5) / n;
        const r = 1 + int(20);
        return [Math.round(r * Math.cos(a) * 4) / 4, Math.round(r * Math.sin(a) * 4) / 4] as Position;
      });
    },
    "star-shaped rings with two corners swapped": () => {
      const p = generators["star-shaped rings"]!();
      const i = int(p.length);
      const j = int(p.length);
      [p[i], p[j]] = [p[j]!, p[i]!];
      return p;
    },
    "star-shaped rings in floating point": () => {
      const n = 4 + int(60);
      const p = Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * (i + rnd())) / n;
        const r = 0.2 + rnd();
        return [-97.7 + r * Math.cos(a), 30.3 + r * Math.sin(a)] as Position;
      });
      if (rnd() < 0.5) {
        const i = int(n);
        const j = int(n);
        [p[i], p[j]] = [p[j]!, p[i]!];
      }
      return p;
    },
    // every grid point of a rectangle's border (long collinear runs), then a corner added, repeated or dropped
    "rectangle borders with spikes and repeats": () => {
      const w = 2 + int(6);
      const h = 2 + int(6);
      const p: Position[] = [];
      for (let x = 0; x < w; x++) p.push([x, 0]);
      for (let y = 0; y < h; y++) p.push([w, y]);
      for (let x = w; x > 0; x--) p.push([x, h]);
      for (let y = h; y > 0; y--) p.push([0, y]);
      for (let t = int(4); t > 0; t--) {
        const i = int(p.length);
        const r = rnd();
        if (r < 0.3) p.splice(i, 0, [int(w + 1), int(h + 1)]);
        else if (r < 0.6) p.splice(i, 0, p[i]!);
        else p.splice(i, 1);
      }
      return p;
    },
    // three longitudes only: many vertical edges, overlapping or touching along a meridian
    "vertical edges": () =>
      Array.from({ length: 4 + int(16) }, () => [int(3), rnd() < 0.5 ? int(8) : rnd() * 8] as Position),
  };

  for (const [name, generate] of Object.entries(generators))
    test(`${name}: the same answer on 3,000 rings`, () => {
      let invalid = 0;
      for (let k = 0; k < 3000; k++) {
        const points = generate();
        if (points.length < 3) continue;
        if (expectSameAnswer(closed(points))) invalid++;
      }
      // both kinds were met
      expect(invalid).toBeGreaterThan(0);
      expect(invalid).toBeLessThan(3000);
    });

  test("hand-made degenerate rings", () => {
    const cases: [string, Position[], boolean][] = [
      [
        "a square",
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        true,
      ],
      [
        "a bow tie",
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ],
        false,
      ],
      [
        "points along the sides (straight corners)",
        [
          [0, 0],
          [1, 0],
          [2, 0],
          [2, 1],
          [2, 2],
          [1, 2],
          [0, 2],
          [0, 1],
        ],
        true,
      ],
      [
        "a corner repeated at once",
        [
          [0, 0],
          [1, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        false,
      ],
      [
        "a figure of eight touching at one corner",
        [
          [0, 0],
          [2, 2],
          [4, 0],
          [4, 4],
          [2, 2],
          [0, 4],
        ],
        false,
      ],
      [
        "a corner on another edge",
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [2, 0],
          [0, 4],
        ],
        false,
      ],
      [
        "a spike doubling back along its edge",
        [
          [0, 0],
          [4, 0],
          [2, 0],
          [2, 2],
          [0, 2],
        ],
        false,
      ],
      [
        "a spike doubling back past its start",
        [
          [1, 0],
          [3, 0],
          [0, 0],
          [0, 2],
        ],
        false,
      ],
      [
        "a flat triangle doubling back (no edges that are not neighbours)",
        [
          [0, 0],
          [2, 0],
          [1, 0],
        ],
        true,
      ],
      [
        "two edges overlapping along a line",
        [
          [0, 0],
          [3, 0],
          [3, 1],
          [2, 0],
          [1, 0],
          [1, 2],
          [0, 2],
        ],
        false,
      ],
      [
        "vertical edges overlapping",
        [
          [0, 0],
          [0, 3],
          [1, 3],
          [0, 2],
          [0, 1],
          [1, 0],
        ],
        false,
      ],
      [
        "a comb of vertical teeth",
        [
          [0, 0],
          [5, 0],
          [5, 3],
          [4, 3],
          [4, 1],
          [3, 1],
          [3, 3],
          [2, 3],
          [2, 1],
          [1, 1],
          [1, 3],
          [0, 3],
        ],
        true,
      ],
      [
        "teeth touching at their tips",
        [
          [0, 0],
          [4, 0],
          [4, 2],
          [3, 2],
          [2, 1],
          [1, 2],
          [2, 1],
          [0, 2],
        ],
        false,
      ],
      [
        "a hole-like loop closing on the outline",
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 2],
          [2, 2],
          [2, 3],
          [0, 2],
        ],
        false,
      ],
      [
        "a proper crossing far from corners",
        [
          [0, 0],
          [10, 1],
          [10, 0],
          [0, 1],
        ],
        false,
      ],
      [
        "a thin sliver",
        [
          [0, 0],
          [1000, 1],
          [0, 2],
          [-1, 1],
        ],
        true,
      ],
      ["a long zigzag", zigzag(300).slice(0, -1), true],
    ];
    for (const [name, points, valid] of cases) {
      const ring = closed(points);
      expect({ name, valid: !expectSameAnswer(ring) }).toEqual({ name, valid });
    }
  });

  test("large rings: 2,000-point star valid; one corner moved onto another edge, or two swapped, is not", () => {
    const rnd = seededRandom(7).next;
    const n = 2000;
    // even integer coordinates, so that the midpoint of an edge is exact
    const star = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      const r = 20000 + Math.floor(rnd() * 5000);
      return [2 * Math.round(r * Math.cos(a)), 2 * Math.round(r * Math.sin(a))] as Position;
    });
    expect(expectSameAnswer(closed(star))).toBe(false);
    for (let t = 0; t < 5; t++) {
      const moved = star.map((p) => [...p] as Position);
      const e = Math.floor(rnd() * n);
      const a = moved[e]!;
      const b = moved[(e + 1) % n]!;
      moved[(e + 500) % n] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      expect(expectSameAnswer(closed(moved))).toBe(true);
      const swapped = star.map((p) => [...p] as Position);
      const i = Math.floor(rnd() * n);
      const j = (i + 2 + Math.floor(rnd() * (n - 4))) % n;
      [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
      expect(expectSameAnswer(closed(swapped))).toBe(true);
    }
  });

  test("a 5,000-point zigzag is checked in O(n log n) steps: each point is read a bounded number of times", () => {
    const n = MAX_ZONE_VERTICES;
    // every pair of edges overlaps in longitude: the old sweep read points about n² times (50 million here)
    const { ring, reads } = counted(zigzag(n), 40 * n);
    const stats = { tests: 0 };
    expect(ringSelfIntersection(ring, stats)).toBeUndefined();
    expect(reads.count).toBeLessThanOrEqual(40 * n);
    expect(stats.tests).toBeGreaterThan(0);
    expect(stats.tests).toBeLessThan(4 * n * Math.log2(n));
  });
});

describe("sizes are counted before any point is read", () => {
  test("40,000 points: refused without reading one", () => {
    const { ring, reads } = counted(zigzag(40_000, 800));
    expect(() => validZoneGeometry({ type: "Polygon", coordinates: [ring] })).toThrow(
      `The zone has 40000 points; at most ${MAX_ZONE_VERTICES} are allowed. Simplify the outline.`,
    );
    expect(reads.count).toBe(0);
  });

  test("too many rings or parts: refused without walking them all", () => {
    const { ring: holes, reads } = counted(
      Array.from({ length: 100_000 }, () => [] as unknown as Position),
      0,
    );
    const many = { type: "Polygon", coordinates: holes };
    expect(() => validZoneGeometry(many)).toThrow(`The zone has more than ${MAX_ZONE_RINGS} rings`);
    expect(reads.count).toBe(0);
    const parts = Array.from({ length: 600 }, () => [[], []]);
    expect(() => validZoneGeometry({ type: "MultiPolygon", coordinates: parts })).toThrow(
      `at most ${MAX_ZONE_RINGS} are allowed`,
    );
  });

  test("the GraphQL scalar's check tells Polygon from MultiPolygon coordinates", () => {
    const big = zigzag(MAX_ZONE_VERTICES + 1);
    expect(coordinatesSizeRefusal([big])).toBe(
      `The zone has ${MAX_ZONE_VERTICES + 1} points; at most ${MAX_ZONE_VERTICES} are allowed. Simplify the outline.`,
    );
    expect(coordinatesSizeRefusal([[big]])).toContain(`has ${MAX_ZONE_VERTICES + 1} points`);
    expect(coordinatesSizeRefusal([zigzag(MAX_ZONE_VERTICES)])).toBeUndefined();
    expect(coordinatesSizeRefusal([[zigzag(3000)], [zigzag(2001)]])).toContain("has 5001 points");
    expect(coordinatesSizeRefusal("not coordinates")).toBeUndefined(); // the service says what is wrong
  });

  test("the largest legal zone passes, one point more is refused", () => {
    expect(validZoneGeometry({ type: "Polygon", coordinates: [zigzag(MAX_ZONE_VERTICES)] }).type).toBe("Polygon");
    expect(() => validZoneGeometry({ type: "Polygon", coordinates: [zigzag(MAX_ZONE_VERTICES + 1)] })).toThrow(
      `has ${MAX_ZONE_VERTICES + 1} points`,
    );
  });
});
