import { LEAD_LIMITS, type LeadInput } from "./accept-lead.ts";

// Reading a lead intake request's body (intake.http.ts): its size, its JSON and its shape are checked
// as a whole before any lead is looked at; then each lead's fields are read, and a lead that cannot be
// read is answered "invalid" on its own without refusing the others of its batch.

export const INTAKE_MAX_BODY_BYTES = 1024 * 1024;
export const INTAKE_MAX_BATCH = 500;

export type IntakeRefusal = { status: 400 | 401 | 403 | 413 | 429; error: string; retryAfterMs?: number };

/** A refusal of the whole request: nothing of it is stored. */
export class Refused extends Error {
  constructor(readonly refusal: IntakeRefusal) {
    super(refusal.error);
  }
}

export type IntakeLead = { input: LeadInput; idempotencyKey: string | null } | { invalid: string };

const TEXT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "phone2",
  "address",
  "unit",
  "city",
  "county",
  "stateCode",
  "postalCode",
  "comments",
] as const;
const ALL_FIELDS = new Set<string>([...TEXT_FIELDS, "appointment", "latitude", "longitude", "idempotencyKey"]);

const refuse = (status: 400 | 413, error: string) => new Refused({ status, error });
const tooLarge = () =>
  refuse(413, `The body is larger than ${INTAKE_MAX_BODY_BYTES / 1024 / 1024} MB: send fewer leads at a time.`);

/** The body's bytes, refused past the cap (counted while reading, not only by Content-Length). */
async function readBody(req: Request): Promise<string> {
  if (Number(req.headers.get("content-length") ?? "0") > INTAKE_MAX_BODY_BYTES) throw tooLarge();
  if (!(req.headers.get("content-type") ?? "").toLowerCase().includes("json"))
    throw refuse(400, "Content-Type must be application/json.");
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    size += next.value.byteLength;
    if (size > INTAKE_MAX_BODY_BYTES) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The request's leads (one, or a batch), or a refusal of the whole request. */
export async function readLeads(req: Request): Promise<{ batch: boolean; leads: IntakeLead[] }> {
  const text = await readBody(req);
  if (!text.trim()) throw refuse(400, 'The body is empty: send a lead as a JSON object, or { "leads": [...] }.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw refuse(400, "The body is not valid JSON.");
  }
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
  let list: unknown[];
  if (Array.isArray(body)) list = body;
  else if (isObject(body) && "leads" in body) {
    if (!Array.isArray(body.leads)) throw refuse(400, '"leads" must be a list of leads.');
    list = body.leads;
  } else if (isObject(body)) return { batch: false, leads: [readLead(body)] };
  else throw refuse(400, 'The body must be a lead (a JSON object) or { "leads": [...] }.');
  if (!list.length) throw refuse(400, "The batch is empty: send at least one lead.");
  if (list.length > INTAKE_MAX_BATCH)
    throw refuse(413, `At most ${INTAKE_MAX_BATCH} leads a batch: this one has ${list.length}. Send them in parts.`);
  return {
    batch: true,
    leads: list.map((l) => (isObject(l) ? readLead(l) : { invalid: "A lead must be a JSON object." })),
  };
}

/** One lead's fields: text (a number is taken as its digits), an ISO appointment, an idempotency key. */
function readLead(raw: Record<string, unknown>): IntakeLead {
  const unknown = Object.keys(raw).find((k) => !ALL_FIELDS.has(k));
  if (unknown) return { invalid: `Unknown field "${unknown.slice(0, 40)}": a lead has ${[...ALL_FIELDS].join(", ")}.` };
  const input: LeadInput = {};
  for (const field of TEXT_FIELDS) {
    const v = raw[field];
    if (v === undefined || v === null) continue;
    if (typeof v === "number" && Number.isFinite(v)) input[field] = String(v);
    else if (typeof v === "string") input[field] = v;
    else return { invalid: `${field} must be text.` };
  }
  const appointment = raw.appointment;
  if (appointment !== undefined && appointment !== null && appointment !== "") {
    const at =
      typeof appointment === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(appointment)
        ? new Date(appointment)
        : null;
    if (!at || Number.isNaN(at.getTime()))
      return { invalid: "appointment must be an ISO date and time, e.g. 2026-12-01T15:00:00Z." };
    input.appointment = at;
  }
  for (const field of ["latitude", "longitude"] as const) {
    const v = raw[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== "number" || !Number.isFinite(v)) return { invalid: `${field} must be a number.` };
    input[field] = v;
  }
  const key = raw.idempotencyKey;
  if (key !== undefined && key !== null && typeof key !== "string") return { invalid: "idempotencyKey must be text." };
  const idempotencyKey = (key ?? "").trim();
  if (idempotencyKey.length > LEAD_LIMITS.key)
    return { invalid: `idempotencyKey must be at most ${LEAD_LIMITS.key} characters.` };
  return { input, idempotencyKey: idempotencyKey || null };
}
