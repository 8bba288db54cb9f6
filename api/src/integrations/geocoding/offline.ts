import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { AddressSuggestion, AutocompleteRequest, Geocoder } from "./types.ts";

// The embedded default: no outside service. It knows the streets of the branch's service addresses
// (each street in each postal code, at the mean position of the known addresses on it) and the
// postal-code centroids computed from the same addresses. Individual customers' addresses are never
// returned (the autocomplete is public): a typed house number is put in front of a known street.
// Ranking: text match first (every word must match, whole words beat prefixes), then distance from
// the given point.

const INDEX_TTL_MS = 5 * 60_000;

type Entry = {
  kind: "street" | "postalCode";
  streetName: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** Normalized words; for streets the first `streetWords` are the street name's. */
  words: string[];
  streetWords: number;
};

// USPS street suffixes and directions: both spellings match each other.
const SYNONYMS: Record<string, string> = {
  ave: "avenue",
  st: "street",
  dr: "drive",
  ln: "lane",
  rd: "road",
  ct: "court",
  cv: "cove",
  trl: "trail",
  blvd: "boulevard",
  pkwy: "parkway",
  hwy: "highway",
  pl: "place",
  cir: "circle",
  ter: "terrace",
  sq: "square",
  n: "north",
  s: "south",
  e: "east",
  w: "west",
  ne: "northeast",
  nw: "northwest",
  se: "southeast",
  sw: "southwest",
  mt: "mount",
  ft: "fort",
};
const CANONICAL: Record<string, string> = Object.fromEntries(Object.entries(SYNONYMS).map(([a, b]) => [b, a]));

export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => CANONICAL[w] ?? w);
}

/** How well a typed word matches a known word: 2 whole word, 1 prefix, 0 not at all. */
function wordScore(typed: string, known: string): number {
  if (typed === known) return 2;
  if (known.startsWith(typed)) return 1;
  const full = SYNONYMS[known];
  if (full) {
    if (full === typed) return 2;
    if (full.startsWith(typed)) return 1;
  }
  return 0;
}

export function haversineKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "1100 Congress" -> house number "1100" and the rest; "78701" stays a query (a postal code). */
export function splitHouseNumber(query: string): { houseNumber: string | null; rest: string } {
  const m = /^\s*(\d+[a-z]?(?:-\d+)?)\s+(.*\S.*)$/i.exec(query);
  if (m && /[a-z]/i.test(m[2]!)) return { houseNumber: m[1]!, rest: m[2]! };
  return { houseNumber: null, rest: query };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export class OfflineGeocoder implements Geocoder {
  readonly name = "offline";
  private indexes = new Map<string, { at: number; entries: Promise<Entry[]> }>();

  constructor(private prisma: PrismaClient) {}

  private index(branchId: string): Promise<Entry[]> {
    const cached = this.indexes.get(branchId);
    if (cached && Date.now() - cached.at < INDEX_TTL_MS) return cached.entries;
    const entries = this.build(branchId);
    this.indexes.set(branchId, { at: Date.now(), entries });
    entries.catch(() => this.indexes.delete(branchId));
    return entries;
  }

  private async build(branchId: string): Promise<Entry[]> {
    const rows = await this.prisma.serviceAddress.findMany({
      where: { branchId, latitude: { not: null }, longitude: { not: null } },
      select: { streetName: true, city: true, state: true, postalCode: true, latitude: true, longitude: true },
    });
    type Acc = Omit<Entry, "latitude" | "longitude" | "words" | "streetWords"> & {
      lat: number;
      lng: number;
      n: number;
    };
    const streets = new Map<string, Acc>();
    const zips = new Map<string, Acc>();
    const add = (
      map: Map<string, Acc>,
      key: string,
      base: Omit<Acc, "lat" | "lng" | "n">,
      lat: number,
      lng: number,
    ) => {
      const a = map.get(key);
      if (a) {
        a.lat += lat;
        a.lng += lng;
        a.n += 1;
      } else map.set(key, { ...base, lat, lng, n: 1 });
    };
    for (const r of rows) {
      const streetName = r.streetName.trim().replace(/\s+/g, " ");
      const postalCode = r.postalCode.trim();
      if (!postalCode) continue;
      const base = { city: r.city.trim(), state: r.state.trim().toUpperCase(), postalCode };
      if (streetName)
        add(
          streets,
          `${streetName.toLowerCase()}|${postalCode}`,
          { kind: "street", streetName, ...base },
          r.latitude!,
          r.longitude!,
        );
      add(zips, postalCode, { kind: "postalCode", streetName: "", ...base }, r.latitude!, r.longitude!);
    }
    const entries: Entry[] = [];
    for (const a of [...streets.values(), ...zips.values()]) {
      const streetWords = a.kind === "street" ? normalizeWords(a.streetName) : [];
      entries.push({
        kind: a.kind,
        streetName: a.streetName,
        city: a.city,
        state: a.state,
        postalCode: a.postalCode,
        latitude: round6(a.lat / a.n),
        longitude: round6(a.lng / a.n),
        words: [...streetWords, ...normalizeWords(`${a.city} ${a.state} ${a.postalCode}`)],
        streetWords: streetWords.length,
      });
    }
    return entries;
  }

  async autocomplete(req: AutocompleteRequest): Promise<AddressSuggestion[]> {
    const { houseNumber, rest } = splitHouseNumber(req.query);
    const typed = normalizeWords(rest);
    if (!typed.length) return [];
    const entries = await this.index(req.branchId);
    const near = req.latitude != null && req.longitude != null ? { lat: req.latitude, lng: req.longitude } : null;

    const scored: { e: Entry; score: number; km: number }[] = [];
    for (const e of entries) {
      if (houseNumber && e.kind !== "street") continue;
      let score = 0;
      let streetHit = false;
      let all = true;
      for (const t of typed) {
        let best = 0;
        for (let i = 0; i < e.words.length; i++) {
          const s = wordScore(t, e.words[i]!);
          if (s > best) best = s;
          if (s > 0 && i < e.streetWords) streetHit = true;
        }
        if (!best) {
          all = false;
          break;
        }
        score += best;
      }
      if (!all) continue;
      // a street must be found by its name, not only by its city or postal code
      if (e.kind === "street" && !streetHit) continue;
      const km = near ? haversineKm(near.lat, near.lng, e.latitude, e.longitude) : 0;
      scored.push({ e, score, km });
    }
    scored.sort(
      (a, b) => b.score - a.score || a.km - b.km || label(a.e, houseNumber).localeCompare(label(b.e, houseNumber)),
    );
    return scored.slice(0, req.limit).map(({ e }) => ({
      address: e.kind === "street" ? (houseNumber ? `${houseNumber} ${e.streetName}` : e.streetName) : "",
      county: null,
      label: label(e, houseNumber),
      latitude: e.latitude,
      longitude: e.longitude,
      city: e.city || null,
      state: e.state || null,
      postalCode: e.postalCode || null,
    }));
  }
}

function label(e: Entry, houseNumber: string | null): string {
  const place = `${e.city}, ${e.state} ${e.postalCode}`.trim();
  if (e.kind === "postalCode") return place;
  return `${houseNumber ? `${houseNumber} ` : ""}${e.streetName}, ${place}`;
}
