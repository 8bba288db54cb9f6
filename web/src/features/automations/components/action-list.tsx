import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from "lucide-react";
import {
  type Control,
  type FieldError,
  type FieldPathValue,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useFieldArray,
} from "react-hook-form";
import { optionsOf, SelectField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { type ActionValues, emptyAction } from "../action-values";
import type { ActionType } from "../api";
import { ActionFields, type ActionOptions, type ActionWording } from "./action-fields";

export type { ActionOptions, ActionWording } from "./action-fields";

const MAX = 10;

/**
 * The ordered actions of any form that holds them (an automation's, a shortcut's) at `name`: add,
 * remove, move up or down, each with its type's settings, and the list's own error under it.
 */
export function ActionList<T extends FieldValues, N extends Path<T>>({
  form,
  name,
  options,
  wording,
  min = 0,
  added = "CREATE_ACTIVITY",
}: {
  form: UseFormReturn<T>;
  /** Where the actions are; the value there must be a list of actions. */
  name: FieldPathValue<T, N> extends ActionValues[] ? N : never;
  options: ActionOptions;
  wording: ActionWording;
  /** The fewest actions the form allows: the last of them cannot be removed. */
  min?: number;
  /** The type of an added action. */
  added?: ActionType;
}) {
  const control = form.control as unknown as Control<FieldValues>;
  const path: string = name;
  const { fields, append, remove, move } = useFieldArray({ control, name: path });
  const error: (FieldError & { root?: FieldError }) | undefined = get(form.formState.errors, path);
  const listError = error?.root?.message ?? error?.message;
  const types = optionsOf(wording.types);
  const icon = (label: string, onClick: () => void, Icon: typeof XIcon, disabled = false) => (
    <Button type="button" variant="ghost" size="icon" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" />
    </Button>
  );
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 font-medium text-sm">Actions, in order</legend>
      {fields.length === 0 && wording.empty ? <p className="text-muted-foreground text-sm">{wording.empty}</p> : null}
      <ol className="grid gap-3">
        {fields.map((f, i) => (
          <li key={f.id} className="min-w-0">
            <fieldset aria-label={`Action ${i + 1}`} className="grid min-w-0 gap-3 rounded-md border p-3">
              <div className="flex flex-wrap items-end gap-2">
                <span className="flex size-8 shrink-0 items-center justify-center self-end rounded-full bg-muted font-medium text-sm tabular-nums">
                  {i + 1}
                </span>
                <SelectField
                  control={control}
                  name={`${path}.${i}.type`}
                  label="Action"
                  options={types}
                  className="min-w-48 flex-1"
                />
                <div className="flex gap-1">
                  {icon(`Move action ${i + 1} up`, () => move(i, i - 1), ArrowUpIcon, i === 0)}
                  {icon(`Move action ${i + 1} down`, () => move(i, i + 1), ArrowDownIcon, i === fields.length - 1)}
                  {icon(`Remove action ${i + 1}`, () => remove(i), XIcon, fields.length <= min)}
                </div>
              </div>
              <ActionFields control={control} path={`${path}.${i}`} options={options} wording={wording} />
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
        onClick={() => append(emptyAction(added))}
      >
        <PlusIcon aria-hidden="true" />
        Add action
      </Button>
    </fieldset>
  );
}
