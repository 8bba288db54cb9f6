import { PlusIcon } from "lucide-react";
import { z } from "zod";
import { FormAlert, submitHandler, useUnsavedChangesWarning, useZodForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";

/** A name as the server takes it: required, trimmed, at most `max` characters ("Map name is required."). */
export const nameSchema = (what: string, max: number) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, `${what} name is required.`)
      .max(max, `${what} name must be at most ${max} characters.`),
  });

/**
 * The one-field form under a list that adds an item by name (a map, a territory role). The server's
 * refusal shows under the field and the typed name stays; a name typed but not added yet warns before
 * the page is left; after an add the field is empty again.
 */
export function AddByNameForm({
  what,
  max,
  label,
  placeholder,
  submitLabel,
  onAdd,
}: {
  /** "Map", "Role": how the messages name the field. */
  what: string;
  max: number;
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Adds it; throws the refusal or failure (mutateQuietly). */
  onAdd: (name: string) => Promise<unknown>;
}) {
  const form = useZodForm(nameSchema(what, max), { name: "" });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesWarning(isDirty);
  const submit = submitHandler(
    form,
    async ({ name }) => {
      await onAdd(name);
      form.reset({ name: "" });
    },
    // Every refusal is about the one field (a clash reads 'A territory map named "…" already exists.').
    { refusalField: "name" },
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-3 border-t p-4 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <FormField label={label} error={errors.name?.message}>
        <Input {...form.register("name")} placeholder={placeholder} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="sm:mt-5">
        {isSubmitting ? <Spinner /> : <PlusIcon aria-hidden="true" />}
        {submitLabel}
      </Button>
      <div className="sm:col-span-2 empty:hidden">
        <FormAlert form={form} />
      </div>
    </form>
  );
}
