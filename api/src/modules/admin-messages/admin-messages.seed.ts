import { clock } from "../../clock.ts";
import { seededRandom } from "../../db/seed-tools.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { MessageDeliveryStatus } from "../../generated/prisma/enums.ts";

// Demo history for the admin console's message audit and texting analytics: 30 days of texts and robo
// calls (delivery reminders, ETA notices, payment reminders) for the demo and north branches, with the
// delivery results a carrier reports, plus a little mail. Texting and calling are not built yet
// (decision 0640): these rows stand for what they will record, in the same outbox table.
//
// Runs inside seedDemo's transaction; dates are relative to today (the pages default to the last 30
// days); values come from a fixed-seed generator, so every run is alike. About 1,300 rows, one insert.

type Tx = Prisma.TransactionClient;

const DAY = 86_400_000;
const DAYS = 30;

const FIRST = ["Maria", "James", "Linda", "Robert", "Patricia", "Michael", "Jennifer", "David", "Susan", "Carlos"];
const DAYS_OF_WEEK = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const TEXTS: ((name: string, company: string, day: string) => string)[] = [
  (n, c, d) => `Hi ${n}, ${c} will deliver your water on ${d}. Reply STOP to opt out.`,
  (_n, c) => `${c}: your driver is on the way and should arrive between 10:30 and 11:00. Reply STOP to opt out.`,
  (n, c) =>
    `Hi ${n}, this is ${c}. Your account has a past-due balance. Pay online any time at your customer portal. Reply STOP to opt out.`,
  (_n, c, d) =>
    `${c}: we missed you today. Leave your empty bottles out and we will swap them on ${d}, or reply to pick another day. Reply STOP to opt out.`,
  (n, c) => `Thanks ${n}! ${c} received your payment. Reply STOP to opt out.`,
  (_n, c, d) =>
    `${c} reminder: your water softener service is booked for ${d}. Please make sure we can reach the unit in the garage or utility room. Reply C to confirm or R to reschedule. Reply STOP to opt out.`,
];

const CALLS = [
  "Automated reminder: your delivery is scheduled for tomorrow.",
  "Automated notice: your account balance is past due.",
  "Automated notice: weather delays on today's route.",
];

const TEXT_RESULTS: [MessageDeliveryStatus, number][] = [
  ["DELIVERED_NORMALLY", 86],
  ["SENT_TO_CARRIER", 3],
  ["GATEWAY_REJECTED", 3],
  ["ON_DO_NOT_TEXT_LIST", 3],
  ["OUTSIDE_ALLOWED_TIME", 1],
  ["EXPIRED", 1],
  ["PARTIALLY_DELIVERED", 1],
  ["PLATFORM_NETWORK_FAILED", 1],
  ["CANCELED", 1],
];
const CALL_RESULTS: [MessageDeliveryStatus, number][] = [
  ["DELIVERED_NORMALLY", 62],
  ["UNANSWERED", 20],
  ["BUSY", 9],
  ["TIMEOUT", 5],
  ["PLATFORM_NETWORK_FAILED", 4],
];

/** SMS segments of a text: 160 characters in one, 153 per segment when split (GSM-7). */
export function smsSegments(text: string): number {
  return text.length <= 160 ? 1 : Math.ceil(text.length / 153);
}

type Plan = { host: string; areaCode: string; textsPerDay: [number, number]; callsPerDay: [number, number] };
const PLANS: Plan[] = [
  { host: "demo", areaCode: "512", textsPerDay: [14, 30], callsPerDay: [2, 7] },
  { host: "north", areaCode: "612", textsPerDay: [6, 14], callsPerDay: [0, 3] },
];

export async function seedMessageHistory(tx: Tx, now = clock.now()): Promise<void> {
  const branches = await tx.branch.findMany({
    where: { host: { in: PLANS.map((p) => p.host) } },
    select: { id: true, host: true, company: true },
  });
  if (!branches.length) return;
  if ((await tx.outboxMessage.count({ where: { branchId: { in: branches.map((b) => b.id) }, platform: "SMS" } })) > 0)
    return;
  const r = seededRandom(20261123);
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const rows: object[] = [];
  for (const plan of PLANS) {
    const branch = branches.find((b) => b.host === plan.host);
    if (!branch) continue;
    const phone = () => `+1${plan.areaCode}555${String(r.int(100, 9999)).padStart(4, "0")}`;
    for (let d = DAYS; d >= 1; d--) {
      const day = today - d * DAY;
      const weekday = new Date(day).getUTCDay();
      const quiet = weekday === 0 || weekday === 6;
      const texts = quiet ? r.int(0, 3) : r.int(...plan.textsPerDay);
      const calls = quiet ? 0 : r.int(...plan.callsPerDay);
      // 8:00 to 18:00 in the branch (about 14:00 to 24:00 UTC for US Central time)
      const at = () => new Date(day + (14 + r.int(0, 9)) * 3_600_000 + r.int(0, 59) * 60_000 + r.int(0, 59) * 1000);
      const nextDay = DAYS_OF_WEEK[(weekday + r.int(1, 3)) % 7]!;
      for (let i = 0; i < texts; i++) {
        const text = r.pick(TEXTS)(r.pick(FIRST), branch.company, nextDay);
        const status = r.weighted(TEXT_RESULTS);
        const createdAt = at();
        rows.push({
          id: r.uuid(),
          branchId: branch.id,
          platform: "SMS",
          recipient: phone(),
          subject: "",
          text,
          html: "",
          status,
          segments: smsSegments(text),
          durationSeconds: 0,
          error: status === "GATEWAY_REJECTED" ? "30007: message filtered by the carrier" : "",
          sentAt: status === "ON_DO_NOT_TEXT_LIST" || status === "OUTSIDE_ALLOWED_TIME" ? null : createdAt,
          createdAt,
        });
      }
      for (let i = 0; i < calls; i++) {
        const status = r.weighted(CALL_RESULTS);
        const createdAt = at();
        rows.push({
          id: r.uuid(),
          branchId: branch.id,
          platform: "PHONE",
          recipient: phone(),
          subject: "",
          text: r.pick(CALLS),
          html: "",
          status,
          segments: 0,
          durationSeconds: status === "DELIVERED_NORMALLY" ? r.int(18, 45) : 0,
          error: "",
          sentAt: createdAt,
          createdAt,
        });
      }
      if (!quiet && r.int(0, 2) === 0) {
        const createdAt = at();
        rows.push({
          id: r.uuid(),
          branchId: branch.id,
          platform: "EMAIL",
          recipient: `${r.pick(FIRST).toLowerCase()}${r.int(1, 99)}@example.com`,
          subject: `Your ${branch.company} statement is ready`,
          text: `Your statement from ${branch.company} is ready in your customer portal.`,
          html: "",
          status: "SENT_TO_CARRIER",
          segments: 0,
          durationSeconds: 0,
          error: "",
          sentAt: createdAt,
          createdAt,
        });
      }
    }
  }
  if (!rows.length) return;
  const columns = Object.keys(rows[0] as object)
    .map((c) => `"${c}"`)
    .join(", ");
  await tx.$executeRawUnsafe(
    `INSERT INTO "OutboxMessage" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"OutboxMessage", $1::json)`,
    JSON.stringify(rows),
  );
}
