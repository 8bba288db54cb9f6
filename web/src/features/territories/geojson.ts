import type { TerritoryZone } from "./api";

// GeoJSON import and export of a map's zones: a FeatureCollection whose features are the zones
// (Polygon or MultiPolygon), with the zone's id, name, color and description in their properties.

export const ZONE_PALETTE = ["#2563eb", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#dc2626", "#ca8a04", "#db2777"];

/** A zone of an imported file, as the import takes it (zone-import-api.ts). */
export type ImportedZone = {
  /** The zone id in the feature's properties (the export writes it): the zone it updates. */
  id?: string;
  name: string;
  /** Left out when the file has none: a matched zone keeps its colour, a new one gets the palette's. */
  color?: string;
  description?: string;
  type: string;
  coordinates: unknown;
};

/** More features than a map may hold are refused before any is looked at (the server's limit too). */
export const MAX_IMPORT_ZONES = 500;

type Feature = {
  type?: string;
  id?: unknown;
  geometry?: { type?: string; coordinates?: unknown };
  properties?: Record<string, unknown> | null;
};

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : undefined);

/** The zones in a GeoJSON text; throws an Error with a message a person can act on. */
export function parseZonesGeoJson(source: string): ImportedZone[] {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch {
    throw new Error("The file is not valid JSON.");
  }
  const root = (json ?? {}) as { type?: string; features?: unknown } & Feature;
  const features: Feature[] =
    root.type === "FeatureCollection"
      ? Array.isArray(root.features)
        ? root.features
        : []
      : root.type === "Feature"
        ? [root]
        : root.type === "Polygon" || root.type === "MultiPolygon"
          ? [{ type: "Feature", geometry: root as Feature["geometry"], properties: {} }]
          : [];
  if (features.length > MAX_IMPORT_ZONES)
    throw new Error(`A map can have at most ${MAX_IMPORT_ZONES} zones; the file has ${features.length} features.`);
  const zones = features
    .filter((f) => f?.geometry?.type === "Polygon" || f?.geometry?.type === "MultiPolygon")
    .map((f, i): ImportedZone => {
      const p = f.properties ?? {};
      const color = text(p.color ?? p.fill ?? p.stroke);
      const description = text(p.description);
      return {
        id: text(p.id ?? f.id),
        name: (text(p.name ?? p.NAME ?? p.title) ?? `Imported zone ${i + 1}`).slice(0, 80),
        color: color && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined,
        description: description?.slice(0, 500),
        type: f.geometry!.type!,
        coordinates: f.geometry!.coordinates,
      };
    });
  if (!zones.length) throw new Error("The file has no Polygon or MultiPolygon features.");
  return zones;
}

export function zonesToGeoJson(zones: TerritoryZone[]) {
  return {
    type: "FeatureCollection",
    features: zones.map((z) => ({
      type: "Feature",
      id: z.id,
      properties: {
        id: z.id, // what an import of the edited file matches the zone by
        name: z.name,
        color: z.color,
        description: z.description,
        warehouse: z.warehouse?.name ?? null,
        leadSources: z.leadSources.map((s) => s.sourceName),
        persons: z.persons.map((p) => p.person.fullName),
      },
      geometry: z.data,
    })),
  };
}

export function downloadJson(fileName: string, value: unknown) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: "application/geo+json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
