import type { Config } from "../../config.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import { MapboxGeocoder } from "./mapbox.ts";
import { OfflineGeocoder } from "./offline.ts";
import type { AddressSuggestion, AutocompleteRequest, Geocoder } from "./types.ts";

// Address autocomplete behind one interface (DESIGN.md "Real components"): the embedded default
// answers from the branch's own service addresses (streets and postal-code centroids computed from
// them); GEOCODER_PROVIDER=mapbox asks a Mapbox-compatible Geocoding API v6 at GEOCODER_URL and
// falls back to the offline answer when the provider fails. See docs/decisions/0203-address-autocomplete.md.

export type { AddressSuggestion, AutocompleteRequest, Geocoder } from "./types.ts";

export const AUTOCOMPLETE_MIN_LENGTH = 3;
export const AUTOCOMPLETE_MAX_LENGTH = 200;

/** A provider that falls back to another (the offline default) when it fails or times out. */
export class FallbackGeocoder implements Geocoder {
  readonly name: string;
  constructor(
    private primary: Geocoder,
    private fallback: Geocoder,
  ) {
    this.name = `${primary.name}+${fallback.name}`;
  }

  async autocomplete(request: AutocompleteRequest): Promise<AddressSuggestion[]> {
    try {
      return await this.primary.autocomplete(request);
    } catch (error) {
      log.warn("geocoder failed; answering from the offline index", {
        provider: this.primary.name,
        error: error instanceof Error ? error.message : String(error),
      });
      return this.fallback.autocomplete(request);
    }
  }
}

export function createGeocoder(config: Config, prisma: PrismaClient): Geocoder {
  const offline = new OfflineGeocoder(prisma);
  if (config.GEOCODER_PROVIDER === "mapbox") {
    const mapbox = new MapboxGeocoder({
      baseUrl: config.GEOCODER_URL ?? "https://api.mapbox.com",
      accessToken: config.GEOCODER_API_KEY ?? "",
      timeoutMs: config.GEOCODER_TIMEOUT_MS,
    });
    return new FallbackGeocoder(mapbox, offline);
  }
  return offline;
}

const perRuntime = new WeakMap<object, Geocoder>();

/** One geocoder per running server (keyed by its runtime object), built on first use. */
export function geocoderFor(runtime: { config: Config; prisma: PrismaClient }): Geocoder {
  let g = perRuntime.get(runtime);
  if (!g) {
    g = createGeocoder(runtime.config, runtime.prisma);
    perRuntime.set(runtime, g);
  }
  return g;
}
