import type { GeocodeConfidence } from "../../generated/prisma/enums.ts";
import { type AddressSuggestion, type Geocoder, geocoderFor } from "../../integrations/geocoding/geocoder.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";

// Where an arriving lead is, when its sender gave an address but no coordinates: asked of the product's
// geocoder (the embedded one by default: the streets and postal codes of the branch's own service
// addresses; a Mapbox-compatible service when configured), so that acceptLead places the lead in its
// zone of the lead map. Tried in order, the first answer kept:
//   1. the street (with its house number, without the unit) in the lead's postal code: HIGH;
//   2. the street in the lead's city: HIGH;
//   3. the postal code alone (the centre of its known addresses): LOW.
// Nothing found, or the geocoder failing, leaves the lead without a point (UNKNOWN): it is stored all
// the same, without a zone, and can be placed by hand later.

type Address = { address?: unknown; city?: unknown; postalCode?: unknown };
export type ArrivalPoint = { latitude: number; longitude: number; geocodeConfidence: GeocodeConfidence };

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const sameZip = (a: string, b: string) => a.slice(0, 5).toUpperCase() === b.slice(0, 5).toUpperCase();

/** The street line without its unit ("12 Elm St Apt 4" -> "12 Elm St"): units are not in a street index. */
export function streetOnly(address: string): string {
  return address
    .replace(/\s*(?:,|\b(?:apt|apartment|unit|suite|ste|bldg|building|fl|floor|rm|room|lot|trlr)\b\.?|#).*$/i, "")
    .trim();
}

/**
 * The geocoded point of a lead with an address and no coordinates; null when none was found. A CSV
 * import passes its own geocoder (the product's, its answers remembered for the file).
 */
export async function geocodeArrival(
  ctx: Context,
  lead: Address,
  geocoder: Geocoder = geocoderFor(ctx.runtime),
): Promise<ArrivalPoint | null> {
  const street = streetOnly(str(lead.address));
  const [city, postal] = [str(lead.city), str(lead.postalCode)];
  const hasNumber = /^\d/.test(street);
  const tries: { query: string; pick: (s: AddressSuggestion) => boolean; confidence: GeocodeConfidence }[] = [];
  const onStreet = (s: AddressSuggestion) => !!s.address;
  if (street && hasNumber && postal)
    tries.push({
      query: `${street} ${postal}`,
      pick: (s) => onStreet(s) && (!s.postalCode || sameZip(s.postalCode, postal)),
      confidence: "HIGH",
    });
  if (street && hasNumber && city)
    tries.push({
      query: `${street} ${city}`,
      pick: (s) => onStreet(s) && (!s.city || s.city.toLowerCase() === city.toLowerCase()),
      confidence: "HIGH",
    });
  if (postal)
    tries.push({ query: postal, pick: (s) => !!s.postalCode && sameZip(s.postalCode, postal), confidence: "LOW" });
  if (!tries.length) return null;
  try {
    for (const t of tries) {
      const found = await geocoder.autocomplete({ branchId: ctx.branch.id, query: t.query.slice(0, 200), limit: 5 });
      const hit = found.find(t.pick);
      if (hit) return { latitude: hit.latitude, longitude: hit.longitude, geocodeConfidence: t.confidence };
    }
  } catch (error) {
    log.warn("arriving lead not geocoded: the geocoder failed", { error, geocoder: geocoder.name });
  }
  return null;
}
