import { clock } from "../clock.ts";
import { AppError } from "../errors.ts";
import type { Branch, PrismaClient } from "../generated/prisma/client.ts";
import type { WatertightFeature } from "../generated/prisma/enums.ts";

// The branch of a request is resolved once: the BranchHost header (the web sends the `host` query
// parameter there) -> else the request's host name matched against Branch.host (whole name, then
// its first label) -> else DEFAULT_BRANCH_HOST. Lookups are cached briefly; branch edits in the
// admin console call invalidate(), other containers see them within TTL_MS.
const TTL_MS = 10_000;

type WatertightRow = { featureId: WatertightFeature; startTime: Date | null; endTime: Date | null };

/**
 * Watertight features count as enabled inside their time window on the business clock: from startTime
 * (inclusive) until endTime (exclusive), either end open when unset.
 */
export function activeWatertightFeatures(rows: WatertightRow[], now = clock.now()): WatertightFeature[] {
  return rows
    .filter((r) => (!r.startTime || r.startTime <= now) && (!r.endTime || r.endTime > now))
    .map((r) => r.featureId);
}

export class BranchResolver {
  private cache = new Map<string, { branch: Branch | null; at: number }>();

  constructor(
    private prisma: PrismaClient,
    private defaultHost: string,
  ) {}

  private features = new Map<string, { rows: WatertightRow[]; at: number }>();

  invalidate() {
    this.cache.clear();
    this.features.clear();
    this.active.clear();
  }

  /** A branch's watertight feature rows (with their time windows), cached like the branch itself. */
  async watertightFeatures(branchId: string): Promise<WatertightRow[]> {
    const hit = this.features.get(branchId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.rows;
    const rows = await this.prisma.branchWatertightFeature.findMany({
      where: { branchId },
      select: { featureId: true, startTime: true, endTime: true },
    });
    this.features.set(branchId, { rows, at: Date.now() });
    return rows;
  }

  private active = new Map<
    string,
    { rows: WatertightRow[]; features: WatertightFeature[]; fromMs: number; untilMs: number }
  >();

  /**
   * The branch's watertight features active now, worked out again when its rows are read again or a
   * window opens or closes (the next startTime or endTime after now on the business clock).
   */
  async activeWatertightFeatures(branchId: string): Promise<WatertightFeature[]> {
    const rows = await this.watertightFeatures(branchId);
    const nowMs = clock.nowMs();
    const hit = this.active.get(branchId);
    if (hit && hit.rows === rows && nowMs < hit.untilMs && nowMs >= hit.fromMs) return hit.features;
    let untilMs = Number.POSITIVE_INFINITY;
    for (const r of rows)
      for (const edge of [r.startTime, r.endTime])
        if (edge && edge.getTime() > nowMs && edge.getTime() < untilMs) untilMs = edge.getTime();
    const features = activeWatertightFeatures(rows, new Date(nowMs));
    this.active.set(branchId, { rows, features, fromMs: nowMs, untilMs });
    return features;
  }

  /** Whether the branch has the watertight feature active now (the `branchFeature` scope asks). */
  async hasWatertightFeature(branchId: string, feature: WatertightFeature): Promise<boolean> {
    return (await this.activeWatertightFeatures(branchId)).includes(feature);
  }

  private async byHost(host: string): Promise<Branch | null> {
    const key = host.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.branch;
    const branch = await this.prisma.branch.findUnique({ where: { host: key } });
    this.cache.set(key, { branch, at: Date.now() });
    return branch;
  }

  async resolve(branchHostHeader: string | null | undefined, requestHostName: string | null | undefined) {
    const explicit = branchHostHeader?.trim();
    if (explicit) {
      const branch = await this.byHost(explicit);
      if (!branch) throw new AppError("BRANCH_NOT_FOUND", `Unknown branch "${explicit}".`);
      return branch;
    }
    const name = requestHostName?.split(":")[0]?.toLowerCase();
    if (name && name !== "localhost" && !/^[\d.]+$/.test(name)) {
      const branch = (await this.byHost(name)) ?? (await this.byHost(name.split(".")[0] ?? name));
      if (branch) return branch;
    }
    const fallback = await this.byHost(this.defaultHost);
    if (!fallback) throw new AppError("BRANCH_NOT_FOUND", `Unknown branch "${this.defaultHost}".`);
    return fallback;
  }
}
