import { type Path, type UseFormReturn, useWatch } from "react-hook-form";
import { optionsOf, SelectField, SwitchField, TextField } from "@/components/form";
import { Separator } from "@/components/ui/separator";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { TABLE_LABELS } from "../labels";
import { actionFieldNamedBy, type ShortcutValues } from "../schema";
import { ActionList } from "./action-list";
import { useEditorOptions } from "./use-editor-options";

/**
 * A save that puts a refusal about one action on that action's field ("Action 2: step not found."),
 * and leaves the rest to the form kit (a refusal naming Name lands on Name, others in the alert).
 */
export function savingWith<R>(form: UseFormReturn<ShortcutValues>, run: (values: ShortcutValues) => Promise<R>) {
  return async (values: ShortcutValues): Promise<R | false> => {
    try {
      return await run(values);
    } catch (error) {
      const refusal = error instanceof MutationRefusal ? error : null;
      const path = refusal ? actionFieldNamedBy(refusal.message) : null;
      if (!refusal || !path) throw error;
      form.setError(path as Path<ShortcutValues>, { type: "server", message: refusal.message }, { shouldFocus: true });
      return false;
    }
  };
}

/** Name, the records it applies to, description, order, inactive, and the ordered actions. */
export function ShortcutFields({
  form,
  withStatus = true,
}: {
  form: UseFormReturn<ShortcutValues>;
  withStatus?: boolean;
}) {
  const tableId = useWatch({ control: form.control, name: "tableId" });
  const options = useEditorOptions(tableId);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="name" label="Name" required placeholder="e.g. Set appointment" />
        <SelectField
          control={form.control}
          name="tableId"
          label="Applies to"
          required
          options={optionsOf(TABLE_LABELS)}
        />
        <TextField
          control={form.control}
          name="description"
          label="Description"
          multiline
          className="sm:col-span-2"
          placeholder="What it is for, in a sentence your team recognises."
        />
        {withStatus ? (
          <>
            <TextField
              control={form.control}
              name="sortOrder"
              label="Sort order"
              inputMode="numeric"
              description="Lower comes first in menus."
            />
            <SwitchField
              control={form.control}
              name="inactive"
              label="Inactive"
              description="Not offered until switched back."
              className="sm:mt-6"
            />
          </>
        ) : null}
      </div>
      <Separator />
      <ActionList form={form} options={options} />
    </>
  );
}
