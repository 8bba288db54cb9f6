// What the benches that run the API inside their own process (the tests' createTestServer) share: the
// databases they measure on, and percentiles of what they timed.

/** The PostgreSQL measured on besides PGlite: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL. */
export const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** The value at fraction `p` (0.95: the p95) of `sorted`, in ascending order; 0 when it is empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/** The p50, p95 and longest of `times` (sorted in place). */
export function latencySummary(times: number[]) {
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
}

/**
 * The outcomes of `measure` on PGlite, then on PostgreSQL when postgresUrl is set (createTestServer
 * takes TEST_DATABASE_URL's database); `dbs` names the ones to measure on.
 */
export async function onEachDatabase<T>(measure: (db: string) => Promise<T>, dbs = ["pglite", "postgres"]) {
  const outcomes: T[] = [];
  delete process.env.TEST_DATABASE_URL;
  if (dbs.includes("pglite")) outcomes.push(await measure("pglite"));
  if (postgresUrl && dbs.includes("postgres")) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    outcomes.push(await measure("postgres"));
  }
  return outcomes;
}
