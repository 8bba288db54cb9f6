import type { Position, Ring } from "./geometry.ts";

// Outlines for the geometry tests and bench/zone-geometry.bench.ts (nothing in the server uses them).

/** A ring from its corners: the first repeated at the end. */
export const closed = (points: Position[]): Ring => [...points, points[0]!];

/**
 * A legal outline of `points` points on which the self-crossing check used to be quadratic: a zigzag
 * whose edges all span longitude `lng`..`lng` + 10 (so every pair of them overlaps in longitude), closed
 * along longitude `lng` - 1. Latitudes run from -75 in steps of 3 / `den` degrees: `den` 100 suits up to
 * 5,000 points, 800 up to 40,000. Short decimals keep the JSON small (12-15 bytes a point).
 */
export function zigzag(points: number, den = 100, lng = 0): Ring {
  const m = points - 3;
  const lat = (k: number) => (k * 3 - 75 * den) / den;
  const ring: Position[] = [];
  for (let k = 0; k <= m; k++) ring.push([k % 2 ? lng + 10 : lng, lat(k)]);
  ring.push([lng - 1, lat(m)], [lng - 1, lat(0)]);
  return closed(ring);
}

/** A GeoJSON Polygon of one ring through `points`, as given (closed only when the last is the first). */
export const polygon = (...points: Position[]) => ({ type: "Polygon", coordinates: [points] });

/** A closed square with its corner at (x, y). */
export const square = (x: number, y: number, size = 1) =>
  polygon([x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]);

/** A ring whose last point is not its first. */
export const UNCLOSED = polygon([0, 0], [1, 0], [1, 1], [0, 1]);

/** A closed ring whose border crosses itself. */
export const BOWTIE = polygon([0, 0], [1, 1], [1, 0], [0, 1], [0, 0]);
