import { z } from "zod";
import { useDialogForm } from "@/components/edit-or-new-dialog";
import { FormDialog, TextField } from "@/components/form";
import { nameSchema } from "./add-by-name-form";

const describedSchema = (what: string, max: number) =>
  nameSchema(what, max).extend({
    description: z.string().trim().max(500, "Description must be at most 500 characters."),
  });

/** A renamed item: its name, and what it is for when the dialog `describes` it. */
export type Renamed = { name: string; description?: string };

/**
 * Renaming an item of the territories' lists (a map, a role), and with `describes` saying what it is
 * for too. Each opening starts from the item's own values; a refused name (a clash) shows under the
 * name field and what was typed stays.
 */
export function RenameDialog({
  what,
  max,
  item,
  open,
  onOpenChange,
  description,
  refusalLabel,
  describes = false,
  pending,
  onSave,
}: {
  /** "Map", "Role": the title, the name's label and its messages name it. */
  what: string;
  max: number;
  item: { id: string; name: string; description?: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  /** How a server message names the name field ("map name"). */
  refusalLabel: string;
  describes?: boolean;
  pending: boolean;
  /** Saves the values; throws the refusal or failure (mutateQuietly). */
  onSave: (id: string, values: Renamed) => Promise<unknown>;
}) {
  const schema = describes ? describedSchema(what, max) : nameSchema(what, max);
  const form = useDialogForm<z.ZodType<Renamed, Renamed>>(
    schema,
    open,
    () => (describes ? { name: item?.name ?? "", description: item?.description ?? "" } : { name: item?.name ?? "" }),
    item?.id,
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title={`Rename ${what.toLowerCase()}`}
      description={description}
      submitLabel="Save"
      pending={pending}
      labels={{ name: refusalLabel }}
      refusalField="name"
      className="sm:max-w-md"
      onSubmit={(values) => onSave(item!.id, values)}
    >
      <TextField control={form.control} name="name" label={`${what} name`} autoFocus />
      {describes ? (
        <TextField control={form.control} name="description" label="Description" multiline rows={2} />
      ) : null}
    </FormDialog>
  );
}
