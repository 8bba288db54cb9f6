import type { Prisma } from "../generated/prisma/client.ts";

// What the area seeds (shop, e-commerce, telemetry, messages, territories, workflow) share: a fixed-seed
// random generator, so every run writes the same data (tests and benches use it for the same reason), and
// a bulk insert that sends rows as one JSON parameter.

/** A fixed-seed generator (mulberry32): the same seed gives the same sequence on every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  /** One of the values, each as likely as its weight. */
  const weighted = <T>(xs: readonly [T, number][]): T => {
    let r = next() * xs.reduce((s, [, w]) => s + w, 0);
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return xs[xs.length - 1]![0];
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return { next, int, pick, weighted, uuid };
}

/**
 * `createMany` for a few thousand rows that all set the same columns: one JSON parameter that
 * PostgreSQL expands with `json_populate_recordset` (Prisma's createMany binds every value separately,
 * which is far slower on PGlite).
 */
export async function insertRows(tx: Prisma.TransactionClient, table: string, rows: readonly object[]) {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!)
    .map((c) => `"${c}"`)
    .join(", ");
  await tx.$executeRawUnsafe(
    `INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table}", $1::json)`,
    JSON.stringify(rows),
  );
}
