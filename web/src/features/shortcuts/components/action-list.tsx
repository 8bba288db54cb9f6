import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from "lucide-react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { optionsOf, SelectField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { ACTION_LABELS } from "../labels";
import { emptyAction, type ShortcutValues } from "../schema";
import { ActionFields } from "./action-fields";
import type { EditorOptions } from "./use-editor-options";

const TYPES = optionsOf(ACTION_LABELS);
const MAX = 10;

/** The actions, done in this order on each record: add, remove, move up or down; each shows its type's settings. */
export function ActionList({ form, options }: { form: UseFormReturn<ShortcutValues>; options: EditorOptions }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "actions" });
  const listError = form.formState.errors.actions?.root?.message ?? form.formState.errors.actions?.message;
  const icon = (label: string, onClick: () => void, Icon: typeof XIcon, disabled = false) => (
    <Button type="button" variant="ghost" size="icon" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" />
    </Button>
  );
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 font-medium text-sm">Actions, in order</legend>
      <ol className="grid gap-3">
        {fields.map((f, i) => (
          <li key={f.id} className="min-w-0">
            <fieldset aria-label={`Action ${i + 1}`} className="grid min-w-0 gap-3 rounded-md border p-3">
              <div className="flex flex-wrap items-end gap-2">
                <span className="flex size-8 shrink-0 items-center justify-center self-end rounded-full bg-muted font-medium text-sm tabular-nums">
                  {i + 1}
                </span>
                <SelectField
                  control={form.control}
                  name={`actions.${i}.type`}
                  label="Action"
                  options={TYPES}
                  className="min-w-48 flex-1"
                />
                <div className="flex gap-1">
                  {icon(`Move action ${i + 1} up`, () => move(i, i - 1), ArrowUpIcon, i === 0)}
                  {icon(`Move action ${i + 1} down`, () => move(i, i + 1), ArrowDownIcon, i === fields.length - 1)}
                  {icon(`Remove action ${i + 1}`, () => remove(i), XIcon, fields.length === 1)}
                </div>
              </div>
              <ActionFields form={form} index={i} options={options} />
            </fieldset>
          </li>
        ))}
      </ol>
      {listError ? (
        <p role="alert" className="text-destructive text-sm">
          {listError}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={fields.length >= MAX}
        onClick={() => append(emptyAction("RESOLVE_ACTIVITY"))}
      >
        <PlusIcon aria-hidden="true" />
        Add action
      </Button>
    </fieldset>
  );
}
