import { CopyIcon, MapIcon, PlusIcon, Trash2Icon, UsersIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { describeMutationError } from "@/lib/use-gql-mutation";
import {
  type TerritoryMapSummary,
  type TerritoryUsage,
  useAddMap,
  useDeleteMap,
  useDuplicateMap,
  useEditUsage,
  useTerritoryMaps,
} from "../api";
import { DeleteDialog } from "../components/delete-dialog";
import { useTerritoryPermissions } from "../permissions";

const NONE = "none";

export default function TerritoriesPage() {
  const maps = useTerritoryMaps();
  const { canEdit } = useTerritoryPermissions();
  const [, navigate] = useLocation();
  const add = useAddMap();
  const duplicate = useDuplicateMap({ successToast: (r) => `Created "${r.duplicateTerritoryMap.name}".` });
  const remove = useDeleteMap();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TerritoryMapSummary | null>(null);

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await add.mutateQuietly({ name });
      setName("");
      setError(null);
      navigate(`/team/territories/${r.addTerritoryMap.id}`);
    } catch (err) {
      setError(describeMutationError(err)); // under the name field
    }
  };

  const onDuplicate = (m: TerritoryMapSummary) => duplicate.run({ mapId: m.id });

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Territories" />
      <PageHeader
        title="Territories"
        description="Territory maps and their zones, warehouses and lead sources."
        actions={
          <Button variant="outline" asChild>
            <Link href="/team/territories/roles">
              <UsersIcon aria-hidden="true" />
              Territory roles
            </Link>
          </Button>
        }
      />
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
                  <li key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <Link href={`/team/territories/${m.id}`} className="font-medium hover:underline">
                        {m.name}
                      </Link>
                      <span className="truncate text-muted-foreground text-sm">
                        {m.zoneCount === 1 ? "1 zone" : `${m.zoneCount} zones`}
                        {m.description ? ` · ${m.description}` : ""}
                      </span>
                    </div>
                    {canEdit ? (
                      <div className="flex gap-1">
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => onDuplicate(m)}
                          disabled={duplicate.isPending}
                          aria-label={`Duplicate ${m.name}`}
                        >
                          <CopyIcon aria-hidden="true" />
                          Duplicate
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setDeleting(m)}
                          aria-label={`Delete ${m.name}`}
                        >
                          <Trash2Icon aria-hidden="true" />
                          Delete
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {canEdit ? (
              <form
                onSubmit={onAdd}
                noValidate
                className="grid grid-cols-1 gap-3 border-t p-4 sm:grid-cols-[1fr_auto] sm:items-end"
              >
                <FormField label="New map" error={error ?? undefined}>
                  <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Delivery zones" />
                </FormField>
                <Button type="submit" disabled={add.isPending}>
                  {add.isPending ? <Spinner /> : <PlusIcon aria-hidden="true" />}
                  Add map
                </Button>
              </form>
            ) : null}
          </Card>
          <UsageSettings
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
    </div>
  );
}

type UsageKey = keyof TerritoryUsage;
const USAGE_ROWS: { label: string; map?: UsageKey; role?: UsageKey }[] = [
  { label: "Activities", map: "activityAssignmentMapId", role: "activityAssignmentRoleId" },
  { label: "Work orders", map: "workOrderAssignmentMapId", role: "workOrderAssignmentRoleId" },
  { label: "Appointments", role: "appointmentAssignmentRoleId" },
  { label: "Warehouses", map: "warehouseMapId" },
];

/** Which map and territory role assign activities, work orders and appointments; which map picks warehouses. */
function UsageSettings({
  usage,
  maps,
  roles,
  canEdit,
}: {
  usage: TerritoryUsage;
  maps: { id: string; name: string }[];
  roles: { id: string; name: string }[];
  canEdit: boolean;
}) {
  const edit = useEditUsage({ successToast: "Map usage saved." });
  const set = (key: UsageKey, value: string) => edit.run({ input: { [key]: value === NONE ? null : value } });
  const picker = (key: UsageKey, label: string, options: { id: string; name: string }[]) => (
    <FormField label={label}>
      {(control) => (
        <Select value={usage[key] ?? NONE} onValueChange={(v) => set(key, v)} disabled={!canEdit || edit.isPending}>
          <SelectTrigger {...control} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>None</SelectItem>
            {options.map((o) => (
              <SelectItem key={o.id} value={o.id}>
                {o.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
  return (
    <Card className="gap-3 p-4">
      <div className="grid gap-1">
        <h2 className="font-semibold">Map usage</h2>
        <p className="text-muted-foreground text-sm">
          Which map and territory role assign new activities, work orders and appointments, and which map picks the
          warehouse of a stop.
        </p>
      </div>
      <div className="grid gap-4">
        {USAGE_ROWS.map((row) => (
          <fieldset key={row.label} className="grid grid-cols-1 gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-end">
            <legend className="sr-only">{row.label}</legend>
            <span aria-hidden="true" className="font-medium text-sm sm:pb-2">
              {row.label}
            </span>
            {row.map ? picker(row.map, `${row.label}: map`, maps) : <span className="hidden sm:block" />}
            {row.role ? picker(row.role, `${row.label}: role`, roles) : <span className="hidden sm:block" />}
          </fieldset>
        ))}
      </div>
    </Card>
  );
}
