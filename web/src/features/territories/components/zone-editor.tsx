import { PlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { z } from "zod";
import { FormAlert, submitHandler, useUnsavedChangesWarning, useZodForm } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import {
  type TerritoryZone,
  useDeleteZone,
  useSetZoneLeadSource,
  useSetZonePersons,
  useSetZoneWarehouse,
  useTerritoryOptions,
  useUpdateZone,
} from "../api";
import { DeleteDialog } from "./delete-dialog";

const NONE = "none";

// The zone's own fields, with the server's rules and messages.
const zoneSchema = z.object({
  name: z.string().trim().min(1, "Zone name is required.").max(80, "Zone name must be at most 80 characters."),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour like #2563eb."),
  description: z.string().trim().max(500, "Description must be at most 500 characters."),
});
const LABELS = { name: "zone name", color: "colour" };

/** One zone: name, colour, description; who holds each territory role there; its warehouse and lead sources. */
export function ZoneEditor({
  zone,
  canEdit,
  onDeleted,
  onDirtyChange,
}: {
  zone: TerritoryZone;
  canEdit: boolean;
  onDeleted: () => void;
  /** Whether the name, colour or description has unsaved changes (the page asks before leaving the zone). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const options = useTerritoryOptions();
  const update = useUpdateZone({ successToast: "Zone saved." });
  const setPersons = useSetZonePersons();
  const setWarehouse = useSetZoneWarehouse({ successToast: "Warehouse saved." });
  const setSources = useSetZoneLeadSource();
  const remove = useDeleteZone();
  const [source, setSource] = useState("");
  const [deleting, setDeleting] = useState(false);
  const saved = { name: zone.name, color: zone.color, description: zone.description };
  const form = useZodForm(zoneSchema, saved);
  const { errors, isDirty } = form.formState;
  const color = form.watch("color");
  // A saved change (here, or a drag on the map) shows; what is being typed stays.
  useEffect(
    () => form.reset({ name: zone.name, color: zone.color, description: zone.description }, { keepDirtyValues: true }),
    [zone.name, zone.color, zone.description, form],
  );
  useUnsavedChangesWarning(isDirty);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const onSave = submitHandler(
    form,
    async (values) => {
      await update.mutateQuietly({ input: { id: zone.id, ...values } });
      form.reset(values);
    },
    { labels: LABELS, refusalField: "name" },
  );

  const roles = options.data?.personTerritoryRoles ?? [];
  const people = options.data?.territoryPersonOptions ?? [];
  const warehouses = options.data?.territoryWarehouseOptions ?? [];
  const holders = (roleId: string) => zone.persons.filter((p) => p.roleId === roleId);
  const changePersons = (roleId: string, personIds: string[]) => setPersons.run({ zoneId: zone.id, roleId, personIds });
  const changeSources = (list: { sourceId: string; sourceName: string }[]) =>
    setSources.run({ input: { zoneId: zone.id, leadSources: list } });
  const addSource = (e: FormEvent) => {
    e.preventDefault();
    const label = source.trim();
    if (!label) return;
    const id =
      label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || label;
    setSource("");
    changeSources([...zone.leadSources, { sourceId: id, sourceName: label }]);
  };

  return (
    <div className="grid gap-4" data-testid="zone-editor">
      <form onSubmit={onSave} noValidate className="grid gap-3">
        <FormField label="Zone name" error={errors.name?.message}>
          <Input {...form.register("name")} disabled={!canEdit} />
        </FormField>
        <FormField label="Colour" error={errors.color?.message}>
          {(control) => (
            <div className="flex items-center gap-2">
              <input
                {...control}
                {...form.register("color")}
                type="color"
                disabled={!canEdit}
                className="h-8 w-12 cursor-pointer rounded border bg-card p-0.5"
              />
              <span className="font-mono text-muted-foreground text-xs">{color}</span>
            </div>
          )}
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <Textarea {...form.register("description")} rows={2} disabled={!canEdit} />
        </FormField>
        <FormAlert form={form} />
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending || form.formState.isSubmitting}>
              {update.isPending ? <Spinner /> : null}
              Save zone
            </Button>
            <Button type="button" variant="outline" onClick={() => setDeleting(true)}>
              <Trash2Icon aria-hidden="true" />
              Delete zone
            </Button>
          </div>
        ) : null}
      </form>

      <Separator />
      <section className="grid gap-3" aria-label="People in this zone">
        <h3 className="font-medium text-sm">People</h3>
        {roles.length === 0 ? (
          <p className="text-muted-foreground text-sm">Add territory roles first (Territory roles page).</p>
        ) : (
          roles.map((role) => {
            const held = holders(role.id);
            const free = people.filter((p) => !held.some((h) => h.personId === p.id));
            return (
              <div key={role.id} className="grid gap-1.5">
                <span className="text-muted-foreground text-xs">{role.name}</span>
                <div className="flex flex-wrap gap-1.5">
                  {held.map((h) => (
                    <Badge key={h.personId} variant="secondary" className="gap-1">
                      {h.person.fullName}
                      {canEdit ? (
                        <button
                          type="button"
                          aria-label={`Remove ${h.person.fullName} as ${role.name}`}
                          onClick={() =>
                            changePersons(
                              role.id,
                              held.filter((x) => x.personId !== h.personId).map((x) => x.personId),
                            )
                          }
                        >
                          <XIcon className="size-3" aria-hidden="true" />
                        </button>
                      ) : null}
                    </Badge>
                  ))}
                  {held.length === 0 ? <span className="text-muted-foreground text-xs">Nobody</span> : null}
                </div>
                {canEdit && free.length ? (
                  <Select value="" onValueChange={(id) => changePersons(role.id, [...held.map((h) => h.personId), id])}>
                    <SelectTrigger size="sm" className="w-full" aria-label={`Add ${role.name.toLowerCase()}`}>
                      <SelectValue placeholder={`Add ${role.name.toLowerCase()}…`} />
                    </SelectTrigger>
                    <SelectContent>
                      {free.map((p) => (
                        <SelectItem key={p.id} value={p.id}>
                          {p.fullName}
                          {p.jobTitle ? <span className="text-muted-foreground"> · {p.jobTitle}</span> : null}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : null}
              </div>
            );
          })
        )}
      </section>

      <Separator />
      <FormField label="Warehouse">
        {(control) => (
          <Select
            value={zone.warehouse?.id ?? NONE}
            disabled={!canEdit}
            onValueChange={(v) => setWarehouse.run({ input: { zoneId: zone.id, warehouseId: v === NONE ? null : v } })}
          >
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NONE}>None</SelectItem>
              {warehouses.map((w) => (
                <SelectItem key={w.id} value={w.id}>
                  {w.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>

      <Separator />
      <section className="grid gap-2" aria-label="Lead sources of this zone">
        <h3 className="font-medium text-sm">Lead sources</h3>
        <div className="flex flex-wrap gap-1.5">
          {zone.leadSources.map((s) => (
            <Badge key={s.sourceId} variant="outline" className="gap-1">
              {s.sourceName}
              {canEdit ? (
                <button
                  type="button"
                  aria-label={`Remove lead source ${s.sourceName}`}
                  onClick={() => changeSources(zone.leadSources.filter((x) => x.sourceId !== s.sourceId))}
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              ) : null}
            </Badge>
          ))}
          {zone.leadSources.length === 0 ? <span className="text-muted-foreground text-xs">None</span> : null}
        </div>
        {canEdit ? (
          <form onSubmit={addSource} className="flex gap-2">
            <Input
              value={source}
              onChange={(e) => setSource(e.target.value)}
              placeholder="e.g. Website"
              aria-label="New lead source"
              className="h-7"
            />
            <Button type="submit" size="sm" variant="outline">
              <PlusIcon aria-hidden="true" />
              Add
            </Button>
          </form>
        ) : null}
      </section>

      <DeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete the zone "${zone.name}"?`}
        description="Its outline and what is assigned to it are deleted."
        remove={async (confirm) => (await remove.mutateAsync({ input: { id: zone.id, confirm } })).deleteTerritoryZone}
        onDeleted={onDeleted}
      />
    </div>
  );
}
