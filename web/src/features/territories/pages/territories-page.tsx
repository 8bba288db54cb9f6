import { CopyIcon, MapIcon, Trash2Icon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { PageLinks } from "@/components/page-links";
import { QueryError } from "@/components/shell/query-error";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { type TerritoryMapSummary, useAddMap, useDeleteMap, useDuplicateMap, useTerritoryMaps } from "../api";
import { AddByNameForm } from "../components/add-by-name-form";
import { DeleteDialog } from "../components/delete-dialog";
import { MapUsageSettings } from "../components/map-usage-settings";
import { NamedRow } from "../components/named-row";
import { useTerritoryPermissions } from "../permissions";

/** The territory maps (add, duplicate, delete; a new map opens at once) and what each map is used for. */
export default function TerritoriesPage() {
  const maps = useTerritoryMaps();
  const { canEdit } = useTerritoryPermissions();
  const [, navigate] = useLocation();
  const add = useAddMap();
  const duplicate = useDuplicateMap({ successToast: (r) => `Created "${r.duplicateTerritoryMap.name}".` });
  const remove = useDeleteMap();
  const [deleting, setDeleting] = useState<TerritoryMapSummary | null>(null);

  const onAdd = async (name: string) => {
    const r = await add.mutateQuietly({ name });
    navigate(`/team/territories/${r.addTerritoryMap.id}`);
  };
  const onDuplicate = (m: TerritoryMapSummary) => duplicate.run({ mapId: m.id });

  return (
    <ListPage
      title="Territories"
      description="Territory maps and their zones, warehouses and lead sources."
      actions={<PageLinks links={[{ href: "/team/territories/roles", icon: UsersIcon, label: "Territory roles" }]} />}
    >
      {maps.isPending ? (
        <Card className="grid gap-2 p-4">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </Card>
      ) : maps.isError ? (
        <QueryError error={maps.error} onRetry={() => maps.refetch()} />
      ) : (
        <>
          <Card className="gap-0 py-0">
            {maps.data.territoryMaps.length === 0 ? (
              <EmptyState
                className="py-10"
                icon={<MapIcon aria-hidden="true" />}
                title="No territory maps yet"
                description="Add a map, then draw its zones."
              />
            ) : (
              <ul className="divide-y" aria-label="Territory maps">
                {maps.data.territoryMaps.map((m) => (
                  <NamedRow
                    key={m.id}
                    title={
                      <Link href={`/team/territories/${m.id}`} className="font-medium hover:underline">
                        {m.name}
                      </Link>
                    }
                    detail={`${m.zoneCount === 1 ? "1 zone" : `${m.zoneCount} zones`}${m.description ? ` · ${m.description}` : ""}`}
                    actions={
                      canEdit
                        ? [
                            {
                              label: "Duplicate",
                              icon: CopyIcon,
                              ariaLabel: `Duplicate ${m.name}`,
                              onClick: () => onDuplicate(m),
                              disabled: duplicate.isPending,
                            },
                            {
                              label: "Delete",
                              icon: Trash2Icon,
                              ariaLabel: `Delete ${m.name}`,
                              onClick: () => setDeleting(m),
                            },
                          ]
                        : undefined
                    }
                  />
                ))}
              </ul>
            )}
            {canEdit ? (
              <AddByNameForm
                what="Map"
                max={80}
                label="New map"
                placeholder="e.g. Delivery zones"
                submitLabel="Add map"
                onAdd={onAdd}
              />
            ) : null}
          </Card>
          <MapUsageSettings
            usage={maps.data.territoryMapsUsage}
            maps={maps.data.territoryMaps}
            roles={maps.data.personTerritoryRoles}
            canEdit={canEdit}
          />
        </>
      )}
      <DeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete "${deleting?.name ?? ""}"?`}
        description="The map and all its zones are deleted."
        remove={async (confirm) => (await remove.mutateAsync({ id: deleting!.id, confirm })).deleteTerritoryMap}
        onDeleted={() => undefined}
      />
    </ListPage>
  );
}
