import { leadZoneRestriction } from "../../auth/lead-access.ts";
import { cacheFor } from "../../db/read-cache.ts";
import type { Context } from "../../runtime.ts";

// A view's page, its capped total and its counts per group are kept a few seconds per branch and
// question (db/read-cache.ts; docs/decisions/1020-lead-views-kept-a-few-seconds.md): a team refreshes the
// same views, pages back and forth and asks the total apart, and on a million leads each answer is
// milliseconds of database CPU that a busy machine cannot give sixteen callers at once.
//
// What an answer depends on is in its key, and nothing else may be:
// - the question: what is asked (page, total or groups), the parsed filter, the order, skip and take, and
//   for groups the grouping and the branch's time zone;
// - what the viewer may see: the set of zones they are held to (sorted), or "every lead". Two viewers
//   with the same zones share answers; a salesperson held to one zone never gets another's answer. The
//   zones themselves are read every request (lead-access.ts keeps them a few seconds, dropped at once
//   by a write to LeadPersonZoneAccess or Person).
// The permission check runs before (the field's auth scopes), so a kept answer never reaches someone
// who may no longer ask. A `lastDays` window is the one thing that moves by itself: a kept answer's
// window is at most the time to live old.
//
// Dropped, for the whole branch, by any write to what an answer is read from: the leads (and what a
// lead write through raw SQL is always followed by through Prisma: its history in LeadChange, a merge,
// an import file's progress, a call tool contact, the lead configuration when the map places leads),
// the names joined to a page or to groups (people, sources, forms, zones, discard reasons), and custom
// field values (the custom field filter). In this process at once, in other containers through Redis;
// what nothing reports shows within the time to live, as an expired answer is never given while it
// reloads.

const leadViewCache = {
  name: "lead-views",
  models: [
    "Lead",
    "LeadChange",
    "LeadMerge",
    "LeadImportFile",
    "CallToolContact",
    "LeadConfiguration",
    "Person",
    "LeadSource",
    "LeadForm",
    "TerritoryZone",
    "DiscardReason",
    "CustomFieldValue",
  ],
  ttlMs: 5_000,
  // A page of 50 leads is some 100 kB: at most ~50 MB per branch (past it the branch starts afresh).
  maxEntries: 500,
  staleWhileReloading: false,
} as const;

/** Who sees what, as a key: the sorted zones the viewer is held to, or "*" for every lead. */
export async function visibilityKey(ctx: Context): Promise<string> {
  const zones = await leadZoneRestriction(ctx);
  return zones ? JSON.stringify([...zones].sort()) : "*";
}

/** The kept answer to `question` (everything it depends on but the branch), else `load`'s, then kept. */
export function keptLeadAnswer<T>(ctx: Context, question: unknown[], load: () => Promise<T>): Promise<T> {
  return cacheFor(ctx.runtime, leadViewCache).get(ctx.branch.id, JSON.stringify(question), load);
}
