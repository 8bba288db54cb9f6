import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { signIn } from "../../../test/sign-in.ts";
import { clock } from "../../clock.ts";
import { seedMessageHistory, smsSegments } from "./admin-messages.seed.ts";

// The admin console's message audit and texting analytics through GraphQL: super admins only; every
// branch's outbound mail, texts and robo calls with their delivery status, searchable and paged;
// per-branch and per-day counts of texts, segments, calls and successes.

let server: TestServer;
let admin: Client;
let employee: Client;
let customer: Client;
let visitor: Client;
let branchA: { id: string; timeZone: string };
let branchB: { id: string };

const AUDIT = `query($branchId:ID,$platform:MessagePlatform,$status:MessageDeliveryStatus,$search:String,$start:DateTime,$end:DateTime,$skip:Int,$take:Int){
  messageAudit(branchId:$branchId,platform:$platform,status:$status,search:$search,start:$start,end:$end,skip:$skip,take:$take){
    totalCount skip take branches { id host }
    messages { id branchId branchHost platform recipient subject preview status error segments durationSeconds createdAt sentAt } } }`;
const SUMMARY = `query($s:Date!,$e:Date!,$b:ID){ messagingSummary(startDate:$s,endDate:$e,branchId:$b){ branchId host texts segments textSuccesses roboCalls callSuccesses callSeconds emails emailSuccesses failures } }`;
const METRICS = `query($s:Date!,$e:Date!,$b:ID){ bulkMessagingMetrics(startDate:$s,endDate:$e,branchId:$b){ startDate endDate totals { texts segments textSuccesses roboCalls callSuccesses emails failures } days { date texts segments roboCalls textSuccesses callSuccesses emails } statuses { platform status count } } }`;

const day = (offsetDays: number) => new Date(clock.nowMs() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const signedIn = (host: string, email: string, password: string) => signIn(server, email, password, host);

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  const f = factories(server.prisma);
  const a = await f.branch({ host: "msg-a" });
  const b = await f.branch({ host: "msg-b" });
  branchA = a;
  branchB = b;
  const admin0 = await f.user(a.id, { superAdmin: true });
  const emp = await f.user(a.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
  const cust = await f.user(a.id);
  admin = await signedIn("msg-a", admin0.email, admin0.password);
  employee = await signedIn("msg-a", emp.email, emp.password);
  customer = await signedIn("msg-a", cust.email, cust.password);
  visitor = new Client(server.url, "msg-a");
  // Noon UTC yesterday: the same calendar day in the branch's time zone (US Central).
  const yesterdayNoon = new Date(`${day(-1)}T18:00:00Z`);
  const row = (branchId: string, platform: "EMAIL" | "SMS" | "PHONE", status: string, extra: object = {}) => ({
    branchId,
    platform,
    status: status as never,
    recipient: platform === "EMAIL" ? "pat@example.com" : "+15125550111",
    subject: platform === "EMAIL" ? "Your statement" : "",
    text: "Hello there",
    createdAt: yesterdayNoon,
    ...extra,
  });
  await server.prisma.outboxMessage.createMany({
    data: [
      row(a.id, "SMS", "DELIVERED_NORMALLY", { segments: 1 }),
      row(a.id, "SMS", "DELIVERED_NORMALLY", { segments: 3, recipient: "+15125550999" }),
      row(a.id, "SMS", "ON_DO_NOT_TEXT_LIST", { segments: 1 }),
      row(a.id, "PHONE", "DELIVERED_NORMALLY", { durationSeconds: 30 }),
      row(a.id, "PHONE", "UNANSWERED"),
      row(a.id, "EMAIL", "SENT_TO_CARRIER", {
        text: "Reset: https://x.test/v2/account/reset-password?token=abcdef0123456789",
      }),
      row(a.id, "EMAIL", "GATEWAY_UNAVAILABLE", { error: "connect ECONNREFUSED", subject: "Verify your email" }),
      row(b.id, "SMS", "DELIVERED_NORMALLY", { segments: 2 }),
      // a month ago: outside the period below
      row(a.id, "SMS", "DELIVERED_NORMALLY", { segments: 1, createdAt: new Date(clock.nowMs() - 40 * 86_400_000) }),
    ],
  });
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("message audit", () => {
  test("super admins only", async () => {
    expect((await visitor.gql(AUDIT)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    for (const c of [employee, customer]) {
      expect((await c.gql(AUDIT)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql(SUMMARY, { s: day(-7), e: day(0) })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql(METRICS, { s: day(-7), e: day(0) })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });

  test("every branch's messages, newest first, filtered, searched and paged", async () => {
    type Audit = {
      messageAudit: {
        totalCount: number;
        branches: { host: string }[];
        messages: {
          branchHost: string;
          platform: string;
          status: string;
          preview: string;
          error: string;
          recipient: string;
        }[];
      };
    };
    const all = await admin.gql<Audit>(AUDIT, {});
    expect(all.errors).toBeUndefined();
    expect(all.data!.messageAudit.totalCount).toBe(9);
    expect(all.data!.messageAudit.branches.map((b) => b.host)).toEqual(expect.arrayContaining(["msg-a", "msg-b"]));
    const onlyB = await admin.gql<Audit>(AUDIT, { branchId: branchB.id });
    expect(onlyB.data!.messageAudit.messages.map((m) => [m.branchHost, m.platform])).toEqual([["msg-b", "SMS"]]);
    const failedMail = await admin.gql<Audit>(AUDIT, { platform: "EMAIL", status: "GATEWAY_UNAVAILABLE" });
    expect(failedMail.data!.messageAudit.messages).toMatchObject([{ error: "connect ECONNREFUSED" }]);
    const search = await admin.gql<Audit>(AUDIT, { search: "5550999" });
    expect(search.data!.messageAudit.messages.map((m) => m.recipient)).toEqual(["+15125550999"]);
    const bySubject = await admin.gql<Audit>(AUDIT, { search: "verify YOUR" });
    expect(bySubject.data!.messageAudit.totalCount).toBe(1);
    // Link tokens never show.
    const reset = await admin.gql<Audit>(AUDIT, { search: "Reset:" });
    expect(reset.data!.messageAudit.messages[0]!.preview).toContain("token=[redacted]");
    expect(reset.data!.messageAudit.messages[0]!.preview).not.toContain("abcdef0123456789");
    const recent = await admin.gql<Audit>(AUDIT, { start: new Date(clock.nowMs() - 7 * 86_400_000).toISOString() });
    expect(recent.data!.messageAudit.totalCount).toBe(8);
    const page = await admin.gql<Audit>(AUDIT, { skip: 8, take: 5 });
    expect(page.data!.messageAudit.messages).toHaveLength(1);
    const tooMany = await admin.gql(AUDIT, { take: 500 });
    expect(tooMany.errors?.[0]?.message).toMatch(/100/);
  });
});

describe("texting analytics", () => {
  test("texts, segments, robo calls and successes per branch", async () => {
    const r = await admin.gql<{ messagingSummary: Record<string, unknown>[] }>(SUMMARY, { s: day(-7), e: day(0) });
    expect(r.errors).toBeUndefined();
    const a = r.data!.messagingSummary.find((s) => s.host === "msg-a");
    expect(a).toMatchObject({
      texts: 3,
      segments: 5,
      textSuccesses: 2,
      roboCalls: 2,
      callSuccesses: 1,
      callSeconds: 30,
      emails: 2,
      emailSuccesses: 1,
      failures: 3,
    });
    expect(r.data!.messagingSummary.find((s) => s.host === "msg-b")).toMatchObject({ texts: 1, segments: 2 });
  });

  test("per day, for every day of the period, with the delivery results", async () => {
    const r = await admin.gql<{
      bulkMessagingMetrics: {
        days: { date: string; texts: number; segments: number }[];
        totals: { texts: number; roboCalls: number };
        statuses: { platform: string; status: string; count: number }[];
      };
    }>(METRICS, { s: day(-7), e: day(0), b: branchA.id });
    expect(r.errors).toBeUndefined();
    const m = r.data!.bulkMessagingMetrics;
    expect(m.days).toHaveLength(8);
    expect(m.days.find((d) => d.date === day(-1))).toMatchObject({ texts: 3, segments: 5 });
    expect(m.totals).toMatchObject({ texts: 3, roboCalls: 2 });
    expect(m.statuses).toContainEqual({ platform: "SMS", status: "DELIVERED_NORMALLY", count: 2 });
  });

  test("a bad period is refused with a clear message", async () => {
    const backwards = await admin.gql(SUMMARY, { s: day(0), e: day(-3) });
    expect(backwards.errors?.[0]?.message).toBe("The period must end on or after its first day.");
    const long = await admin.gql(METRICS, { s: day(-400), e: day(0) });
    expect(long.errors?.[0]?.message).toBe("The period can be at most 366 days.");
  });

  test("the demo history: texts and calls for two branches, segments counted as carriers do", async () => {
    expect(smsSegments("x".repeat(160))).toBe(1);
    expect(smsSegments("x".repeat(161))).toBe(2);
    expect(smsSegments("x".repeat(307))).toBe(3);
    const f = factories(server.prisma);
    await f.branch({ host: "demo" });
    await f.branch({ host: "north" });
    await server.prisma.$transaction((tx) => seedMessageHistory(tx));
    const r = await admin.gql<{
      messagingSummary: { host: string; texts: number; roboCalls: number; textSuccesses: number }[];
    }>(SUMMARY, { s: day(-31), e: day(0) });
    for (const host of ["demo", "north"]) {
      const s = r.data!.messagingSummary.find((x) => x.host === host)!;
      expect(s.texts).toBeGreaterThan(50);
      expect(s.textSuccesses).toBeLessThan(s.texts);
    }
    expect(r.data!.messagingSummary.find((x) => x.host === "demo")!.roboCalls).toBeGreaterThan(10);
  });
});
