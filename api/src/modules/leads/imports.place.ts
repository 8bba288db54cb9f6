import { AppError } from "../../errors.ts";
import type { AddressSuggestion, Geocoder } from "../../integrations/geocoding/geocoder.ts";
import { geocoderFor } from "../../integrations/geocoding/geocoder.ts";
import type { Context } from "../../runtime.ts";
import { zoneIndex } from "../territories/lookups.service.ts";
import { type ArrivalPoint, geocodeArrival } from "./arrival.geocode.ts";

// Where a committed file's leads are: the same step as a lead arriving one at a time (acceptLead:
// geocodeArrival, then the zone of the branch's lead map its point falls in), done a batch at a time.
// The geocoder's answers are remembered for the file (rows of a file share streets and postal codes:
// the postal-code fallback of thousands of rows is one question), and the zone index is loaded once per
// batch, not once per lead.

export type PlaceRow = { leadId: string; address: string | null; city: string | null; postalCode: string | null };
export type Placed = ArrivalPoint & { id: string; zoneId: string | null };

/** Answers remembered per file; past this many distinct questions the memory starts again. */
const MEMO_LIMIT = 50_000;
/** Questions in flight at once (a remote geocoder is asked over HTTP). */
const CONCURRENCY = 8;

export class ImportPlacer {
  private readonly memo = new Map<string, Promise<AddressSuggestion[]>>();
  private readonly geocoder: Geocoder;

  constructor(private readonly ctx: Context) {
    const inner = geocoderFor(ctx.runtime);
    this.geocoder = {
      name: inner.name,
      autocomplete: (req) => {
        const key = `${req.limit}|${req.query}`;
        let answer = this.memo.get(key);
        if (!answer) {
          if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
          answer = inner.autocomplete(req);
          answer.catch(() => this.memo.delete(key));
          this.memo.set(key, answer);
        }
        return answer;
      },
    };
  }

  /** The points and zones of the rows the geocoder found (rows it did not find are left out). */
  async place(rows: readonly PlaceRow[]): Promise<Placed[]> {
    const todo = rows.filter((r) => r.address || r.postalCode);
    if (!todo.length) return [];
    const zoneAt = await this.zoner();
    const placed: Placed[] = [];
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const row = todo[next++]!;
        const point = await geocodeArrival(this.ctx, row, this.geocoder);
        if (point) placed.push({ id: row.leadId, ...point, zoneId: zoneAt(point.longitude, point.latitude) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
    return placed;
  }

  /** The zone of the branch's lead map a point lies in (leadZoneAt's answer), its index loaded once. */
  private async zoner(): Promise<(lng: number, lat: number) => string | null> {
    const config = await this.ctx.db.leadConfiguration.findUnique({
      where: { branchId: this.ctx.branch.id },
      select: { leadSegregationMapId: true },
    });
    const mapId = config?.leadSegregationMapId;
    if (!mapId) return () => null;
    const index = await zoneIndex(this.ctx, mapId).catch((e) => {
      if (e instanceof AppError && e.code === "NOT_FOUND") return null;
      throw e;
    });
    return (lng, lat) => index?.zoneAt(lng, lat)?.id ?? null;
  }
}
