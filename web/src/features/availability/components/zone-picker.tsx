import { useEffect, useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useHasPermission } from "@/lib/permissions";
import { useAvailabilityMaps, useAvailabilityMapZones } from "../api";

/** Zone choice: from the territory maps when the employee may read them, else a zone id. */
export function ZonePicker({ zoneId, onZone }: { zoneId: string; onZone: (id: string) => void }) {
  const has = useHasPermission();
  const canReadMaps = has("TERRITORY_MANAGEMENT") || has("MAPPING");
  const maps = useAvailabilityMaps(canReadMaps);
  const [mapId, setMapId] = useState("");
  const zones = useAvailabilityMapZones(mapId);
  useEffect(() => {
    const first = maps.data?.territoryMaps.find((m) => m.name === "Sales territories") ?? maps.data?.territoryMaps[0];
    if (!mapId && first) setMapId(first.id);
  }, [maps.data, mapId]);
  if (!canReadMaps)
    return (
      <FormField label="Zone id" description="Zones are named on the territories pages.">
        <Input value={zoneId} onChange={(e) => onZone(e.target.value.trim())} className="max-w-sm" />
      </FormField>
    );
  return (
    <div className="flex flex-wrap gap-3">
      <FormField label="Map" className="w-56">
        {(c) => (
          <Select
            value={mapId}
            onValueChange={(v) => {
              setMapId(v);
              onZone("");
            }}
          >
            <SelectTrigger {...c} className="w-full">
              <SelectValue placeholder="Choose a map…" />
            </SelectTrigger>
            <SelectContent>
              {(maps.data?.territoryMaps ?? []).map((m) => (
                <SelectItem key={m.id} value={m.id}>
                  {m.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Zone" className="w-56">
        {(c) => (
          <Select value={zoneId} onValueChange={onZone}>
            <SelectTrigger {...c} className="w-full">
              <SelectValue placeholder="Choose a zone…" />
            </SelectTrigger>
            <SelectContent>
              {(zones.data?.territoryMap.territoryZones ?? []).map((z) => (
                <SelectItem key={z.id} value={z.id}>
                  {z.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
    </div>
  );
}
