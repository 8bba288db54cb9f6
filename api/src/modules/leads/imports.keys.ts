import { randomBytes } from "node:crypto";
import { type HeldConnection, holdConnection } from "../../db/client.ts";
import type { Context } from "../../runtime.ts";
import type { Keys } from "./imports.lookup.ts";

// The dry run's repeats within a file: a row whose phone, email or address an earlier row of the same
// file had repeats the first row that had it. The keys seen so far are kept in the database, not in
// memory, so memory does not grow with the file: per batch, one look-up of the batch's keys, then the
// batch is answered in memory row by row (a row may repeat an earlier row of the same batch), then one
// insert of the keys the batch added.
//
// They are kept in a temporary table of the dry run's own connection (holdConnection), not in a table
// of the schema (LeadImportKey, dropped): a temporary table writes no WAL and has no foreign key to
// check per key, and the keys never outlive the dry run (the commit does not read them). Writing
// 300,000 keys into LeadImportKey took about half of PostgreSQL's time for the dry run (the key's insert
// and its foreign-key check, ~60 of ~120 ms per batch); into the temporary table about a third of that. On
// PGlite (one connection for everyone) the table has a name of its own per dry run and is dropped at
// its end.
//
// On PGlite they are kept in memory instead (a map of the dry run's own): the database lives in the
// process's memory too, so the table saved none, and each batch's look-up and insert ran in WASM in the
// server's one thread (two statements, ~15,000 keys a batch, through the wire protocol's text), where
// the map answers from the same memory directly. What a temporary table takes there is never given
// back (WASM memory only grows); the map is freed when the dry run ends.
//
// The insert of a batch's keys may still be running while the next batch is read and checked (the dry
// run writes a batch while it reads the next): the next look-up is sent on the same connection after
// it, so it waits for it and sees every earlier batch's keys (the first row with a key still wins).

/** The first row of the file with a key, and the id its lead will have. */
export type Seen = { row: number; leadId: string };

const keyNames = (keys: Keys) =>
  [...keys.phones.map((p) => `p:${p}`), `e:${keys.email}`, `a:${keys.address}`].filter((k) => k.length > 2);

export class FileKeys {
  /** The batch's keys already seen (earlier batches' from the table, then this batch's own). */
  private seen = new Map<string, Seen>();
  /** The keys this batch added, written by save(). */
  private added: { key: string; row: number; leadId: string }[] = [];
  /** The connection and its table, made at the first look-up. */
  private opened: Promise<HeldConnection> | null = null;
  private readonly table = `lead_import_keys_${randomBytes(8).toString("hex")}`;
  /** PGlite: every key of the file so far, in memory (no table). */
  private readonly inMemory: Map<string, Seen> | null;

  constructor(private readonly ctx: Pick<Context, "runtime">) {
    this.inMemory = ctx.runtime.database.pglite ? new Map() : null;
  }

  private connection() {
    this.opened ??= holdConnection(this.ctx.runtime.database).then(async (c) => {
      try {
        await c.query(
          `CREATE TEMPORARY TABLE ${this.table} (key text PRIMARY KEY, row int NOT NULL, "leadId" text NOT NULL)`,
        );
      } catch (error) {
        await c.end();
        throw error;
      }
      return c;
    });
    return this.opened;
  }

  /** Loads the first rows of the batch's keys seen in earlier batches. */
  async load(batch: Keys[]) {
    this.seen = new Map();
    this.added = [];
    const names = [...new Set(batch.flatMap(keyNames))];
    if (!names.length) return;
    if (this.inMemory) {
      for (const key of names) {
        const first = this.inMemory.get(key);
        if (first) this.seen.set(key, first);
      }
      return;
    }
    // The list as one text[] parameter: PostgreSQL plans it as a constant (`= ANY` probes the primary
    // key once per distinct key).
    const found = await (await this.connection()).query<{ key: string; row: number; leadId: string }>(
      `SELECT key, row, "leadId" FROM ${this.table} WHERE key = ANY($1::text[])`,
      [names],
    );
    for (const f of found) this.seen.set(f.key, { row: f.row, leadId: f.leadId });
  }

  /** The earliest row of the file (before this one) with one of these keys: by phone, then email, then address. */
  firstSeen(keys: Keys): { first: Seen; key: "PHONE" | "EMAIL" | "ADDRESS" } | null {
    for (const p of keys.phones) {
      const first = this.seen.get(`p:${p}`);
      if (first) return { first, key: "PHONE" };
    }
    const byEmail = keys.email ? this.seen.get(`e:${keys.email}`) : undefined;
    if (byEmail) return { first: byEmail, key: "EMAIL" };
    const byAddress = keys.address ? this.seen.get(`a:${keys.address}`) : undefined;
    if (byAddress) return { first: byAddress, key: "ADDRESS" };
    return null;
  }

  /** Records the keys not seen before as first had by `first` (the first row wins). */
  remember(keys: Keys, first: Seen) {
    for (const key of keyNames(keys))
      if (!this.seen.has(key)) {
        this.seen.set(key, first);
        this.added.push({ key, row: first.row, leadId: first.leadId });
      }
  }

  /**
   * Writes the keys the batch added (one statement, the batch as one JSON parameter). The next batch's
   * look-up, sent after it on the same connection, waits for it.
   */
  async save() {
    const added = this.added;
    this.added = [];
    if (!added.length) return;
    if (this.inMemory) {
      for (const a of added) if (!this.inMemory.has(a.key)) this.inMemory.set(a.key, { row: a.row, leadId: a.leadId });
      return;
    }
    await (await this.connection()).query(
      `INSERT INTO ${this.table} (key, row, "leadId")
       SELECT r.key, r.row, r."leadId" FROM jsonb_to_recordset($1::jsonb) AS r(key text, row int, "leadId" text)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(added)],
    );
  }

  /** Drops the keys and lets the connection go (the dry run has ended, or failed). */
  async close() {
    this.seen = new Map();
    this.inMemory?.clear();
    const opened = this.opened;
    this.opened = null;
    if (!opened) return;
    const c = await opened.catch(() => null);
    if (!c) return;
    try {
      await c.query(`DROP TABLE IF EXISTS ${this.table}`);
    } finally {
      await c.end();
    }
  }
}
