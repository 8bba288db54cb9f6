import { PencilIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useThemeMode } from "@/lib/preferences";
import type { RouteParams } from "@/lib/route-table";
import { useAddZone, useEditMap, useTerritoryBasemap, useTerritoryMap } from "../api";
import { ImportUndoNotice } from "../components/import-undo-notice";
import { MapToolbar } from "../components/map-toolbar";
import { RenameDialog } from "../components/rename-dialog";
import { useOutlineUndo } from "../components/use-outline-undo";
import { ZoneEditor } from "../components/zone-editor";
import { ZoneList } from "../components/zone-list";
import type { Geometry } from "../components/zone-map";
import { ZONE_PALETTE } from "../geojson";
import { useTerritoryPermissions } from "../permissions";

// MapLibre and terra-draw are a separate chunk: the zone list and editor show while it loads.
const ZoneMap = lazy(() => import("../components/zone-map"));

/** Leaving a zone whose name, colour or description was changed and not saved asks first. */
const DISCARD = "The zone has unsaved changes. Leave it without saving them?";

export default function TerritoryMapPage({ params }: { params: RouteParams }) {
  const mapId = params.territoryId ?? "";
  const map = useTerritoryMap(mapId);
  const basemap = useTerritoryBasemap();
  const { canEdit } = useTerritoryPermissions();
  const [themeMode] = useThemeMode();
  const addZone = useAddZone({ successToast: "Zone added. Name it and choose who works it." });
  const editMap = useEditMap();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [editingMap, setEditingMap] = useState(false);
  const editorDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    editorDirty.current = dirty;
  }, []);

  const zones = map.data?.territoryMap.territoryZones ?? [];
  const selected = zones.find((z) => z.id === selectedId) ?? null;
  const shapes = useMemo(() => zones.map((z) => ({ id: z.id, name: z.name, color: z.color, data: z.data })), [zones]);
  const { onReshaped } = useOutlineUndo(zones);

  /** Another zone (or none) in the editor, once unsaved changes of the open one are confirmed lost. */
  const choose = (id: string | null) => {
    if (id !== selectedId && editorDirty.current && !window.confirm(DISCARD)) return false;
    setSelectedId(id);
    return true;
  };

  const onDrawn = async (geometry: Geometry) => {
    setDrawing(false);
    const r = await addZone.run({
      input: {
        mapId,
        name: `Zone ${zones.length + 1}`,
        color: ZONE_PALETTE[zones.length % ZONE_PALETTE.length],
        data: geometry,
      },
    });
    if (r) choose(r.addTerritoryZone.id);
  };

  if (map.isError) return <QueryError error={map.error} onRetry={() => map.refetch()} />;
  const title = map.data?.territoryMap.name ?? "Territory map";

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={title} />
      <BreadcrumbTitle title={map.data?.territoryMap.name} />
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {title}
            {canEdit && map.data ? (
              <Button variant="ghost" size="icon-sm" aria-label="Rename map" onClick={() => setEditingMap(true)}>
                <PencilIcon aria-hidden="true" />
              </Button>
            ) : null}
          </span>
        }
        description={map.data?.territoryMap.description || "Draw and edit the zones of a territory map."}
        actions={
          <MapToolbar
            mapId={mapId}
            title={title}
            zones={zones}
            canEdit={canEdit}
            drawing={drawing}
            onToggleDrawing={() => choose(null) && setDrawing((d) => !d)}
          />
        }
      />
      {canEdit ? <ImportUndoNotice undoable={map.data?.territoryMap.undoableImport} /> : null}
      {drawing ? (
        <p role="status" className="rounded-md border border-info/40 bg-info/10 px-3 py-2 text-sm">
          Click on the map to add the zone's corners; click the first corner again to close it.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="h-[55vh] min-h-[22rem] lg:h-[calc(100vh-14rem)]">
          {basemap.data && map.data ? (
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <ZoneMap
                key={themeMode}
                basemap={basemap.data.territoryBasemap}
                zones={shapes}
                selectedId={selectedId}
                drawing={drawing}
                canEdit={canEdit}
                dark={themeMode === "dark"}
                onSelect={choose}
                onDrawn={onDrawn}
                onReshaped={onReshaped}
              />
            </Suspense>
          ) : basemap.isError ? (
            <QueryError error={basemap.error} onRetry={() => basemap.refetch()} />
          ) : (
            <Skeleton className="h-full w-full" />
          )}
        </div>
        <Card className="gap-3 p-4 lg:max-h-[calc(100vh-14rem)] lg:overflow-y-auto">
          {map.isPending ? (
            <Skeleton className="h-40" />
          ) : selected ? (
            <>
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold">{selected.name}</h2>
                <Button variant="ghost" size="sm" onClick={() => choose(null)}>
                  All zones
                </Button>
              </div>
              <ZoneEditor
                key={selected.id}
                zone={selected}
                canEdit={canEdit}
                onDeleted={() => setSelectedId(null)}
                onDirtyChange={onDirtyChange}
              />
            </>
          ) : (
            <ZoneList zones={zones} canEdit={canEdit} onChoose={(id) => choose(id) && setDrawing(false)} />
          )}
        </Card>
      </div>
      {map.data ? (
        <RenameDialog
          what="Map"
          max={80}
          describes
          item={map.data.territoryMap}
          open={editingMap}
          onOpenChange={setEditingMap}
          description="The map's name and what it is for."
          refusalLabel="map name"
          pending={editMap.isPending}
          onSave={(id, { name, description = "" }) => editMap.mutateQuietly({ input: { id, name, description } })}
        />
      ) : null}
    </div>
  );
}
