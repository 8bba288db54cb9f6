import { Hono } from "hono";
import { systemContext } from "../../auth/system-context.ts";
import type { Reservation } from "../../auth/throttle.ts";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import type { Branch, LeadSource } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { clientAddress } from "../../security/ip-allowlist.ts";
import { acceptLead, type LeadOutcome } from "./accept-lead.ts";
import { type IntakeLead, Refused, readLeads } from "./intake.parse.ts";
import { hashLeadKey } from "./sources.service.ts";

// The lead intake endpoint (README "Posting leads"): a lead source posts leads from outside with its
// own key (Authorization: Bearer <key>, made on team/lead-sources):
//   POST /api/leads   one lead object, or { "leads": [...] } (at most 500)
// The key names the source, and the source names the branch (not the request's host). Every check
// that can refuse the whole request is made before any lead is looked at: the key (401 unknown or
// revoked, 403 inactive source or branch), the body (413 over 1 MB or 500 leads, 400 not JSON, not a
// lead or a list of leads) and the rate (at most 600 leads a minute per source, 429 with Retry-After).
// Then each lead goes through acceptLead (checked, de-duplicated, stored) and is answered in order:
// { outcome: created | duplicate | discarded | invalid, reason, leadId, leadNumber, duplicateOf, replayed }.

export const INTAKE_RATE = { limit: 600, windowMs: 60_000 };
/** Wrong keys from one address before its wrong keys answer 429 for a while (a right key still works). */
export const INTAKE_BAD_KEY_RATE = { limit: 20, windowMs: 10 * 60_000 };
const LAST_USED_EVERY_MS = 60_000;
const RESERVE_GROUP = 50;

type Env = { Bindings: { ip?: string } };

export const intakeMessages = {
  missing: "Missing intake key: send the lead source's key as Authorization: Bearer <key> (made on team/lead-sources).",
  unknown: "This intake key is not valid: it does not exist, was revoked, or was replaced by a newer key.",
  tooManyWrong: "Too many requests with a wrong intake key. Try again later.",
  inactiveSource: (name: string) => `The lead source "${name}" is inactive: its leads are refused.`,
  inactiveBranch: "This account is inactive: its leads are refused.",
};

/** The source (and its branch) a request's key belongs to, or a refusal. */
async function authenticate(rt: Runtime, req: Request, ip: string): Promise<{ source: LeadSource; branch: Branch }> {
  const m = req.headers.get("authorization")?.match(/^\s*Bearer\s+(\S+)\s*$/i);
  const key = m?.[1] ?? "";
  if (!key) throw new Refused({ status: 401, error: intakeMessages.missing });
  // Keys are looked up by their hash across every branch: the key names the source, the source the branch.
  const prisma = crossBranch(rt);
  const source =
    key.length <= 200 ? await prisma.leadSource.findUnique({ where: { apiKeyHash: hashLeadKey(key) } }) : null;
  if (!source) {
    // Only wrong keys are counted, per address: a right key is served even behind a noisy address.
    const wrong = await rt.throttle.reserve(
      `lead-intake-key:${ip}`,
      INTAKE_BAD_KEY_RATE.limit,
      INTAKE_BAD_KEY_RATE.windowMs,
    );
    if (!wrong.ok)
      throw new Refused({ status: 429, error: intakeMessages.tooManyWrong, retryAfterMs: wrong.retryAfterMs });
    throw new Refused({ status: 401, error: intakeMessages.unknown });
  }
  if (source.inactive) throw new Refused({ status: 403, error: intakeMessages.inactiveSource(source.name) });
  const branch = await prisma.branch.findUnique({ where: { id: source.branchId } });
  if (!branch || branch.inactive) throw new Refused({ status: 403, error: intakeMessages.inactiveBranch });
  return { source, branch };
}

/** Takes one unit per lead of the source's allowance, or none (429 with when to try again). */
async function reserveLeads(rt: Runtime, source: LeadSource, count: number) {
  const key = `lead-intake:${source.id}`;
  const taken: Reservation[] = [];
  // In groups, so a batch of 500 waits for 10 round trips rather than 500; each take is atomic.
  for (let i = 0; i < count; i += RESERVE_GROUP) {
    const group = await Promise.all(
      Array.from({ length: Math.min(RESERVE_GROUP, count - i) }, () =>
        rt.throttle.reserve(key, INTAKE_RATE.limit, INTAKE_RATE.windowMs),
      ),
    );
    taken.push(...group);
    const refused = group.find((r) => !r.ok);
    if (refused) {
      await Promise.all(taken.map((t) => t.release()));
      const more = count > 1 ? ` This batch has ${count}.` : "";
      throw new Refused({
        status: 429,
        error: `Too many leads: at most ${INTAKE_RATE.limit} a minute per source.${more} Try again later.`,
        retryAfterMs: refused.retryAfterMs,
      });
    }
  }
}

/** The key's "last used", written at most once a minute (a busy vendor does not write it per post). */
async function touchLastUsed(ctx: Context, source: LeadSource) {
  const now = clock.nowMs();
  if (source.apiKeyLastUsed && now - source.apiKeyLastUsed.getTime() < LAST_USED_EVERY_MS) return;
  await ctx.db.leadSource.updateMany({
    where: {
      id: source.id,
      apiKeyHash: source.apiKeyHash,
      OR: [{ apiKeyLastUsed: null }, { apiKeyLastUsed: { lt: new Date(now - LAST_USED_EVERY_MS) } }],
    },
    data: { apiKeyLastUsed: new Date(now) },
  });
}

/** A context bound to the source's branch, as the server itself (no viewer): acceptLead's caller. */
function intakeContext(rt: Runtime, branch: Branch, ip: string, userAgent: string): Context {
  return { ...systemContext(rt, branch, "lead-intake"), ip, userAgent };
}

const answer = (o: LeadOutcome) => ({
  outcome: o.outcome,
  reason: o.reason,
  leadId: o.leadId,
  leadNumber: o.leadNumber,
  duplicateOf: o.duplicateOf,
  replayed: o.replayed,
});

async function acceptOne(ctx: Context, source: LeadSource, lead: IntakeLead): Promise<LeadOutcome> {
  if ("invalid" in lead)
    return {
      outcome: "invalid",
      reason: lead.invalid,
      leadId: null,
      leadNumber: null,
      duplicateOf: null,
      replayed: false,
    };
  return acceptLead(ctx, lead.input, { leadSourceId: source.id, intakeKey: lead.idempotencyKey });
}

/** The /api/leads routes, mounted by app.ts. */
export function intakeRoutes(rt: Runtime) {
  const app = new Hono<Env>();
  app.post("/", async (c) => {
    const ip = clientAddress(rt.config, c.req.raw.headers, c.env?.ip);
    try {
      const { source, branch } = await authenticate(rt, c.req.raw, ip);
      const body = await readLeads(c.req.raw);
      await reserveLeads(rt, source, body.leads.length);
      const ctx = intakeContext(rt, branch, ip, c.req.header("user-agent") ?? "");
      await touchLastUsed(ctx, source);
      const results: LeadOutcome[] = [];
      for (const lead of body.leads) results.push(await acceptOne(ctx, source, lead));
      log.info("leads posted", { sourceId: source.id, branchId: branch.id, count: results.length });
      if (!body.batch) {
        const one = results[0]!;
        return c.json(answer(one), one.leadId && !one.replayed ? 201 : 200);
      }
      const counts = { created: 0, duplicate: 0, discarded: 0, invalid: 0 };
      for (const r of results) counts[r.outcome]++;
      return c.json({ counts, results: results.map(answer) }, 200);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      const { status, error: message, retryAfterMs } = error.refusal;
      if (retryAfterMs) c.header("retry-after", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      if (status !== 400) log.info("lead intake refused", { status, ip });
      return c.json({ error: message }, status);
    }
  });
  app.all("/", (c) => c.json({ error: "Post leads to this address: POST /api/leads." }, 405));
  return app;
}
