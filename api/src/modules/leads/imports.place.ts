import { AppError } from "../../errors.ts";
import type { AddressSuggestion, Geocoder } from "../../integrations/geocoding/geocoder.ts";
import { geocoderFor } from "../../integrations/geocoding/geocoder.ts";
import type { Context } from "../../runtime.ts";
import { zoneIndex } from "../territories/lookups.service.ts";
import { type ArrivalPoint, geocodeArrival, streetOnly } from "./arrival.geocode.ts";

// Where a committed file's leads are: the same step as a lead arriving one at a time (acceptLead:
// geocodeArrival, then the zone of the branch's lead map its point falls in), done a batch at a time.
// Rows of a file share streets and postal codes: each distinct address (its street line without the
// unit, city and postal code: all geocodeArrival reads) is placed once per file and its point remembered,
// as are the geocoder's answers (the postal-code fallback of thousands of rows is one question); the zone
// index is loaded once per batch, not once per lead. (The dry run does not geocode: there is no point
// of its to reuse.)

export type PlaceRow = { leadId: string; address: string | null; city: string | null; postalCode: string | null };
export type Placed = ArrivalPoint & { id: string; zoneId: string | null };

/** Answers remembered per file; past this many distinct questions the memory starts again. */
const MEMO_LIMIT = 50_000;
/** Questions in flight at once (a remote geocoder is asked over HTTP). */
const CONCURRENCY = 8;

export class ImportPlacer {
  private readonly memo = new Map<string, Promise<AddressSuggestion[]>>();
  /** The point of each distinct address placed so far (null: not found). */
  private readonly points = new Map<string, ArrivalPoint | null>();
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
    const todo = new Map<string, PlaceRow[]>();
    for (const r of rows) {
      if (!r.address && !r.postalCode) continue;
      const key = [streetOnly(r.address?.trim() ?? ""), r.city?.trim() ?? "", r.postalCode?.trim() ?? ""].join("|");
      const same = todo.get(key);
      if (same) same.push(r);
      else todo.set(key, [r]);
    }
    if (!todo.size) return [];
    const zoneAt = await this.zoner();
    if (this.points.size + todo.size > MEMO_LIMIT) this.points.clear();
    const ask = [...todo].filter(([key]) => !this.points.has(key));
    let next = 0;
    const worker = async () => {
      while (next < ask.length) {
        const [key, same] = ask[next++]!;
        this.points.set(key, await geocodeArrival(this.ctx, same[0]!, this.geocoder));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ask.length) }, worker));
    const placed: Placed[] = [];
    for (const [key, same] of todo) {
      const point = this.points.get(key);
      if (!point) continue;
      const zoneId = zoneAt(point.longitude, point.latitude);
      for (const r of same) placed.push({ id: r.leadId, ...point, zoneId });
    }
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
