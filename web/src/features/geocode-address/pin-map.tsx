import * as maplibregl from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import { useEffect, useRef } from "react";
import { styleFor } from "@/features/territories/components/zone-map";

// The map of the geocode-address page: the territory maps' basemap (same style, same offline
// fallback) with one draggable pin. A click or a drag moves the pin; `onMove` gets the new point.
// Loaded as its own chunk with MapLibre, only by this page.

export type Point = { latitude: number; longitude: number };

export default function PinMap({
  point,
  basemap,
  dark,
  onMove,
}: {
  point: Point | null;
  basemap: { styleUrl: string | null; pmtilesUrl: string | null };
  dark: boolean;
  onMove: (p: Point) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const marker = useRef<maplibregl.Marker | null>(null);
  const moved = useRef(onMove);
  moved.current = onMove;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once per theme and basemap
  useEffect(() => {
    let gone = false;
    void styleFor({ ...basemap, customerPoints: [] }, dark).then((style) => {
      if (gone || !el.current) return;
      const center: [number, number] = point ? [point.longitude, point.latitude] : [-97.74, 30.27];
      const m = new maplibregl.Map({
        container: el.current,
        style,
        center,
        zoom: point ? 13 : 9,
        attributionControl: false,
      });
      m.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
      const pin = new maplibregl.Marker({ draggable: true, color: "#dc2626" }).setLngLat(center);
      if (point) pin.addTo(m);
      pin.on("dragend", () => {
        const at = pin.getLngLat();
        moved.current({ latitude: at.lat, longitude: at.lng });
      });
      m.on("click", (e) => {
        pin.setLngLat(e.lngLat).addTo(m);
        moved.current({ latitude: e.lngLat.lat, longitude: e.lngLat.lng });
      });
      map.current = m;
      marker.current = pin;
    });
    return () => {
      gone = true;
      map.current?.remove();
      map.current = null;
    };
  }, [dark, basemap.styleUrl, basemap.pmtilesUrl]);

  // A point typed in the fields moves the pin too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new point moves the pin
  useEffect(() => {
    if (!point || !map.current || !marker.current) return;
    marker.current.setLngLat([point.longitude, point.latitude]).addTo(map.current);
  }, [point?.latitude, point?.longitude]);

  return (
    <div
      ref={el}
      role="application"
      aria-label="Map: click or drag the pin to where the address is"
      className="h-[420px] w-full overflow-hidden rounded-md border md:h-[520px]"
    />
  );
}
