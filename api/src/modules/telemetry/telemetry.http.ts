import type { Context as HonoContext } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import type { Branch, PrismaClient } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime.ts";
import { checkAddress, clientAddress } from "../../security/ip-allowlist.ts";
import {
  describeIssue,
  errorReportSchema,
  heartbeatSchema,
  ingestErrors,
  ingestHeartbeats,
  ingestSyncLoads,
  syncLoadSchema,
} from "./telemetry.ingest.ts";

// Telemetry endpoints for desktop clients, mobile relays and payment terminals (README "Telemetry"):
//   POST /telemetry/errors            { errors: [...] }
//   POST /telemetry/sync-loads        { loads: [...] }
//   POST /telemetry/relay-heartbeats  { heartbeats: [...] }
// Authenticated with the branch's API key (Authorization: Bearer <key>, or X-Api-Key), JSON bodies of
// at most 256 KB and 100 items, at most 120 requests a minute per branch and endpoint. Answers:
// 202 { accepted }, 400 { error } naming the first wrong field, 401 unknown key, 413 too large,
// 429 too many (Retry-After).

export const TELEMETRY_MAX_BODY_BYTES = 256 * 1024;
export const TELEMETRY_RATE = { limit: 120, windowMs: 60_000 };
/** Wrong keys from one address before its wrong keys answer 429 for a while (a right key still works). */
export const BAD_KEY_RATE = { limit: 20, windowMs: 10 * 60_000 };

type Env = { Bindings: { ip?: string } };
type Refusal = { status: 400 | 401 | 403 | 413 | 429; error: string; retryAfterMs?: number };

class TelemetryRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error);
  }
}

/**
 * The branch a telemetry request speaks for: its API key (Authorization: Bearer, or X-Api-Key) must be
 * a branch's apiKey. Every telemetry endpoint authenticates here and only here.
 */
export async function authenticateTelemetry(rt: Runtime, req: Request, ip: string): Promise<Branch> {
  const auth = req.headers.get("authorization");
  const key = (auth?.match(/^Bearer\s+(.+)$/i)?.[1] ?? req.headers.get("x-api-key") ?? "").trim();
  if (!key)
    throw new TelemetryRefusal({
      status: 401,
      error: "Missing API key: send the branch API key as Authorization: Bearer <key>.",
    });
  // The key is looked up first: a right key is always served, even from an address that others behind
  // it (one office, one carrier's NAT) have sent wrong keys from. Only wrong keys are counted, per
  // address; past the limit they answer 429 instead of 401, so a guesser is told to stop. Guessing
  // itself is hopeless (keys are long random strings); the count keeps the noise down.
  const branch = key.length <= 200 ? await rt.prisma.branch.findUnique({ where: { apiKey: key } }) : null;
  if (!branch) {
    const failure = await rt.throttle.reserve(`telemetry-key:${ip}`, BAD_KEY_RATE.limit, BAD_KEY_RATE.windowMs);
    if (!failure.ok)
      throw new TelemetryRefusal({
        status: 429,
        error: "Too many requests with a wrong API key. Try again later.",
        retryAfterMs: failure.retryAfterMs,
      });
    throw new TelemetryRefusal({ status: 401, error: "Unknown API key." });
  }
  const address = await checkAddress(rt.prisma, branch.id, ip, "telemetry"); // the branch's IP allow-list (0601)
  if (!address.allowed) throw new TelemetryRefusal({ status: 403, error: address.message });
  return branch;
}

/** The JSON body, refused when larger than the cap (checked while reading, not only by Content-Length). */
async function readJson(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  const tooLarge = { status: 413 as const, error: `Body is larger than ${TELEMETRY_MAX_BODY_BYTES / 1024} KB.` };
  if (declared > TELEMETRY_MAX_BODY_BYTES) throw new TelemetryRefusal(tooLarge);
  if (!(req.headers.get("content-type") ?? "").toLowerCase().includes("application/json"))
    throw new TelemetryRefusal({ status: 400, error: "Content-Type must be application/json." });
  const reader = req.body?.getReader();
  if (!reader) throw new TelemetryRefusal({ status: 400, error: "Body is empty: send a JSON object." });
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > TELEMETRY_MAX_BODY_BYTES) {
      await reader.cancel();
      throw new TelemetryRefusal(tooLarge);
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks).toString("utf8");
  if (!body.trim()) throw new TelemetryRefusal({ status: 400, error: "Body is empty: send a JSON object." });
  try {
    return JSON.parse(body);
  } catch {
    throw new TelemetryRefusal({ status: 400, error: "Body is not valid JSON." });
  }
}

function endpoint<S extends z.ZodType>(
  rt: Runtime,
  name: string,
  schema: S,
  store: (prisma: PrismaClient, branchId: string, report: z.infer<S>) => Promise<number>,
) {
  return async (c: HonoContext<Env>) => {
    const ip = clientAddress(rt.config, c.req.raw.headers, c.env?.ip);
    try {
      const branch = await authenticateTelemetry(rt, c.req.raw, ip);
      const rate = await rt.throttle.reserve(
        `telemetry:${name}:${branch.id}`,
        TELEMETRY_RATE.limit,
        TELEMETRY_RATE.windowMs,
      );
      if (!rate.ok)
        throw new TelemetryRefusal({
          status: 429,
          error: `Too many ${name} reports: at most ${TELEMETRY_RATE.limit} requests a minute per branch.`,
          retryAfterMs: rate.retryAfterMs,
        });
      // (With the input in each issue, a wrong value is told apart from a missing one: describeIssue.)
      const parsed = schema.safeParse(await readJson(c.req.raw), { reportInput: true });
      if (!parsed.success) throw new TelemetryRefusal({ status: 400, error: describeIssue(parsed.error) });
      const accepted = await store(rt.prisma, branch.id, parsed.data);
      return c.json({ accepted }, 202);
    } catch (error) {
      if (!(error instanceof TelemetryRefusal)) throw error;
      const { status, error: message, retryAfterMs } = error.refusal;
      if (retryAfterMs) c.header("retry-after", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      if (status !== 400) log.info("telemetry refused", { endpoint: name, status, ip });
      return c.json({ error: message }, status);
    }
  };
}

/** The /telemetry routes, mounted by app.ts. */
export function telemetryRoutes(rt: Runtime) {
  const app = new Hono<Env>();
  app.post("/errors", endpoint(rt, "errors", errorReportSchema, ingestErrors));
  app.post("/sync-loads", endpoint(rt, "sync-loads", syncLoadSchema, ingestSyncLoads));
  app.post("/relay-heartbeats", endpoint(rt, "relay-heartbeats", heartbeatSchema, ingestHeartbeats));
  return app;
}
