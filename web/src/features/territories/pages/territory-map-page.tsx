import { ArrowLeftIcon, DownloadIcon, MapPinnedIcon, PencilIcon, PentagonIcon, UploadIcon, XIcon } from "lucide-react";
import { type ChangeEvent, lazy, Suspense, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useThemeMode } from "@/lib/preferences";
import type { RouteParams } from "@/lib/route-table";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { cn } from "@/lib/utils";
import {
  useAddZone,
  useEditMap,
  useRefreshTerritories,
  useTerritoryBasemap,
  useTerritoryMap,
  useUpdateAssignments,
  useUpdateZone,
  useUpdateZones,
} from "../api";
import { ZoneEditor } from "../components/zone-editor";
import type { Geometry } from "../components/zone-map";
import { downloadJson, parseZonesGeoJson, ZONE_PALETTE, zonesToGeoJson } from "../geojson";
import { useTerritoryPermissions } from "../permissions";

// MapLibre and terra-draw are a separate chunk: the zone list and editor show while it loads.
const ZoneMap = lazy(() => import("../components/zone-map"));

export default function TerritoryMapPage({ params }: { params: RouteParams }) {
  const mapId = params.territoryId ?? "";
  const map = useTerritoryMap(mapId);
  const basemap = useTerritoryBasemap();
  const { canEdit } = useTerritoryPermissions();
  const [themeMode] = useThemeMode();
  const refresh = useRefreshTerritories();
  const addZone = useAddZone({ successToast: "Zone added. Name it and choose who works it." });
  const updateZone = useUpdateZone({ successToast: "Zone outline saved." });
  const updateZones = useUpdateZones();
  const assign = useUpdateAssignments({ successToast: (r) => r.updateTerritoryMapAssignments.message });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [editingMap, setEditingMap] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const zones = map.data?.territoryMap.territoryZones ?? [];
  const selected = zones.find((z) => z.id === selectedId) ?? null;
  const shapes = useMemo(() => zones.map((z) => ({ id: z.id, name: z.name, color: z.color, data: z.data })), [zones]);

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
    if (r) setSelectedId(r.addTerritoryZone.id);
  };

  const onReshaped = async (id: string, geometry: Geometry) => {
    if (!(await updateZone.run({ input: { id, data: geometry } }))) await refresh(); // put the saved outline back
  };

  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    let imported: ReturnType<typeof parseZonesGeoJson>;
    try {
      imported = parseZonesGeoJson(await file.text(), zones.length);
    } catch (err) {
      return toast.error(describeMutationError(err)); // the file is not GeoJSON we can read
    }
    if (await updateZones.run({ input: { mapId, zones: imported } }))
      toast.success(imported.length === 1 ? "Imported 1 zone." : `Imported ${imported.length} zones.`);
  };

  const onAssign = async () => {
    await assign.run({ mapId });
  };

  if (map.isError) return <QueryError error={map.error} onRetry={() => map.refetch()} />;
  const title = map.data?.territoryMap.name ?? "Territory map";

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={title} />
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
          <>
            <Button variant="ghost" asChild>
              <Link href="/team/territories">
                <ArrowLeftIcon aria-hidden="true" />
                All maps
              </Link>
            </Button>
            {canEdit ? (
              <Button
                variant={drawing ? "secondary" : "default"}
                onClick={() => {
                  setSelectedId(null);
                  setDrawing((d) => !d);
                }}
                aria-pressed={drawing}
              >
                {drawing ? <XIcon aria-hidden="true" /> : <PentagonIcon aria-hidden="true" />}
                {drawing ? "Stop drawing" : "Draw zone"}
              </Button>
            ) : null}
            {canEdit ? (
              <>
                <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={updateZones.isPending}>
                  {updateZones.isPending ? <Spinner /> : <UploadIcon aria-hidden="true" />}
                  Import GeoJSON
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".geojson,.json,application/geo+json,application/json"
                  className="hidden"
                  aria-label="GeoJSON file to import"
                  onChange={onImport}
                />
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
              <Button variant="outline" onClick={onAssign} disabled={assign.isPending}>
                {assign.isPending ? <Spinner /> : <MapPinnedIcon aria-hidden="true" />}
                Place customers
              </Button>
            ) : null}
          </>
        }
      />
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
                onSelect={setSelectedId}
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
                <Button variant="ghost" size="sm" onClick={() => setSelectedId(null)}>
                  All zones
                </Button>
              </div>
              <ZoneEditor key={selected.id} zone={selected} canEdit={canEdit} onDeleted={() => setSelectedId(null)} />
            </>
          ) : (
            <>
              <h2 className="font-semibold">Zones</h2>
              {zones.length === 0 ? (
                <p className="text-muted-foreground text-sm">
                  No zones yet. {canEdit ? "Use Draw zone, or import a GeoJSON file." : ""}
                </p>
              ) : (
                <ul className="grid gap-1" aria-label="Zones">
                  {zones.map((z) => (
                    <li key={z.id}>
                      <button
                        type="button"
                        onClick={() => {
                          setDrawing(false);
                          setSelectedId(z.id);
                        }}
                        className={cn(
                          "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted",
                        )}
                      >
                        <span
                          aria-hidden="true"
                          className="size-3 shrink-0 rounded-sm border"
                          style={{ backgroundColor: z.color }}
                        />
                        <span className="min-w-0 flex-1 truncate">{z.name}</span>
                        <span className="shrink-0 text-muted-foreground text-xs">
                          {z.persons.map((p) => p.person.fullName).join(", ")}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Card>
      </div>
      {map.data ? (
        <EditMapDialog
          open={editingMap}
          onOpenChange={setEditingMap}
          mapId={mapId}
          name={map.data.territoryMap.name}
          description={map.data.territoryMap.description}
        />
      ) : null}
    </div>
  );
}

function EditMapDialog({
  open,
  onOpenChange,
  mapId,
  name: initialName,
  description: initialDescription,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  mapId: string;
  name: string;
  description: string;
}) {
  const edit = useEditMap();
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) {
          setName(initialName);
          setDescription(initialDescription);
          setError(null);
        }
        onOpenChange(o);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Rename map</DialogTitle>
          <DialogDescription>The map's name and what it is for.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await edit.mutateQuietly({ input: { id: mapId, name, description } });
              onOpenChange(false);
            } catch (err) {
              setError(describeMutationError(err)); // under the name field
            }
          }}
        >
          <FormField label="Map name" error={error ?? undefined}>
            <Input value={name} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label="Description">
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
          </FormField>
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? <Spinner /> : null}
            Save
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
