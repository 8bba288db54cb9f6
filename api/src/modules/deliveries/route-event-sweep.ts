import { systemContext } from "../../auth/system-context.ts";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime.ts";
import { raiseExpiringAutopayCards } from "../payments/card-expiry.ts";
import { localNow } from "./delivery-dates.ts";
import { raiseRentalAnniversaries } from "./rental-anniversaries.ts";

// The daily sweep of route events nothing else raises (docs/decisions/0760-route-events.md): autopay
// cards about to expire (payments) and rental anniversaries (deliveries), for each active branch on its
// own today. Each is raised once per record and key, so running it again, or twice at once, raises
// nothing new. The job runner calls it daily; tests call it with a date.

export type RouteEventSweepReport = { branchId: string; date: string; cardsExpiring: number; anniversaries: number };

export async function runRouteEventSweep(
  runtime: Runtime,
  opts: { date?: string; branchId?: string } = {},
): Promise<RouteEventSweepReport[]> {
  if (opts.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.date))
    throw new Error(`runRouteEventSweep: date must be YYYY-MM-DD, got ${opts.date}`);
  const branches = await crossBranch(runtime).branch.findMany({
    where: { inactive: false, ...(opts.branchId ? { id: opts.branchId } : {}) },
    orderBy: { branchNumber: "asc" },
  });
  const reports: RouteEventSweepReport[] = [];
  for (const branch of branches) {
    const date = opts.date ?? localNow(clock.now(), branch.timeZone).date;
    const ctx = systemContext(runtime, branch, "route-events");
    const report = { branchId: branch.id, date, cardsExpiring: 0, anniversaries: 0 };
    try {
      report.cardsExpiring = await raiseExpiringAutopayCards(ctx, date);
      report.anniversaries = await raiseRentalAnniversaries(ctx, date);
    } catch (error) {
      log.error("route event sweep failed for a branch", { error, branchId: branch.id });
    }
    reports.push(report);
  }
  return reports;
}
