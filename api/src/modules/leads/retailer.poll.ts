import { systemContext } from "../../auth/system-context.ts";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import type { Prisma, RetailerFeedItem, RetailerSettings } from "../../generated/prisma/client.ts";
import type { Retailer } from "../../generated/prisma/enums.ts";
import { type FeedClient, FeedError, feedClient } from "../../integrations/retailer/feed-client.ts";
import type { Referral, WriteBack } from "../../integrations/retailer/feed-format.ts";
import { openSecret } from "../../integrations/retailer/secret-box.ts";
import { STAND_IN_PATH } from "../../integrations/retailer/stand-in.ts";
import { log } from "../../log.ts";
import type { Context, Runtime } from "../../runtime.ts";
import type { FeedOutcome } from "./retailer.rules.ts";
import { findSettings, importItem, retailerName } from "./retailer.service.ts";

// Polling a retailer's feed. A sweep every minute (jobs/runner.ts) polls each connection whose time has
// come (every 1 to 5 minutes, its pollMinutes) and sends the write-backs that are due. A connection is
// held by a lease while it is polled, so two workers (a cluster, or the sweep and a person's "check
// now") never poll it at once. A poll stores every referral it reads with an outcome: NEW (waiting for
// someone, or imported at once with auto-import), NOT_OFFERED (a service the dealer turned off), or
// ALREADY_OPENED (another dealer opened it first: kept, shown marked, never imported). A write-back the
// retailer does not confirm is tried again later (30 s, doubling, at most 15 min apart) until it is.

const LEASE_MS = 3 * 60_000;
const WRITE_BACKS_PER_RUN = 200;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);

export const jobContext = (runtime: Runtime, branch: Context["branch"]): Context =>
  systemContext(runtime, branch, "retailer-poll");

/** The feed client of a connection; a FeedError when its secret cannot be read. */
export function clientFor(runtime: Runtime, s: RetailerSettings): FeedClient {
  const secret = openSecret(s.secretEncrypted, runtime.config.SESSION_SECRET);
  if (!secret) throw new FeedError("The stored secret cannot be read (the server's secret changed): enter it again.");
  // The development stand-in is served by this server itself, reached over HTTP like any feed.
  const baseUrl = s.baseUrl === STAND_IN_PATH ? `http://127.0.0.1:${runtime.config.PORT}${STAND_IN_PATH}` : s.baseUrl;
  return feedClient({ baseUrl, accountId: s.accountId, secret });
}

/** Takes the connection's lease; false when another poll holds it. */
async function claim(runtime: Runtime, id: string): Promise<boolean> {
  const now = clock.now();
  const { count } = await crossBranch(runtime).retailerSettings.updateMany({
    where: { id, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  return count === 1;
}

export type PollReport = {
  read: number;
  added: number;
  imported: number;
  opened: number;
  unreadable: number;
  error: string;
};

/** Reads the feed once (lists and referrals) and sends due write-backs; the caller holds the lease. */
async function pollHeld(ctx: Context, s: RetailerSettings, opts: { read: boolean }): Promise<PollReport> {
  const report: PollReport = { read: 0, added: 0, imported: 0, opened: 0, unreadable: 0, error: "" };
  try {
    const client = clientFor(ctx.runtime, s);
    if (opts.read) {
      await syncLists(ctx, s.retailer, client);
      const { referrals, unreadable } = await client.referrals();
      report.unreadable = unreadable;
      report.read = referrals.length;
      Object.assign(report, await storeReferrals(ctx, s, referrals));
    }
    await flushWriteBacks(ctx, s.retailer, client);
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    report.error = error.message;
  }
  if (opts.read) {
    const now = clock.now();
    const unreadable = report.unreadable
      ? `${report.unreadable} referral${report.unreadable === 1 ? " was" : "s were"} not in the feed's format and were left out.`
      : "";
    await ctx.db.retailerSettings.update({
      where: { id: s.id },
      data: {
        lastPolledAt: now,
        nextPollAt: new Date(now.getTime() + s.pollMinutes * 60_000),
        lastPollError: report.error || unreadable,
      },
    });
  }
  return report;
}

async function syncLists(ctx: Context, retailer: Retailer, client: FeedClient) {
  const [stores, services, employees] = await Promise.all([client.stores(), client.services(), client.employees()]);
  const key = { branchId: ctx.branch.id, retailer };
  for (const s of stores) {
    const data = { name: s.name, city: s.city, stateCode: s.state };
    await ctx.db.retailerStore.upsert({
      where: { branchId_retailer_storeNumber: { ...key, storeNumber: s.storeNumber } },
      create: { ...key, storeNumber: s.storeNumber, ...data },
      update: data,
    });
  }
  for (const s of services)
    await ctx.db.retailerService.upsert({
      where: { branchId_retailer_code: { ...key, code: s.code } },
      create: { ...key, code: s.code, name: s.name },
      update: { name: s.name },
    });
  for (const e of employees) {
    const data = { name: e.name, storeNumber: e.storeNumber };
    await ctx.db.retailerEmployee.upsert({
      where: { branchId_retailer_employeeId: { ...key, employeeId: e.employeeId } },
      create: { ...key, employeeId: e.employeeId, ...data },
      update: data,
    });
  }
}

/** Stores the referrals not seen before, each with an outcome; marks waiting ones another dealer opened. */
async function storeReferrals(ctx: Context, s: RetailerSettings, referrals: Referral[]) {
  const name = retailerName(s.retailer);
  const known = new Map(
    (
      await ctx.db.retailerFeedItem.findMany({
        where: { retailer: s.retailer, retailLeadId: { in: referrals.map((r) => r.referralId) } },
      })
    ).map((i) => [i.retailLeadId, i]),
  );
  const offered = new Map(
    (await ctx.db.retailerService.findMany({ where: { retailer: s.retailer } })).map((x) => [x.code, x]),
  );
  const openedReason = `Opened on ${name}'s side before it reached you: shown here, not imported.`;
  let added = 0;
  let opened = 0;
  const fresh: RetailerFeedItem[] = [];
  for (const r of referrals) {
    const was = known.get(r.referralId);
    if (was) {
      if (r.status === "OPENED" && was.outcome === "NEW") {
        await ctx.db.retailerFeedItem.update({
          where: { id: was.id },
          data: { openedOnRetailer: true, outcome: "ALREADY_OPENED", reason: openedReason, decidedAt: clock.now() },
        });
        opened++;
      } else if (r.status === "OPENED" && !was.openedOnRetailer)
        await ctx.db.retailerFeedItem.update({ where: { id: was.id }, data: { openedOnRetailer: true } });
      continue;
    }
    const service = r.serviceCode ? offered.get(r.serviceCode) : undefined;
    const outcome: FeedOutcome =
      r.status === "OPENED" ? "ALREADY_OPENED" : service && !service.offered ? "NOT_OFFERED" : "NEW";
    const reason =
      outcome === "ALREADY_OPENED"
        ? openedReason
        : outcome === "NOT_OFFERED"
          ? `You do not offer "${service!.name || service!.code}" through ${name}.`
          : "";
    const referredAt = r.referredAt && !Number.isNaN(Date.parse(r.referredAt)) ? new Date(r.referredAt) : null;
    const item = await ctx.db.retailerFeedItem.create({
      data: {
        branchId: ctx.branch.id,
        retailer: s.retailer,
        retailLeadId: r.referralId,
        storeNumber: r.storeNumber,
        serviceCode: r.serviceCode,
        employeeId: r.employeeId,
        payload: r as unknown as Prisma.InputJsonValue,
        referredAt,
        openedOnRetailer: r.status === "OPENED",
        outcome,
        reason,
        ...(outcome === "NEW" ? {} : { decidedAt: clock.now() }),
        // A referral declined for a service not offered is told to the retailer; an opened one is theirs.
        writeBackState: outcome === "NOT_OFFERED" ? "PENDING" : "NONE",
        writeBackNextAt: outcome === "NOT_OFFERED" ? clock.now() : null,
      },
    });
    added++;
    if (outcome === "ALREADY_OPENED") opened++;
    if (outcome === "NEW") fresh.push(item);
  }
  let imported = 0;
  if (s.autoImport)
    for (const item of fresh) {
      await importItem(ctx, item);
      imported++;
    }
  return { added, opened, imported };
}

const writeBackOf = (item: RetailerFeedItem, leadNumber: number | null): WriteBack =>
  item.outcome === "IMPORTED" || item.outcome === "DUPLICATE"
    ? { status: "ACCEPTED", dealerLeadId: leadNumber === null ? null : String(leadNumber), reason: item.reason }
    : { status: "DECLINED", dealerLeadId: null, reason: item.reason };

/** Sends the due write-backs of one retailer; each confirmed one is done, each failed one tried later. */
export async function flushWriteBacks(ctx: Context, retailer: Retailer, client: FeedClient) {
  const due = await ctx.db.retailerFeedItem.findMany({
    where: { retailer, writeBackState: "PENDING", writeBackNextAt: { lte: clock.now() } },
    orderBy: { writeBackNextAt: "asc" },
    take: WRITE_BACKS_PER_RUN,
  });
  const leadIds = due.flatMap((i) => (i.leadId ? [i.leadId] : []));
  const numbers = new Map(
    (await ctx.db.lead.findMany({ where: { id: { in: leadIds } }, select: { id: true, number: true } })).map((l) => [
      l.id,
      l.number,
    ]),
  );
  let confirmed = 0;
  for (const item of due) {
    const attempts = item.writeBackAttempts + 1;
    try {
      await client.writeBack(
        item.retailLeadId,
        writeBackOf(item, item.leadId ? (numbers.get(item.leadId) ?? null) : null),
      );
      await ctx.db.retailerFeedItem.update({
        where: { id: item.id },
        data: {
          writeBackState: "CONFIRMED",
          writeBackAttempts: attempts,
          writeBackConfirmedAt: clock.now(),
          writeBackError: "",
          writeBackNextAt: null,
        },
      });
      confirmed++;
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      await ctx.db.retailerFeedItem.update({
        where: { id: item.id },
        data: {
          writeBackAttempts: attempts,
          writeBackError: error.message,
          writeBackNextAt: new Date(clock.now().getTime() + backoffMs(attempts)),
        },
      });
      // The feed is down or refusing: the rest waits for the next run rather than failing one by one.
      if (error.status === undefined || error.status >= 500 || error.status === 401 || error.status === 403) break;
    }
  }
  return confirmed;
}

/** Polls one retailer now for a person ("check now", or right after the credentials are saved). */
export async function pollRetailerNow(ctx: Context, retailer: Retailer): Promise<PollReport> {
  const s = await findSettings(ctx, retailer);
  if (!s?.accountId || !s.secretEncrypted)
    throw new AppError(
      "BAD_USER_INPUT",
      `${retailerName(retailer)} is not connected yet: enter its credentials first.`,
    );
  if (!(await claim(ctx.runtime, s.id)))
    throw new AppError("CONFLICT", "The feed is being read right now. Try again in a moment.");
  try {
    return await pollHeld(ctx, s, { read: true });
  } finally {
    await ctx.db.retailerSettings.update({ where: { id: s.id }, data: { leaseUntil: null } });
  }
}

/** The sweep: polls every connection that is due and sends due write-backs; how many it polled. */
export async function runDueRetailerPolls(runtime: Runtime) {
  const prisma = crossBranch(runtime);
  const now = clock.now();
  const connections = await prisma.retailerSettings.findMany({
    where: { enabled: true, accountId: { not: "" }, secretEncrypted: { not: "" } },
    orderBy: { id: "asc" },
    take: 500,
  });
  const dueWriteBacks = new Set(
    (
      await prisma.retailerFeedItem.groupBy({
        by: ["branchId", "retailer"],
        where: { writeBackState: "PENDING", writeBackNextAt: { lte: now } },
      })
    ).map((g) => `${g.branchId}:${g.retailer}`),
  );
  let polled = 0;
  for (const s of connections) {
    const read = !s.nextPollAt || s.nextPollAt <= now;
    if (!read && !dueWriteBacks.has(`${s.branchId}:${s.retailer}`)) continue;
    if (!(await claim(runtime, s.id))) continue;
    try {
      const branch = await prisma.branch.findUnique({ where: { id: s.branchId } });
      if (!branch || branch.inactive) continue;
      const report = await pollHeld(jobContext(runtime, branch), s, { read });
      if (read) polled++;
      if (report.error)
        log.warn("retailer feed poll failed", { retailer: s.retailer, branchId: s.branchId, error: report.error });
    } catch (error) {
      log.error("retailer feed poll crashed", { retailer: s.retailer, branchId: s.branchId, error });
    } finally {
      await prisma.retailerSettings.update({ where: { id: s.id }, data: { leaseUntil: null } });
    }
  }
  return { polled };
}
