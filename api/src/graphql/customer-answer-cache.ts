import { type DocumentNode, Kind } from "graphql";
import { clock } from "../clock.ts";
import { cacheFor } from "../db/read-cache.ts";
import { billingCache, todayIn } from "../modules/billing/billing.service.ts";
import type { Context } from "../runtime.ts";

// Whole answers of the app's own documents (trusted-documents.ts) for a signed-in customer, for the
// reads that are already answered from a read cache and cost most to execute and serialize: billing
// (about 1,100 fields), and the overview every portal page asks (executing it was most of its cost).
// The answer is kept as the JSON sent, per document, user, variables, branch day and active watertight
// features, and dropped at once by any write to the tables it comes from or to those that decide who may
// read it (Contact: the customer links; User: a deactivation), in every container through Redis
// (db/read-cache.ts, decision 0400). It is fresh for at most ttlMs, as the customer links are.
//
// Only for a portal user's own session: never an employee (whose permissions decide), an API key, a
// super admin or an impersonation (whose every request is audited); only an answer 200 without errors
// and without a cookie is kept. The session is still read for every request (auth/context.ts), so a
// session ended answers nothing from here. Why: docs/decisions/0730-trusted-documents.md.

/**
 * Root fields whose answer may be kept, with the models it is read from (any write to one drops it).
 * billing: its read cache. overview (asked on every portal page; modules/account/account.service.ts, keep
 * in step): the user (names, email), the branch (its features, payment types, time zone, watertight
 * features), the customer links (Contact) and a pending email change (EmailToken); a customer has no
 * permissions. Which watertight features are active depends on the time as well: it is part of the key.
 */
const CACHED_ROOTS: Record<string, readonly string[]> = {
  billing: billingCache.models,
  overview: ["User", "Branch", "BranchWatertightFeature", "Contact", "EmailToken"],
};
const ACCESS_MODELS = ["Contact", "User"];
const MAX_KEY_CHARS = 2048;

const customerAnswers = {
  name: "customer-answers",
  models: [...new Set([...Object.values(CACHED_ROOTS).flat(), ...ACCESS_MODELS])],
  ttlMs: 5_000,
  maxEntries: 5_000,
  staleWhileReloading: false,
} as const;

/** Whether a (validated) document is one query whose every root field is answered from a read cache. */
export function answersFromReadCaches(document: DocumentNode): boolean {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const [operation] = operations;
  if (operations.length !== 1 || !operation || operation.operation !== "query" || operation.directives?.length)
    return false;
  return operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && !s.directives?.length && s.name.value in CACHED_ROOTS,
  );
}

/** The branch's day (YYYY-MM-DD) on the business clock, worked out once a second per time zone. */
const days = new Map<string, { second: number; day: string }>();
function dayIn(timeZone: string): string {
  const ms = clock.nowMs();
  const second = Math.floor(ms / 1000);
  const hit = days.get(timeZone);
  if (hit?.second === second) return hit.day;
  const day = todayIn(timeZone, new Date(ms)).toISOString().slice(0, 10);
  days.set(timeZone, { second, day });
  return day;
}

type Answer = { status: number; body: string; cookies: number };

class NotKept extends Error {
  constructor(readonly answer: Answer | "usual") {
    super("not kept");
  }
}

/**
 * The answer to a trusted document for this customer: kept from an earlier request, else from `run`,
 * kept when it may be. `run` answers alone when the caller or the document may not use the cache.
 */
export async function answerForCustomer<T extends { status: number; body: string } | "usual">(
  ctx: Context,
  document: { id: string; readCached: boolean },
  variables: Record<string, unknown> | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const v = ctx.viewer;
  if (!document.readCached || !v || v.personId || v.isSuperAdmin || v.impersonatorUserId || ctx.apiKey) return run();
  const watertight = await ctx.runtime.branches.activeWatertightFeatures(ctx.branch.id);
  const key = `${document.id}\n${v.userId}\n${dayIn(ctx.branch.timeZone)}\n${watertight.join(",")}\n${JSON.stringify(variables ?? {})}`;
  if (key.length > MAX_KEY_CHARS) return run();
  let answeredHere = false;
  try {
    const kept = await cacheFor(ctx.runtime, customerAnswers).get(ctx.branch.id, key, async () => {
      answeredHere = true;
      const answer = await run();
      if (
        answer === "usual" ||
        answer.status !== 200 ||
        ctx.responseCookies.length ||
        answer.body.startsWith('{"errors"')
      )
        throw new NotKept(answer === "usual" ? answer : { ...answer, cookies: ctx.responseCookies.length });
      return { status: answer.status, body: answer.body };
    });
    return { status: kept.status, body: kept.body } as T;
  } catch (error) {
    if (!(error instanceof NotKept)) throw error;
    // An answer that was not kept is only ever this request's own: one that waited on another's runs afresh.
    if (!answeredHere) return run();
    return error.answer === "usual" ? ("usual" as T) : ({ status: error.answer.status, body: error.answer.body } as T);
  }
}
