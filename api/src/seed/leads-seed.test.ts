import { expect, test } from "bun:test";
import { createTestServer, type TestServer } from "../../test/harness.ts";
import { serveDemo } from "../../test/serve-demo.ts";
import { clock } from "../clock.ts";
import { scopedDb } from "../db/scoped.ts";
import { seedDemo } from "../db/seed.ts";
import type { Branch, Lead } from "../generated/prisma/client.ts";
import { acceptLead, findDuplicate } from "../modules/leads/accept-lead.ts";
import { addressKey, emailKey, phoneKey } from "../modules/leads/lead-keys.ts";
import type { Context } from "../runtime.ts";

// The demo's leads: six sources (one inactive, one a Costco store), four discard reasons, about 3,000
// leads over the past year in every status; every lead's keys are what lead-keys.ts makes of what was
// typed, and its duplicate marks are what acceptLead's lookup answers (the product owner's examples: one
// phone typed three ways, an email in two cases, "12 N Main St" and "12 North Main Street", two leads
// at customers' addresses). A new lead with the example phone is found as their duplicate.

let server: TestServer;
let demo: Branch;
let leads: Lead[];
let ctx: Context;
serveDemo(async (s) => {
  server = s;
  demo = (await server.prisma.branch.findUnique({ where: { host: "demo" } }))!;
  leads = await server.prisma.lead.findMany({ where: { branchId: demo.id }, orderBy: { enteredTime: "asc" } });
  ctx = { branch: demo, db: scopedDb(server.prisma, demo.id) } as unknown as Context;
});

const DAY_MS = 86_400_000;

test("six sources, four discard reasons, ~3,000 leads of the past year in every status", async () => {
  const sources = await server.prisma.leadSource.findMany({ where: { branchId: demo.id }, orderBy: { name: "asc" } });
  expect(sources.map((s) => [s.name, s.code, s.inactive, s.retailStoreType ?? "", s.retailStoreId ?? ""])).toEqual([
    ["Costco Austin", "COSTCO-AUS", false, "COSTCO", "681"],
    ["Door hangers", "DOOR", true, "", ""],
    ["Home show", "HOME-SHOW", false, "", ""],
    ["List vendor (Acme Data)", "ACME", false, "", ""],
    ["Referral", "REFERRAL", false, "", ""],
    ["Website", "WEB", false, "", ""],
  ]);
  const reasons = await server.prisma.discardReason.findMany({ where: { branchId: demo.id } });
  expect(reasons.map((r) => r.name).sort()).toEqual(["Bad phone", "Duplicate", "Not interested", "Out of area"]);

  expect(leads.length).toBeGreaterThan(2900);
  expect(leads.length).toBeLessThan(3100);
  const count = (status: string) => leads.filter((l) => l.status === status).length;
  expect(count("UNASSIGNED")).toBeGreaterThan(150);
  expect(count("ASSIGNED")).toBeGreaterThan(1500);
  expect(count("DISCARDED")).toBeGreaterThan(300);
  const now = clock.nowMs(); // the seed dates back from the business clock (pinned in the PostgreSQL run)
  expect(leads.every((l) => l.enteredTime.getTime() <= now && l.enteredTime.getTime() > now - 367 * DAY_MS)).toBe(true);
  // Every source has leads; the door hangers' only from before the campaign ended.
  for (const s of sources) expect(leads.filter((l) => l.leadSourceId === s.id).length).toBeGreaterThan(100);
  const door = sources.find((s) => s.code === "DOOR")!;
  expect(leads.every((l) => l.leadSourceId !== door.id || l.enteredTime.getTime() < now - 100 * DAY_MS)).toBe(true);

  // Discarded with a reason; assigned to the sales and office people; unassigned to nobody.
  const reasonIds = new Set(reasons.map((r) => r.id));
  expect(leads.filter((l) => l.status === "DISCARDED").every((l) => reasonIds.has(l.discardReasonId ?? ""))).toBe(true);
  expect(leads.filter((l) => l.status !== "DISCARDED").every((l) => l.discardReasonId === null)).toBe(true);
  const assignees = await server.prisma.person.findMany({
    where: { id: { in: [...new Set(leads.map((l) => l.personId).filter((p) => p !== null))] } },
    select: { jobTitle: true },
  });
  expect(assignees.length).toBeGreaterThan(4);
  expect(assignees.every((p) => /sales|customer service|office/i.test(p.jobTitle))).toBe(true);
  expect(leads.filter((l) => l.status === "ASSIGNED").every((l) => l.personId)).toBe(true);
  expect(leads.filter((l) => l.status === "UNASSIGNED").every((l) => !l.personId)).toBe(true);
  const notes = await server.prisma.leadNote.count({ where: { branchId: demo.id } });
  expect(notes).toBeGreaterThan(300);
});

test("every lead's keys are what lead-keys.ts makes of what was typed", () => {
  for (const l of leads) {
    expect(l.phoneE164).toBe(l.phone ? phoneKey(l.phone) : "");
    expect(l.phone2E164).toBe(l.phone2 ? phoneKey(l.phone2) : "");
    expect(l.emailKey).toBe(l.email ? emailKey(l.email) : "");
    expect(l.addressKey).toBe(l.address ? addressKey(l.address, l.postalCode) : "");
    // A way to reach every lead, each one valid.
    expect(l.phoneE164 || l.emailKey || l.addressKey).not.toBe("");
    if (l.phone) expect(l.phoneE164).not.toBe("");
    if (l.email) expect(l.emailKey).not.toBe("");
  }
  expect(leads.filter((l) => l.phone && !/^\(\d{3}\) \d{3}-\d{4}$/.test(l.phone)).length).toBeGreaterThan(300);
});

test("the product owner's duplicates share their keys; the later ones point at the first", async () => {
  const jane = await server.prisma.customer.findFirstOrThrow({ where: { branchId: demo.id, accountNumber: "100001" } });
  const rosa = leads.filter((l) => l.phoneE164 === "+15125550142");
  expect(rosa.map((l) => l.phone)).toEqual(["(512) 555-0142", "512.555.0142", "+1 512 555 0142"]);
  // The phone is also Jane Customer's: the first lead is marked as her, the later ones as the first lead's.
  expect(rosa.map((l) => [l.duplicateOfId, l.customerId])).toEqual([
    [null, jane.id],
    [rosa[0]!.id, null],
    [rosa[0]!.id, null],
  ]);
  const ann = leads.filter((l) => l.emailKey === "ann.lee@example.com");
  expect(ann.map((l) => [l.email, l.duplicateOfId])).toEqual([
    ["Ann.Lee@Example.com", null],
    ["ann.lee@example.com", ann[0]!.id],
  ]);
  const dale = leads.filter((l) => l.addressKey === "12 N MAIN ST|78664");
  expect(dale.map((l) => [l.address, l.duplicateOfId])).toEqual([
    ["12 N Main St", null],
    ["12 North Main Street", dale[0]!.id],
  ]);
  const atCustomers = leads.filter((l) => l.customerId && l.addressKey && !l.phoneE164.endsWith("0142"));
  expect(atCustomers.length).toBeGreaterThanOrEqual(2);
  expect(leads.filter((l) => l.duplicateOfId).length).toBeGreaterThan(40);

  // A new lead with the phone typed a fourth way is found as the first one's duplicate.
  const outcome = await acceptLead(ctx, { firstName: "Rosa", lastName: "Delgado", phone: "512 555 0142" });
  expect(outcome.duplicateOf).toMatchObject({ kind: "LEAD", id: rosa[0]!.id, matchedKey: "PHONE" });
  await server.prisma.lead.delete({ where: { id: outcome.leadId! } });
});

test("every duplicate mark is what acceptLead's lookup answers for the lead", async () => {
  // The marked ones, and every 25th of the others.
  const sample = leads.filter((l, i) => l.duplicateOfId || l.customerId || i % 25 === 0);
  for (const l of sample) {
    const keys = {
      phones: [l.phoneE164, l.phone2E164].filter(Boolean),
      email: l.emailKey,
      address: l.addressKey,
    };
    const found = await findDuplicate(ctx, keys, l.id);
    const expected = l.duplicateOfId
      ? { kind: "LEAD", id: l.duplicateOfId }
      : l.customerId
        ? { kind: "CUSTOMER", id: l.customerId }
        : null;
    expect(found ? { kind: found.kind as string, id: found.id } : null).toEqual(expected);
  }
}, 120_000);

test("the same on every seed: a second seed of another database makes the same leads", async () => {
  const other = await createTestServer({ JOBS: "off" });
  try {
    await seedDemo(other.prisma);
    const again = await other.prisma.lead.findMany({
      where: { branchId: (await other.prisma.branch.findUnique({ where: { host: "demo" } }))!.id },
      orderBy: { enteredTime: "asc" },
      select: { id: true, firstName: true, lastName: true, phone: true, email: true, address: true, status: true },
    });
    const pick = ({ id, firstName, lastName, phone, email, address, status }: Lead) => ({
      id,
      firstName,
      lastName,
      phone,
      email,
      address,
      status,
    });
    expect(again).toEqual(leads.map(pick));
  } finally {
    await other.close();
  }
}, 180_000);
