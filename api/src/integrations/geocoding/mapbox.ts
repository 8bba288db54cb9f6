import type { AddressSuggestion, AutocompleteRequest, Geocoder } from "./types.ts";

// A Mapbox-compatible Geocoding API v6 (forward search with autocomplete):
//   GET {baseUrl}/search/geocode/v6/forward?q=...&access_token=...&autocomplete=true&limit=5
//       &types=address,street,postcode&country=us,ca&language=en[&proximity=lon,lat]
// The answer is a GeoJSON FeatureCollection; each feature's properties carry name, full_address,
// coordinates {longitude, latitude} and context {address, street, postcode, place, district (the
// county in the US), region {region_code}, country}.

type Context = {
  address?: { name?: string; address_number?: string; street_name?: string };
  street?: { name?: string };
  postcode?: { name?: string };
  place?: { name?: string };
  locality?: { name?: string };
  district?: { name?: string };
  region?: { name?: string; region_code?: string };
  country?: { country_code?: string };
};

type Feature = {
  type?: string;
  geometry?: { type?: string; coordinates?: [number, number] };
  properties?: {
    feature_type?: string;
    name?: string;
    full_address?: string;
    place_formatted?: string;
    coordinates?: { longitude?: number; latitude?: number };
    context?: Context;
  };
};

export type MapboxOptions = { baseUrl: string; accessToken: string; timeoutMs: number };

export class GeocoderHttpError extends Error {}

export class MapboxGeocoder implements Geocoder {
  readonly name = "mapbox";
  constructor(private options: MapboxOptions) {}

  async autocomplete(req: AutocompleteRequest): Promise<AddressSuggestion[]> {
    const url = new URL("search/geocode/v6/forward", this.options.baseUrl.replace(/\/*$/, "/"));
    url.searchParams.set("q", req.query);
    url.searchParams.set("access_token", this.options.accessToken);
    url.searchParams.set("autocomplete", "true");
    url.searchParams.set("limit", String(Math.min(req.limit, 10)));
    url.searchParams.set("types", "address,street,postcode");
    url.searchParams.set("country", "us,ca");
    url.searchParams.set("language", "en");
    if (req.latitude != null && req.longitude != null)
      url.searchParams.set("proximity", `${req.longitude},${req.latitude}`);

    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (e) {
      throw new GeocoderHttpError(`request failed: ${e instanceof Error ? e.name : "error"}`);
    }
    if (!res.ok) throw new GeocoderHttpError(`HTTP ${res.status}`);
    const body = (await res.json().catch(() => null)) as { features?: Feature[] } | null;
    if (!body || !Array.isArray(body.features)) throw new GeocoderHttpError("unexpected response");
    return body.features.flatMap((f) => {
      const s = toSuggestion(f);
      return s ? [s] : [];
    });
  }
}

function toSuggestion(f: Feature): AddressSuggestion | null {
  const p = f.properties ?? {};
  const c = p.context ?? {};
  const latitude = p.coordinates?.latitude ?? f.geometry?.coordinates?.[1];
  const longitude = p.coordinates?.longitude ?? f.geometry?.coordinates?.[0];
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  const type = p.feature_type ?? "address";
  const address =
    type === "postcode"
      ? ""
      : (c.address?.name ??
        ([c.address?.address_number, c.address?.street_name].filter(Boolean).join(" ") || p.name || ""));
  const label = p.full_address ?? [p.name, p.place_formatted].filter(Boolean).join(", ");
  return {
    address,
    county: c.district?.name ?? null,
    label: label.replace(/, United States$|, Canada$/, ""),
    latitude,
    longitude,
    city: c.place?.name ?? c.locality?.name ?? null,
    state: c.region?.region_code ?? c.region?.name ?? null,
    postalCode: c.postcode?.name ?? (type === "postcode" ? (p.name ?? null) : null),
  };
}
