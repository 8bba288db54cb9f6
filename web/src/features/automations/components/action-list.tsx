import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from "lucide-react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { optionsOf, SelectField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { ACTION_LABELS } from "../labels";
import { type AutomationValues, emptyAction } from "../schema";
import { ActionFields } from "./action-fields";
import type { EditorOptions } from "./editor-options";

const TYPES = optionsOf(ACTION_LABELS);

/** The actions, done in this order: add, remove, move up or down; each shows its type's settings. */
export function ActionList({ form, options }: { form: UseFormReturn<AutomationValues>; options: EditorOptions }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "actions" });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">Actions, in order</legend>
      {fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">No actions yet: add one before switching it on.</p>
      ) : null}
      <ol className="grid gap-3">
        {fields.map((f, i) => (
          <li key={f.id}>
            <fieldset aria-label={`Action ${i + 1}`} className="grid gap-3 rounded-md border p-3">
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
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move action ${i + 1} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move action ${i + 1} down`}
                    disabled={i === fields.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove action ${i + 1}`}
                    onClick={() => remove(i)}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <ActionFields form={form} index={i} options={options} />
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={fields.length >= 10}
        onClick={() => append(emptyAction())}
      >
        <PlusIcon aria-hidden="true" />
        Add action
      </Button>
    </fieldset>
  );
}
