import type { TerritoryZone } from "./api";

// GeoJSON import and export of a map's zones: a FeatureCollection whose features are the zones
// (Polygon or MultiPolygon), with name, color and description in their properties.

export const ZONE_PALETTE = ["#2563eb", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#dc2626", "#ca8a04", "#db2777"];

export type ImportedZone = {
  name: string;
  color: string;
  description: string;
  data: { type: string; coordinates: unknown };
};

type Feature = {
  type?: string;
  geometry?: { type?: string; coordinates?: unknown };
  properties?: Record<string, unknown>;
};

/** The zones in a GeoJSON text; throws an Error with a message a person can act on. */
export function parseZonesGeoJson(text: string, existingCount = 0): ImportedZone[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("The file is not valid JSON.");
  }
  const root = json as { type?: string; features?: Feature[] } & Feature;
  const features: Feature[] =
    root.type === "FeatureCollection"
      ? (root.features ?? [])
      : root.type === "Feature"
        ? [root]
        : root.type === "Polygon" || root.type === "MultiPolygon"
          ? [{ type: "Feature", geometry: root as Feature["geometry"], properties: {} }]
          : [];
  const zones = features
    .filter((f) => f.geometry?.type === "Polygon" || f.geometry?.type === "MultiPolygon")
    .map((f, i) => {
      const p = f.properties ?? {};
      const color = String(p.color ?? p.fill ?? p.stroke ?? "");
      return {
        name: String(p.name ?? p.NAME ?? p.title ?? `Imported zone ${i + 1}`).slice(0, 80),
        color: /^#[0-9a-f]{6}$/i.test(color) ? color : ZONE_PALETTE[(existingCount + i) % ZONE_PALETTE.length]!,
        description: String(p.description ?? "").slice(0, 500),
        data: { type: f.geometry!.type!, coordinates: f.geometry!.coordinates },
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
