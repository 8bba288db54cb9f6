import { useEffect } from "react";
import { FormDialog, TextField, useZodForm } from "@/components/form";
import { useUpdateRole } from "../api";
import { nameSchema } from "./add-by-name-form";

/** Renaming a territory role; a refused name (a clash) shows under the field and the typed name stays. */
export function RenameRoleDialog({
  role,
  onOpenChange,
}: {
  role: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateRole();
  const form = useZodForm(nameSchema("Role", 60), { name: role?.name ?? "" });
  // Each role opened starts from its own name.
  useEffect(() => {
    if (role) form.reset({ name: role.name });
  }, [role, form]);
  return (
    <FormDialog
      open={!!role}
      onOpenChange={onOpenChange}
      form={form}
      title="Rename role"
      description="The role's new name, wherever people hold it."
      submitLabel="Save"
      pending={update.isPending}
      labels={{ name: "a territory role" }}
      refusalField="name"
      className="sm:max-w-md"
      onSubmit={({ name }) => update.mutateQuietly({ input: { id: role!.id, name } })}
    >
      <TextField control={form.control} name="name" label="Role name" autoFocus />
    </FormDialog>
  );
}
