import * as maplibregl from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import { useEffect, useRef } from "react";
import { styleFor } from "@/features/territories/components/zone-map";

// The lead's pin on the territory maps' basemap (same style, same offline fallback). Its own chunk
// with MapLibre, loaded only when the lead has a geocode.

export default function LeadMap({
  latitude,
  longitude,
  basemap,
  dark,
  label,
}: {
  latitude: number;
  longitude: number;
  basemap: { styleUrl: string | null; pmtilesUrl: string | null };
  dark: boolean;
  label: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const { styleUrl, pmtilesUrl } = basemap;
  useEffect(() => {
    let gone = false;
    let map: maplibregl.Map | null = null;
    void styleFor({ styleUrl, pmtilesUrl, customerPoints: [] }, dark).then((style) => {
      if (gone || !el.current) return;
      map = new maplibregl.Map({
        container: el.current,
        style,
        center: [longitude, latitude],
        zoom: 13,
        attributionControl: false,
      });
      map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
      new maplibregl.Marker({ color: "#dc2626" }).setLngLat([longitude, latitude]).addTo(map);
    });
    return () => {
      gone = true;
      map?.remove();
    };
  }, [latitude, longitude, dark, styleUrl, pmtilesUrl]);
  return (
    <div ref={el} role="img" aria-label={label} className="h-56 w-full overflow-hidden rounded-md border sm:h-64" />
  );
}
