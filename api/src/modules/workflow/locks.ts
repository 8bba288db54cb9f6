import type { ScopedTx } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";

// Row locks that keep concurrent workflow writes from undoing each other's checks. Each is taken at
// the start of a transaction, and whatever was checked before it is read again after it:
// - a thread (FOR UPDATE): whoever adds work to it, changes an activity's status or closes it takes
//   it, so work is never added to (or reopened in) a thread that a concurrent call just closed, and a
//   thread is closed once;
// - a project (FOR NO KEY UPDATE): whoever starts a thread for a customer or a lead by naming the
//   project takes it, so two at once find one open thread instead of making two;
// - a step: adding work takes it FOR SHARE (adds run side by side), deleting the step FOR UPDATE, so a
//   step is never deleted under work being added to it.

const lock = (tx: ScopedTx, table: "ProjectThread" | "Project" | "ProjectStep", id: string, mode: Prisma.Sql) =>
  tx.$branchQuery<{ id: string }>(
    (branch) => Prisma.sql`
    SELECT "id" FROM ${Prisma.raw(`"${table}"`)} WHERE "id" = ${id} AND "branchId" = ${branch} ${mode}`,
  );

/** Locks the thread and reads it again (null: it is gone). */
export async function lockThread(tx: ScopedTx, threadId: string) {
  await lock(tx, "ProjectThread", threadId, Prisma.sql`FOR UPDATE`);
  return tx.projectThread.findUnique({ where: { id: threadId } });
}

export async function lockProject(tx: ScopedTx, projectId: string) {
  await lock(tx, "Project", projectId, Prisma.sql`FOR NO KEY UPDATE`);
}

/** Locks the step against deletion (shared) or for it (exclusive) and reads it again (null: gone). */
export async function lockStep(tx: ScopedTx, stepId: string, mode: "share" | "delete") {
  await lock(tx, "ProjectStep", stepId, mode === "share" ? Prisma.sql`FOR SHARE` : Prisma.sql`FOR UPDATE`);
  return tx.projectStep.findUnique({ where: { id: stepId } });
}
