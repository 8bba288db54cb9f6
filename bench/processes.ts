import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

// What the benches that run the server and their fixtures as processes of their own share: running a
// script from the repository's root, a database of their own, the web's trusted documents, and waiting
// for the server's first answer.

export const root = join(import.meta.dir, "..");

/** Runs `cmd` in the repository's root with `env` added to this process's; what it printed. Throws when it fails. */
export async function runProcess(cmd: string[], env: Record<string, string | undefined> = {}) {
  const p = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
  return out;
}

/** A new database `bench_<random>` on the PostgreSQL of `adminUrl`: its URL, and `drop` (its sessions ended). */
export async function newPostgresDatabase(adminUrl: string) {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { name, url, drop };
}

/**
 * A database of the bench's own: PGlite in a new temporary folder (named from `tmpPrefix`), or a new
 * PostgreSQL database beside DATABASE_URL's. `env` points the server and the fixture at it; `cleanup`
 * removes it.
 */
export async function benchDatabase(db: "pglite" | "postgres", tmpPrefix: string) {
  if (db === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: undefined } as Record<string, string | undefined>,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const made = await newPostgresDatabase(process.env.DATABASE_URL!);
  return {
    env: { DATABASE_URL: made.url.toString() } as Record<string, string | undefined>,
    cleanup: made.drop,
  };
}

/** The web's trusted documents (id -> text), written by scripts/trusted-documents.ts into `webDist`, where the server reads them. */
export type Manifest = { documents: Record<string, string> };

export async function writeTrustedDocuments(webDist: string): Promise<Manifest> {
  await runProcess([process.execPath, "scripts/trusted-documents.ts", webDist]);
  return JSON.parse(readFileSync(join(webDist, ".trusted-documents.json"), "utf8")) as Manifest;
}

/** The web's query `operationName` among the trusted documents: its id and text. */
export function webDocument(manifest: Manifest, operationName: string) {
  const found = Object.entries(manifest.documents).find(([, text]) =>
    new RegExp(`^query ${operationName}[ ({]`).test(text),
  );
  if (!found) throw new Error(`the web has no query ${operationName}`);
  return { id: found[0], text: found[1] };
}

/**
 * Waits until `answers` says the server answered (a failed request counts as no), every `pollMs`;
 * throws when the server exits first or has not answered within 120 s.
 */
export async function untilAnswered(
  server: { exitCode: number | null },
  answers: () => Promise<boolean>,
  pollMs: number,
) {
  const started = performance.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error("the server exited during its start");
    if (await answers().catch(() => false)) return;
    if (performance.now() - started > 120_000) throw new Error("the server did not answer within 120 s");
    await Bun.sleep(pollMs);
  }
}

/**
 * The server as `npm start` runs it (api/src/server.ts) with `env` added, on 127.0.0.1:`port`: warnings
 * only, no demo data, each answer saying its SQL statement count.
 */
export function spawnServer(port: number, env: Record<string, string | undefined>) {
  // BENCH_CPU_PROFILE=dir: the server writes a CPU profile (and its markdown summary) there when it ends.
  const profile = process.env.BENCH_CPU_PROFILE;
  const flags = profile ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${profile}`] : [];
  return Bun.spawn([process.execPath, ...flags, "api/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "never",
      SQL_STATEMENT_COUNT: "on",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
}
