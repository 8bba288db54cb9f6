import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { applyMigrations, diffToNewMigration, type MigrationTarget, migrationStatus } from "./migrate.ts";

// The same checks on an in-memory PGlite and, when TEST_DATABASE_URL is set (a base URL such as
// postgresql://postgres@127.0.0.1:5432/postgres), on a uniquely named PostgreSQL database.

const MIGRATIONS_DIR = fileURLToPath(new URL("../../../prisma/migrations", import.meta.url));
const BASE_URL = process.env.TEST_DATABASE_URL || undefined;
// PGlite takes a few seconds to start, more on a busy machine.
const SLOW = 120_000;

const migrationNames = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const migrationSql = (name: string) => readFile(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");

type Row = Record<string, unknown>;
type Db = { target: MigrationTarget; query(sql: string): Promise<Row[]>; close(): Promise<void> };

async function openPglite(): Promise<Db> {
  const pglite = await PGlite.create();
  return {
    target: { kind: "pglite", pglite },
    query: async (sql) => (await pglite.query<Row>(sql)).rows,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function openPostgres(): Promise<Db> {
  const name = `t_mig_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL!);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    target: { kind: "postgres", url: url.toString() },
    query: async (sql) => (await client.query<Row>(sql)).rows,
    async close() {
      await client.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "migrate-test-"));
}

const backends: [string, () => Promise<Db>, boolean][] = [
  ["PGlite", openPglite, true],
  ["PostgreSQL", openPostgres, Boolean(BASE_URL)],
];

for (const [label, open, enabled] of backends) {
  describe.skipIf(!enabled)(`${label}: the repository's migrations`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
    }, SLOW);
    afterAll(() => db?.close());

    test("a fresh database has every migration pending", async () => {
      expect(migrationNames.length).toBeGreaterThan(0);
      expect(await migrationStatus(db.target)).toEqual({ applied: [], pending: migrationNames, failed: [] });
    });

    test(
      "applying creates the tables and records each migration as prisma migrate deploy does",
      async () => {
        expect(await applyMigrations(db.target)).toEqual(migrationNames);

        const created = new Set<string>();
        for (const name of migrationNames) {
          const sql = await migrationSql(name);
          for (const m of sql.matchAll(/CREATE TABLE "(\w+)"/g)) created.add(m[1]!);
          // a later migration may drop a table an earlier one created
          for (const m of sql.matchAll(/DROP TABLE (?:IF EXISTS )?"(\w+)"/g)) created.delete(m[1]!);
        }
        const tables = await db.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
        );
        const present = new Set(tables.map((t) => t.table_name as string));
        expect(created.size).toBeGreaterThan(0);
        for (const table of created) expect(present).toContain(table);

        const rows = await db.query(
          `SELECT migration_name, checksum, finished_at, rolled_back_at, logs, applied_steps_count
             FROM _prisma_migrations ORDER BY migration_name`,
        );
        expect(rows.map((r) => r.migration_name)).toEqual(migrationNames);
        for (const row of rows) {
          expect(row.finished_at).toBeInstanceOf(Date);
          expect(row.rolled_back_at).toBeNull();
          expect(row.logs).toBeNull();
          expect(row.applied_steps_count).toBe(1);
          // Prisma's checksum is the SHA-256 of migration.sql; a mismatch would make the CLI see
          // the migration as edited.
          const sql = await migrationSql(row.migration_name as string);
          expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
        }
      },
      SLOW,
    );

    test("re-applying applies nothing", async () => {
      expect(await applyMigrations(db.target)).toEqual([]);
      expect((await db.query("SELECT count(*)::int AS n FROM _prisma_migrations"))[0]!.n).toBe(migrationNames.length);
    });

    test("an enum's array made by a migration binds as a parameter at once (no restart)", async () => {
      if (db.target.kind !== "pglite") return; // node-postgres writes array parameters itself
      const { rows } = await db.target.pglite.query<{ s: string }>(
        `SELECT array_to_string($1::"LeadStatus"[], '|') AS s`,
        [["UNASSIGNED", "ASSIGNED"]],
      );
      expect(rows[0]!.s).toBe("UNASSIGNED|ASSIGNED");
    });

    test("status reports nothing pending", async () => {
      expect(await migrationStatus(db.target)).toEqual({ applied: migrationNames, pending: [], failed: [] });
    });
  });

  describe.skipIf(!enabled)(`${label}: scripts and errors`, () => {
    let db: Db;
    let dir: string;
    beforeAll(async () => {
      db = await open();
      dir = await tempDir();
      const write = async (name: string, sql: string) => {
        await mkdir(path.join(dir, name));
        await writeFile(path.join(dir, name, "migration.sql"), sql);
      };
      await writeFile(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');
      // Semicolons inside a string and a $$ body: the script must reach the database whole.
      await write(
        "20200101000000_function",
        `CREATE TABLE "Note" (id int PRIMARY KEY, body text NOT NULL DEFAULT 'a;b');
CREATE FUNCTION note_suffix() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.body := NEW.body || ';x';
  RETURN NEW;
END;
$$;
CREATE TRIGGER note_suffix BEFORE INSERT ON "Note" FOR EACH ROW EXECUTE FUNCTION note_suffix();
`,
      );
      await write("20200101000001_broken", `CREATE TABLE "Other" (id int);\nSELECT * FROM "missing_table";\n`);
    }, SLOW);
    afterAll(async () => {
      await db?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    test("a failing migration throws the database's error and is recorded as failed", async () => {
      const paths = { migrationsDir: dir };
      await expect(applyMigrations(db.target, paths)).rejects.toThrow(/missing_table/);
      expect(await migrationStatus(db.target, paths)).toEqual({
        applied: ["20200101000000_function"],
        pending: ["20200101000001_broken"],
        failed: ["20200101000001_broken"],
      });
      // The script ran whole: the trigger function exists and the default kept its semicolon.
      expect(await db.query(`INSERT INTO "Note" (id) VALUES (1) RETURNING body`)).toEqual([{ body: "a;b;x" }]);
      // Like the CLI, later runs refuse to proceed past a failed migration.
      await expect(applyMigrations(db.target, paths)).rejects.toThrow(/P3009/);
    });

    // The engine reports errors it cannot classify as "External error id#N"; the real one must show.
    test.if(label === "PGlite")("an adapter failure surfaces its real message", async () => {
      const { target } = db;
      if (target.kind !== "pglite") throw new Error("unreachable");
      await target.pglite.close();
      await expect(applyMigrations(target)).rejects.toThrow("PGlite is closed");
    });
  });
}

test("an unreachable database fails fast with the driver's message", async () => {
  const target: MigrationTarget = { kind: "postgres", url: "postgresql://postgres@127.0.0.1:1/none" };
  await expect(applyMigrations(target)).rejects.toThrow(/reach database server/);
});

test(
  "new-migration writes <timestamp>_<name>/migration.sql and the lockfile into an empty directory",
  async () => {
    const dir = await tempDir();
    try {
      const target: MigrationTarget | undefined = BASE_URL ? { kind: "postgres", url: BASE_URL } : undefined;
      const folder = await diffToNewMigration("first one", target, { migrationsDir: dir });
      expect(folder).toMatch(/^\d{14}_first_one$/);
      expect(await readFile(path.join(dir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
      const script = await readFile(path.join(dir, folder!, "migration.sql"), "utf8");
      expect(script).toContain("CREATE TABLE");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  SLOW,
);

test(
  "schema.prisma matches the migrations (else: npm run db:new-migration <name>)",
  async () => {
    // Diff against a copy, so that a missing migration is reported rather than written here.
    const dir = await tempDir();
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const target: MigrationTarget | undefined = BASE_URL ? { kind: "postgres", url: BASE_URL } : undefined;
      const folder = await diffToNewMigration("pending_changes", target, { migrationsDir: dir });
      const script = folder ? await readFile(path.join(dir, folder, "migration.sql"), "utf8") : null;
      expect(script).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  SLOW,
);
