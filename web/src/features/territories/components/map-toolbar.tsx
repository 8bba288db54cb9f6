import { ArrowLeftIcon, DownloadIcon, MapPinnedIcon, PentagonIcon, UploadIcon, XIcon } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { Spinner } from "@/components/ui/spinner";
import { type TerritoryZone, useUpdateAssignments } from "../api";
import { downloadJson, parseZonesGeoJson, zonesToGeoJson } from "../geojson";
import { type ImportFile, ZoneImportDialog } from "./zone-import-dialog";

/** The map page's actions: back to the maps, draw, import (with its preview), export, place customers. */
export function MapToolbar({
  mapId,
  title,
  zones,
  canEdit,
  drawing,
  onToggleDrawing,
}: {
  mapId: string;
  title: string;
  zones: TerritoryZone[];
  canEdit: boolean;
  drawing: boolean;
  onToggleDrawing: () => void;
}) {
  const assign = useUpdateAssignments({ successToast: (r) => r.updateTerritoryMapAssignments.message });
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ImportFile | null>(null);

  const onChoose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = "";
    if (!chosen) return;
    try {
      setFile({ name: chosen.name, zones: parseZonesGeoJson(await chosen.text()) });
    } catch (err) {
      setFile({ name: chosen.name, error: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <>
      <LinkButton href="/team/territories" variant="ghost" icon={ArrowLeftIcon}>
        All maps
      </LinkButton>
      {canEdit ? (
        <>
          <Button variant={drawing ? "secondary" : "default"} onClick={onToggleDrawing} aria-pressed={drawing}>
            {drawing ? <XIcon aria-hidden="true" /> : <PentagonIcon aria-hidden="true" />}
            {drawing ? "Stop drawing" : "Draw zone"}
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()}>
            <UploadIcon aria-hidden="true" />
            Import GeoJSON
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            className="hidden"
            aria-label="GeoJSON file to import"
            onChange={onChoose}
          />
          <ZoneImportDialog mapId={mapId} file={file} onClose={() => setFile(null)} />
        </>
      ) : null}
      <Button
        variant="outline"
        disabled={!zones.length}
        onClick={() => downloadJson(`${title}.geojson`, zonesToGeoJson(zones))}
      >
        <DownloadIcon aria-hidden="true" />
        Export GeoJSON
      </Button>
      {canEdit ? (
        <Button variant="outline" onClick={() => assign.run({ mapId })} disabled={assign.isPending}>
          {assign.isPending ? <Spinner /> : <MapPinnedIcon aria-hidden="true" />}
          Place customers
        </Button>
      ) : null}
    </>
  );
}
