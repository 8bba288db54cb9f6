import { z } from "zod";
import { FormDialog, TextField, useZodForm } from "@/components/form";
import { useEditMap } from "../api";
import { nameSchema } from "./add-by-name-form";

const mapSchema = nameSchema("Map", 80).extend({
  description: z.string().trim().max(500, "Description must be at most 500 characters."),
});

/** Renaming a map and saying what it is for; a refused name shows under the name field. */
export function EditMapDialog({
  open,
  onOpenChange,
  mapId,
  name,
  description,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  mapId: string;
  name: string;
  description: string;
}) {
  const edit = useEditMap();
  const form = useZodForm(mapSchema, { name, description });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (o) form.reset({ name, description });
        onOpenChange(o);
      }}
      form={form}
      title="Rename map"
      description="The map's name and what it is for."
      submitLabel="Save"
      pending={edit.isPending}
      labels={{ name: "map name" }}
      refusalField="name"
      className="sm:max-w-md"
      onSubmit={(values) => edit.mutateQuietly({ input: { id: mapId, ...values } })}
    >
      <TextField control={form.control} name="name" label="Map name" />
      <TextField control={form.control} name="description" label="Description" multiline rows={2} />
    </FormDialog>
  );
}
