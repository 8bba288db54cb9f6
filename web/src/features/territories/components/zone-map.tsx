import type { StyleSpecification } from "maplibre-gl";
import * as maplibregl from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef } from "react";
import { type GeoJSONStoreFeatures, TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from "terra-draw";
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { TerritoryBasemap } from "../api";

// The territory map: MapLibre GL with terra-draw on top. This module (MapLibre, terra-draw, the
// us-atlas shapes) is its own chunk, loaded only by the territory map page.
//
// Basemap, with no internet needed: a hosted style when the server names one (MAP_STYLE_URL), else
// the server's PMTiles archive drawn with the protomaps style (no labels: fonts would come from the
// internet), else a coarse map of US states and counties from the us-atlas package plus the branch's
// customer points.

export type ZoneShape = { id: string; name: string; color: string; data: { type: string; coordinates: unknown } };
export type Geometry = { type: "Polygon" | "MultiPolygon"; coordinates: unknown };

export type ZoneMapProps = {
  basemap: TerritoryBasemap;
  zones: ZoneShape[];
  selectedId: string | null;
  drawing: boolean;
  canEdit: boolean;
  dark: boolean;
  onSelect: (id: string | null) => void;
  onDrawn: (geometry: Geometry) => void;
  onReshaped: (id: string, geometry: Geometry) => void;
};

let protocolAdded = false;

// MapLibre loads its worker from a file next to its own module; the bundle moves that file, so say where.
maplibregl.setWorkerUrl(maplibreWorkerUrl);

async function offlineStyle(basemap: TerritoryBasemap, dark: boolean): Promise<StyleSpecification> {
  // The us-atlas shapes (about 1 MB) load only when this basemap is the one used.
  const [counties, states] = await Promise.all([
    import("us-atlas/counties-10m.json"),
    import("us-atlas/states-10m.json"),
  ]);
  const topoCounties = (counties.default ?? counties) as unknown as Topology;
  const topoStates = (states.default ?? states) as unknown as Topology;
  const c = dark
    ? { bg: "#0b1220", land: "#111827", county: "#263041", state: "#475569", point: "#93c5fd" }
    : { bg: "#dbeafe", land: "#f8fafc", county: "#d4d4d8", state: "#94a3b8", point: "#1d4ed8" };
  return {
    version: 8,
    sources: {
      states: {
        type: "geojson",
        data: feature(topoStates, topoStates.objects.states as GeometryCollection) as GeoJSON.FeatureCollection,
      },
      counties: {
        type: "geojson",
        data: feature(topoCounties, topoCounties.objects.counties as GeometryCollection) as GeoJSON.FeatureCollection,
      },
      customers: {
        type: "geojson",
        data: {
          type: "FeatureCollection",
          features: ((basemap.customerPoints ?? []) as [number, number][]).map((p) => ({
            type: "Feature",
            properties: {},
            geometry: { type: "Point", coordinates: p },
          })),
        },
      },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": c.bg } },
      { id: "land", type: "fill", source: "states", paint: { "fill-color": c.land } },
      { id: "counties", type: "line", source: "counties", paint: { "line-color": c.county, "line-width": 0.8 } },
      { id: "states", type: "line", source: "states", paint: { "line-color": c.state, "line-width": 1.6 } },
      {
        id: "customers",
        type: "circle",
        source: "customers",
        paint: {
          "circle-color": c.point,
          "circle-opacity": 0.75,
          "circle-radius": ["interpolate", ["linear"], ["zoom"], 6, 1.5, 12, 3.5],
        },
      },
    ],
  };
}

async function pmtilesStyle(url: string, dark: boolean): Promise<StyleSpecification> {
  const [{ Protocol }, { layers: protomapsLayers, namedFlavor }] = await Promise.all([
    import("pmtiles"),
    import("@protomaps/basemaps"),
  ]);
  if (!protocolAdded) {
    maplibregl.addProtocol("pmtiles", new Protocol().tile);
    protocolAdded = true;
  }
  return {
    version: 8,
    sources: {
      protomaps: {
        type: "vector",
        url: `pmtiles://${new URL(url, window.location.origin).href}`,
        attribution: "© OpenStreetMap contributors, Protomaps",
      },
    },
    // Labels need glyphs from the internet: keep the geometry layers only.
    layers: protomapsLayers("protomaps", namedFlavor(dark ? "dark" : "light"), { lang: "en" }).filter(
      (l) => l.type !== "symbol",
    ),
  };
}

/** The basemap's style (also used by the geocode-address page's map). */
export async function styleFor(basemap: TerritoryBasemap, dark: boolean): Promise<string | StyleSpecification> {
  if (basemap.styleUrl) return basemap.styleUrl;
  if (basemap.pmtilesUrl) return pmtilesStyle(basemap.pmtilesUrl, dark);
  return offlineStyle(basemap, dark);
}

function boundsOf(zones: ZoneShape[], points: [number, number][]): maplibregl.LngLatBounds | null {
  const b = new maplibregl.LngLatBounds();
  let any = false;
  const add = (p: unknown) => {
    if (Array.isArray(p) && typeof p[0] === "number") {
      b.extend(p as [number, number]);
      any = true;
    } else if (Array.isArray(p)) for (const q of p) add(q);
  };
  for (const z of zones) add(z.data.coordinates);
  if (!any) for (const p of points) add(p);
  return any ? b : null;
}

/** Coordinates rounded to 7 decimals (about 1 cm): terra-draw refuses more precision than it keeps. */
const rounded = (c: unknown): unknown =>
  typeof c === "number" ? Math.round(c * 1e7) / 1e7 : Array.isArray(c) ? c.map(rounded) : c;

/** Polygons are terra-draw features (selectable, reshapeable); MultiPolygons are drawn by a plain layer. */
const editable = (zones: ZoneShape[]): GeoJSONStoreFeatures[] =>
  zones
    .filter((z) => z.data.type === "Polygon")
    .map(
      (z) =>
        ({
          id: z.id,
          type: "Feature",
          properties: { mode: "polygon", color: z.color, name: z.name },
          geometry: { type: "Polygon", coordinates: rounded(z.data.coordinates) },
        }) as GeoJSONStoreFeatures,
    );

const multiParts = (zones: ZoneShape[]): GeoJSON.FeatureCollection => ({
  type: "FeatureCollection",
  features: zones
    .filter((z) => z.data.type === "MultiPolygon")
    .map((z) => ({
      type: "Feature",
      properties: { id: z.id, color: z.color },
      geometry: z.data as GeoJSON.MultiPolygon,
    })),
});

function showMultiParts(map: maplibregl.Map, zones: ZoneShape[]) {
  const source = map.getSource("zones-multi") as maplibregl.GeoJSONSource | undefined;
  if (source) source.setData(multiParts(zones));
}

export default function ZoneMap(props: ZoneMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const ready = useRef(false);
  const resyncing = useRef(false);
  const latest = useRef(props);
  latest.current = props;

  // the map and terra-draw, once
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later props are read through `latest`
  useEffect(() => {
    let cancelled = false;
    let map: maplibregl.Map | undefined;
    (async () => {
      const style = await styleFor(props.basemap, props.dark);
      if (cancelled || !container.current) return;
      map = new maplibregl.Map({
        container: container.current,
        style,
        center: [-97.74, 30.3],
        zoom: 9,
        attributionControl: { compact: true },
      });
      mapRef.current = map;
      map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
      const fit = boundsOf(latest.current.zones, (props.basemap.customerPoints ?? []) as [number, number][]);
      if (fit) map.fitBounds(fit, { padding: 40, duration: 0, maxZoom: 13 });
      const colorOf = (f: GeoJSONStoreFeatures) => (f.properties?.color as `#${string}`) ?? "#2563eb";
      const loadedMap = map;
      map.once("style.load", () => {
        const draw = new TerraDraw({
          adapter: new TerraDrawMapLibreGLAdapter({ map: loadedMap }),
          modes: [
            new TerraDrawPolygonMode({
              styles: {
                fillColor: (f) => colorOf(f),
                outlineColor: (f) => colorOf(f),
                fillOpacity: 0.25,
                outlineWidth: 2,
              },
            }),
            new TerraDrawSelectMode({
              flags: {
                polygon: {
                  feature: {
                    draggable: latest.current.canEdit,
                    coordinates: latest.current.canEdit
                      ? { midpoints: true, draggable: true, deletable: true }
                      : undefined,
                  },
                },
              },
              styles: {
                selectedPolygonColor: (f) => colorOf(f),
                selectedPolygonOutlineColor: (f) => colorOf(f),
                selectedPolygonFillOpacity: 0.4,
                selectedPolygonOutlineWidth: 3,
              },
            }),
          ],
        });
        draw.start();
        drawRef.current = draw;
        ready.current = true;
        draw.addFeatures(editable(latest.current.zones));
        loadedMap.addSource("zones-multi", { type: "geojson", data: multiParts(latest.current.zones) });
        loadedMap.addLayer({
          id: "zones-multi-fill",
          type: "fill",
          source: "zones-multi",
          paint: { "fill-color": ["get", "color"], "fill-opacity": 0.25 },
        });
        loadedMap.addLayer({
          id: "zones-multi-line",
          type: "line",
          source: "zones-multi",
          paint: { "line-color": ["get", "color"], "line-width": 2 },
        });
        loadedMap.on("click", "zones-multi-fill", (e) => {
          const id = e.features?.[0]?.properties?.id;
          if (id && !latest.current.drawing) latest.current.onSelect(String(id));
        });
        draw.setMode(latest.current.drawing ? "polygon" : "select");
        if (latest.current.selectedId) safeSelect(draw, latest.current.selectedId);
        // Redrawing the zones (below) deselects and selects again: that is no choice of the person's.
        draw.on("select", (id) => resyncing.current || latest.current.onSelect(String(id)));
        draw.on("deselect", () => resyncing.current || latest.current.onSelect(null));
        draw.on("finish", (id, context) => {
          const f = draw.getSnapshotFeature(id);
          if (!f) return;
          const geometry = f.geometry as Geometry;
          if (context.mode === "polygon" && context.action === "draw") {
            draw.removeFeatures([id]);
            latest.current.onDrawn(geometry);
          } else if (context.mode === "select") latest.current.onReshaped(String(id), geometry);
        });
        container.current?.setAttribute("data-map-ready", "true");
      });
    })();
    return () => {
      cancelled = true;
      ready.current = false;
      try {
        drawRef.current?.stop();
      } catch {
        // the map may already be gone
      }
      map?.remove();
    };
  }, []);

  // zones changed (saved, renamed, recoloured, deleted): replace the drawn features
  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || !ready.current) return;
    const wasSelected = latest.current.selectedId;
    resyncing.current = true;
    try {
      draw.clear();
      draw.addFeatures(editable(props.zones));
      if (mapRef.current) showMultiParts(mapRef.current, props.zones);
      if (wasSelected) safeSelect(draw, wasSelected);
    } finally {
      resyncing.current = false;
    }
  }, [props.zones]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || !ready.current) return;
    draw.setMode(props.drawing ? "polygon" : "select");
  }, [props.drawing]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || !ready.current || props.drawing) return;
    if (props.selectedId) safeSelect(draw, props.selectedId);
    const map = mapRef.current;
    const zone = props.zones.find((z) => z.id === props.selectedId);
    const b = zone && boundsOf([zone], []);
    if (map && b && !map.getBounds().contains(b.getCenter())) map.fitBounds(b, { padding: 60, maxZoom: 13 });
  }, [props.selectedId, props.drawing, props.zones]);

  return (
    <div
      ref={container}
      data-testid="zone-map"
      className="h-full min-h-[22rem] w-full overflow-hidden rounded-md border"
      role="application"
      aria-label="Territory map: zones drawn on the map"
    />
  );
}

function safeSelect(draw: TerraDraw, id: string) {
  try {
    if (draw.getMode() === "select" && draw.getSnapshotFeature(id)) draw.selectFeature(id);
  } catch {
    // selecting is a convenience: a feature that is not there yet is ignored
  }
}
