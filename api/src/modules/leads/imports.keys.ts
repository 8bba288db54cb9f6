import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import type { Keys } from "./imports.lookup.ts";

// The dry run's repeats within a file: a row whose phone, email or address an earlier row of the same
// file had repeats the first row that had it. The keys seen so far are kept in the database
// (LeadImportKey, primary key (fileId, key)), not in memory, so memory does not grow with the file: per
// batch, one look-up of the batch's keys, then the batch is answered in memory row by row (a row may
// repeat an earlier row of the same batch), then one insert of the keys the batch added. The keys are
// deleted when the dry run ends (the commit does not read them; a failed dry run's file takes them along).
//
// The insert of a batch's keys may still be running while the next batch is looked up (the dry run
// writes a batch while it reads the next): the keys the previous batch added are kept in memory until
// the next save, and a look-up answers from them as well as from the table. The caller waits for a
// batch's save to end before it saves the next, so every earlier batch's keys are in the table.

/** The first row of the file with a key, and the id its lead will have. */
export type Seen = { row: number; leadId: string };

const keyNames = (keys: Keys) =>
  [...keys.phones.map((p) => `p:${p}`), `e:${keys.email}`, `a:${keys.address}`].filter((k) => k.length > 2);

export class FileKeys {
  /** The batch's keys already seen (earlier batches' from the database, then this batch's own). */
  private seen = new Map<string, Seen>();
  /** The keys this batch added, written by save(). */
  private added: { key: string; row: number; leadId: string }[] = [];
  /** The keys the previous batch added (its save may not have ended). */
  private previous = new Map<string, Seen>();

  constructor(
    private readonly ctx: Context,
    private readonly fileId: string,
  ) {}

  /** Loads the first rows of the batch's keys seen in earlier batches (replacing the previous batch's). */
  async load(batch: Keys[]) {
    this.seen = new Map();
    this.added = [];
    const names = [...new Set(batch.flatMap(keyNames))];
    if (!names.length) return;
    // The list as one text[] parameter: PostgreSQL plans it as a constant (one statement for every
    // batch, and `= ANY` probes the primary key once per distinct key).
    const found = await this.ctx.db.$branchQuery<{ key: string; row: number; leadId: string }>(
      (branch) => Prisma.sql`
        SELECT key, "rowNumber" AS row, "leadId" FROM "LeadImportKey"
        WHERE "branchId" = ${branch} AND "fileId" = ${this.fileId} AND key = ANY(${names}::text[])`,
    );
    for (const f of found) this.seen.set(f.key, { row: f.row, leadId: f.leadId });
    for (const name of names) {
      const first = this.previous.get(name);
      if (first) this.seen.set(name, first);
    }
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
   * Writes the keys the batch added (one statement). They are answered from memory until the next
   * save, so the next batch may be looked up before this one ends.
   */
  async save() {
    const added = this.added;
    this.added = [];
    this.previous = new Map(added.map((a) => [a.key, { row: a.row, leadId: a.leadId }]));
    if (!added.length) return;
    await this.ctx.db.$branchQuery(
      (branch) => Prisma.sql`
        INSERT INTO "LeadImportKey" ("branchId", "fileId", key, "rowNumber", "leadId")
        SELECT ${branch}, ${this.fileId}, r.key, r.row, r."leadId"
        FROM jsonb_to_recordset(${JSON.stringify(added)}::jsonb) AS r(key text, row int, "leadId" text)
        ON CONFLICT DO NOTHING`,
    );
  }

  /** Deletes the file's keys (the dry run has ended). */
  async clear() {
    this.seen = new Map();
    this.previous = new Map();
    await this.ctx.db.$branchQuery(
      (branch) => Prisma.sql`
        DELETE FROM "LeadImportKey" WHERE "branchId" = ${branch} AND "fileId" = ${this.fileId}`,
    );
  }
}
