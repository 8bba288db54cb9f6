import { z } from "zod";
import type { LeadStatus } from "../../generated/prisma/enums.ts";

// What the bulk lead status operations accept (assign, set status, discard, mark duplicates): a
// bounded list of lead ids, checked before anything proportional to it is done.

/** The most leads one bulk operation names (a view's selection of every lead it shows). */
export const MAX_BULK_LEADS = 10_000;

export const leadIdsSchema = z
  .array(z.string().trim().min(1, "A lead id is empty.").max(100, "A lead id is too long."))
  .min(1, "Choose at least one lead.")
  .max(MAX_BULK_LEADS, `At most ${MAX_BULK_LEADS.toLocaleString("en-US")} leads at a time.`)
  .transform((ids) => [...new Set(ids)]);

/** The ids the `leadAccess` scope checks: none when the list is over the cap (the service refuses it). */
export const scopeIds = (...lists: (readonly string[] | string | null | undefined)[]) => {
  const ids = lists.flatMap((l) => (l == null ? [] : typeof l === "string" ? [l] : [...l]));
  return ids.length > MAX_BULK_LEADS + 1 ? [] : ids;
};

export const settableStatus = (status: LeadStatus): string | null =>
  status === "DISCARDED" ? "Discard leads with a reason: use Discard and choose one." : null;

/** "1 lead", "3 leads", "10,000 leads". */
export const leadsWord = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "lead" : "leads"}`;

export const STATUS_WORDS: Record<LeadStatus, string> = {
  ASSIGNED: "Assigned",
  UNASSIGNED: "Unassigned",
  DISCARDED: "Discarded",
};
