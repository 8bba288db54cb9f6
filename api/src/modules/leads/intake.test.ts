import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { INTAKE_RATE } from "./intake.http.ts";
import { INTAKE_MAX_BATCH, INTAKE_MAX_BODY_BYTES } from "./intake.parse.ts";

// The lead intake endpoint through a real HTTP client: a source's key posts one lead or a batch, into
// the source's branch; each lead answered created, duplicate (of a lead by a phone typed differently,
// by an email in another case, of a customer), or invalid with its reason; a repeated idempotency key
// answers with the first post's lead (two at once store one); refusals of the whole request (size,
// count, JSON, key, inactive source, rate) come before anything is stored.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type Outcome = {
  outcome: string;
  reason: string;
  leadId: string | null;
  leadNumber: number | null;
  duplicateOf: { kind: string; id: string; label: string; matchedKey: string } | null;
  replayed: boolean;
};
type Answer = Outcome & { error?: string; results?: Outcome[]; counts?: Record<string, number> };

const unique = () => crypto.randomUUID().slice(0, 8);
/** A phone number no other test uses (512-555-xxxx, made from a counter). */
let phones = 1000;
const phone = () => `512555${phones++}`;

async function post(key: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
}

/** A source of the branch with a key, made through GraphQL as a lead admin would. */
async function source(b: Branch = branch) {
  const admin = await employee(b, ["LEAD_ADMIN"]);
  const u = unique();
  const made = await admin.gql<{ addLeadSource: { leadSource: { id: string } } }>(
    `mutation($i: LeadSourceInput!){ addLeadSource(input: $i){ leadSource { id } } }`,
    { i: { name: `Vendor ${u}`, code: `V${u}` } },
  );
  const id = made.data!.addLeadSource.leadSource.id;
  const key = await admin.gql<{ createLeadSourceKey: { key: string } }>(
    `mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }`,
    { id },
  );
  return { id, key: key.data!.createLeadSourceKey.key, admin };
}

const leads = (b: Branch = branch) => server.prisma.lead.count({ where: { branchId: b.branchId } });

describe("posting leads", () => {
  test("one lead is created in the source's branch (not the host's), with its source; 201", async () => {
    const s = await source();
    const before = await leads(other);
    const p = phone();
    const r = await post(
      s.key,
      {
        firstName: "Ada",
        lastName: "Lovelace",
        phone: p,
        email: `ada-${unique()}@example.com`,
        idempotencyKey: `k-${unique()}`,
      },
      { BranchHost: other.host },
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ outcome: "created", reason: "", duplicateOf: null, replayed: false });
    expect(r.body.leadNumber).toBeGreaterThan(0);
    const lead = await server.prisma.lead.findUniqueOrThrow({ where: { id: r.body.leadId! } });
    expect(lead).toMatchObject({
      branchId: branch.branchId,
      leadSourceId: s.id,
      phoneE164: `+1${p}`,
      firstName: "Ada",
    });
    expect(await leads(other)).toBe(before);
    // the key's "last used" is set
    expect((await server.prisma.leadSource.findUniqueOrThrow({ where: { id: s.id } })).apiKeyLastUsed).not.toBeNull();
  });

  test("duplicates: a phone typed differently, an email in another case, a customer's phone", async () => {
    const s = await source();
    const p = phone();
    const email = `Grace.${unique()}@Example.com`;
    const first = await post(s.key, { firstName: "Grace", phone: p, email });
    expect(first.body.outcome).toBe("created");
    const byPhone = await post(s.key, { firstName: "G", phone: `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}` });
    expect(byPhone.status).toBe(201);
    expect(byPhone.body).toMatchObject({
      outcome: "duplicate",
      reason: `Duplicate of lead #${first.body.leadNumber}: the same phone.`,
      duplicateOf: { kind: "LEAD", id: first.body.leadId, matchedKey: "PHONE" },
    });
    const byEmail = await post(s.key, { lastName: "Hopper", email: email.toUpperCase() });
    expect(byEmail.body).toMatchObject({ outcome: "duplicate", duplicateOf: { kind: "LEAD", matchedKey: "EMAIL" } });

    const account = `9${unique().replace(/\D/g, "").padEnd(5, "1").slice(0, 5)}`;
    const customer = await factories(server.prisma).customer(branch.branchId, account);
    const cp = phone();
    await server.prisma.contact.create({
      data: {
        branchId: branch.branchId,
        customerId: customer.id,
        firstName: "Cus",
        lastName: "Tomer",
        phones: {
          create: { branchId: branch.branchId, phoneNumber: `${cp.slice(0, 3)}.${cp.slice(3, 6)}.${cp.slice(6)}` },
        },
      },
    });
    const ofCustomer = await post(s.key, { firstName: "Cus", phone: `+1 ${cp}`, idempotencyKey: `c-${account}` });
    expect(ofCustomer.body).toMatchObject({
      outcome: "duplicate",
      reason: `Already a customer: the same phone as customer ${account}.`,
      duplicateOf: { kind: "CUSTOMER", id: customer.id, label: account, matchedKey: "PHONE" },
    });
    // stored all the same, marked
    const stored = await server.prisma.lead.findUniqueOrThrow({ where: { id: ofCustomer.body.leadId! } });
    expect(stored.customerId).toBe(customer.id);
    // its replay is the same duplicate of the customer
    const replay = await post(s.key, { firstName: "Cus", phone: `+1 ${cp}`, idempotencyKey: `c-${account}` });
    expect(replay.body).toMatchObject({
      outcome: "duplicate",
      replayed: true,
      leadId: ofCustomer.body.leadId,
      duplicateOf: { kind: "CUSTOMER", id: customer.id, matchedKey: "PHONE" },
    });
  });

  test("invalid leads are answered with their reason and nothing is stored", async () => {
    const s = await source();
    const before = await leads();
    const cases: [unknown, string][] = [
      [{ phone: phone() }, "A name is required: a first or a last name."],
      [
        { firstName: "No", comments: "no way to reach" },
        "A way to reach the lead is required: a phone, an email or an address.",
      ],
      [{ firstName: "X", email: "not-an-email" }, "Email is not an email address."],
      [{ firstName: "X", phone: phone(), stateCode: "ZZ" }, "State is not a state or province code."],
      [
        { firstName: "X", phone: phone(), appointment: "tomorrow" },
        "appointment must be an ISO date and time, e.g. 2026-12-01T15:00:00Z.",
      ],
      [
        { firstName: "X", phone: phone(), idempotencyKey: "k".repeat(101) },
        "idempotencyKey must be at most 100 characters.",
      ],
      [{ firstName: "X", phone_number: "5125550000" }, 'Unknown field "phone_number": a lead has firstName'],
      [{ firstName: ["X"], phone: phone() }, "firstName must be text."],
    ];
    for (const [body, reason] of cases) {
      const r = await post(s.key, body);
      expect(r.status).toBe(200);
      expect(r.body.outcome).toBe("invalid");
      expect(r.body.reason).toStartWith(reason);
      expect(r.body.leadId).toBeNull();
    }
    expect(await leads()).toBe(before);
  });

  test("a repeated idempotency key answers with the first post's lead; two at once store one", async () => {
    const s = await source();
    const key = `order-${unique()}`;
    const lead = { firstName: "Idem", phone: phone(), idempotencyKey: key };
    const first = await post(s.key, lead);
    expect(first.status).toBe(201);
    const again = await post(s.key, { ...lead, firstName: "Changed" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ outcome: "created", leadId: first.body.leadId, replayed: true });
    expect(await server.prisma.lead.count({ where: { intakeKey: key } })).toBe(1);
    // another source's same key is its own
    const t = await source();
    const theirs = await post(t.key, { firstName: "Other", phone: phone(), idempotencyKey: key });
    expect(theirs.body).toMatchObject({ outcome: "created", replayed: false });

    const both = `both-${unique()}`;
    const twin = { firstName: "Twin", phone: phone(), idempotencyKey: both };
    const [a, b] = await Promise.all([post(s.key, twin), post(s.key, twin)]);
    expect(a.body.leadId).toBe(b.body.leadId);
    expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
    expect(await server.prisma.lead.count({ where: { intakeKey: both } })).toBe(1);
  });

  test("a batch is answered in order with mixed outcomes; 200", async () => {
    const s = await source();
    const p = phone();
    const r = await post(s.key, {
      leads: [
        { firstName: "One", phone: p, idempotencyKey: `b1-${unique()}` },
        { firstName: "Two", phone: `1-${p}` },
        { firstName: "Three" },
        "not a lead",
        { lastName: "Five", email: `five-${unique()}@example.com`, appointment: "2026-12-01T15:00:00Z" },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.results!.map((x) => x.outcome)).toEqual(["created", "duplicate", "invalid", "invalid", "created"]);
    expect(r.body.results![1]!.duplicateOf?.id).toBe(r.body.results![0]!.leadId!);
    expect(r.body.results![3]!.reason).toBe("A lead must be a JSON object.");
    expect(r.body.counts).toEqual({ created: 2, duplicate: 1, discarded: 0, invalid: 2 });
    const fifth = await server.prisma.lead.findUniqueOrThrow({ where: { id: r.body.results![4]!.leadId! } });
    expect(fifth.appointment?.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    // a bare list is a batch too
    const list = await post(s.key, [{ firstName: "Six", phone: phone() }]);
    expect(list.body.results).toHaveLength(1);
  });

  test("a full batch of 500 new leads is stored and answered in order", async () => {
    const s = await source();
    const u = unique();
    const batch = Array.from({ length: INTAKE_MAX_BATCH }, (_, i) => ({
      firstName: `Full ${i}`,
      email: `full-${u}-${i}@example.com`,
      idempotencyKey: `full-${u}-${i}`,
    }));
    const started = performance.now();
    const r = await post(s.key, { leads: batch });
    const ms = Math.round(performance.now() - started);
    console.log(`lead intake: ${INTAKE_MAX_BATCH} leads in one batch took ${ms} ms`);
    expect(r.status).toBe(200);
    expect(r.body.counts).toEqual({ created: INTAKE_MAX_BATCH, duplicate: 0, discarded: 0, invalid: 0 });
    const numbers = r.body.results!.map((x) => x.leadNumber!);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(await server.prisma.lead.count({ where: { leadSourceId: s.id } })).toBe(INTAKE_MAX_BATCH);
  }, 120_000);

  test("oversize body, too many leads, bad JSON and wrong shapes are refused before anything is stored", async () => {
    const s = await source();
    const before = await leads();
    const one = { firstName: "Big", phone: phone() };
    const cases: [string, number, string][] = [
      [
        JSON.stringify({ ...one, comments: "x".repeat(INTAKE_MAX_BODY_BYTES) }),
        413,
        "The body is larger than 1 MB: send fewer leads at a time.",
      ],
      [
        JSON.stringify({ leads: Array.from({ length: INTAKE_MAX_BATCH + 1 }, () => one) }),
        413,
        "At most 500 leads a batch: this one has 501. Send them in parts.",
      ],
      ['{"firstName": "Broken",', 400, "The body is not valid JSON."],
      ["42", 400, 'The body must be a lead (a JSON object) or { "leads": [...] }.'],
      ['{"leads": {"firstName": "A"}}', 400, '"leads" must be a list of leads.'],
      ['{"leads": []}', 400, "The batch is empty: send at least one lead."],
      ["", 400, 'The body is empty: send a lead as a JSON object, or { "leads": [...] }.'],
    ];
    for (const [body, status, error] of cases) {
      const r = await post(s.key, body);
      expect([r.status, r.body.error]).toEqual([status, error]);
    }
    const form = await post(s.key, "firstName=A", { "content-type": "application/x-www-form-urlencoded" });
    expect([form.status, form.body.error]).toEqual([400, "Content-Type must be application/json."]);
    expect(await leads()).toBe(before);
    // a batch of the most leads allowed passes the size checks
    const full = await post(s.key, { leads: Array.from({ length: INTAKE_MAX_BATCH }, () => "x") });
    expect(full.status).toBe(200);
    expect(full.body.counts!.invalid).toBe(INTAKE_MAX_BATCH);
  }, 60_000);

  test("a missing, unknown, revoked or replaced key and an inactive source are refused; nothing is stored", async () => {
    const s = await source();
    const before = await leads();
    const lead = { firstName: "Refused", phone: phone() };
    expect((await post(null, lead)).status).toBe(401);
    expect((await post(null, lead)).body.error).toContain("Authorization: Bearer <key>");
    expect((await post("rwl_nope", lead)).body.error).toStartWith("This intake key is not valid");
    const setInactive = (v: boolean) =>
      s.admin.gql(`mutation($id: ID!, $v: Boolean!){ setLeadSourceInactive(id: $id, inactive: $v){ isSuccess } }`, {
        id: s.id,
        v,
      });
    await setInactive(true);
    const inactive = await post(s.key, lead);
    expect(inactive.status).toBe(403);
    expect(inactive.body.error).toMatch(/^The lead source "Vendor .*" is inactive: its leads are refused\.$/);
    await setInactive(false);
    // a new key replaces the old one; a revoked key is refused
    const renewed = await s.admin.gql<{ createLeadSourceKey: { key: string } }>(
      `mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }`,
      { id: s.id },
    );
    expect((await post(s.key, lead)).status).toBe(401);
    await s.admin.gql(`mutation($id: ID!){ revokeLeadSourceKey(id: $id){ isSuccess } }`, { id: s.id });
    expect((await post(renewed.data!.createLeadSourceKey.key, lead)).status).toBe(401);
    expect(await leads()).toBe(before);
    // another vendor's key still works
    const t = await source();
    expect((await post(t.key, lead)).status).toBe(201);
  });

  test(`at most ${INTAKE_RATE.limit} leads a minute per source: 429 with Retry-After, nothing stored`, async () => {
    // Started just after a minute begins, so that the posts stay in one fixed window.
    clock.startAt(new Date(Math.ceil(clock.nowMs() / 60_000) * 60_000 + 1000));
    try {
      const s = await source();
      const t = await source();
      const batch = (n: number) => ({ leads: Array.from({ length: n }, () => "x") });
      expect((await post(s.key, batch(INTAKE_MAX_BATCH))).status).toBe(200);
      const rest = INTAKE_RATE.limit - INTAKE_MAX_BATCH;
      // more than what is left: refused whole, and its units given back
      const over = await post(s.key, batch(rest + 1));
      expect(over.status).toBe(429);
      expect(over.body.error).toBe(
        `Too many leads: at most ${INTAKE_RATE.limit} a minute per source. This batch has ${rest + 1}. Try again later.`,
      );
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await post(s.key, batch(rest))).status).toBe(200);
      const before = await leads();
      const one = await post(s.key, { firstName: "Late", phone: phone() });
      expect(one.status).toBe(429);
      expect(await leads()).toBe(before);
      // another source has its own allowance
      expect((await post(t.key, { firstName: "Own", phone: phone() })).status).toBe(201);
    } finally {
      clock.startAt(null);
    }
  }, 120_000);
});
