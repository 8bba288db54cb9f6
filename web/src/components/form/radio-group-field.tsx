import type * as React from "react";
import { useId } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { cn } from "@/lib/utils";

export type RadioOption = {
  value: string;
  /** What the option shows beside its radio. */
  label: React.ReactNode;
  /** The radio's accessible name when the shown label is not enough on its own. */
  ariaLabel?: string;
  /** Shown after the label (a badge). */
  end?: React.ReactNode;
};

export type RadioGroupFieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T>;
  /** A string field: the chosen option's value. */
  name: N;
  /** The group's legend. */
  legend: React.ReactNode;
  options: readonly RadioOption[];
  /** Hide the legend visually (it still names the group). */
  hideLegend?: boolean;
  className?: string;
  /** Each option's row (e.g. a bordered row). */
  optionClassName?: string;
};

/**
 * One choice among a few shown at once: a fieldset with its legend and a radio per option (real
 * radios: arrow keys move the choice), wired to react-hook-form's `name`, with the field's error under
 * it. Tests find an option with getByRole("radio", { name }).
 */
export function RadioGroupField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  legend,
  options,
  hideLegend,
  className,
  optionClassName,
}: RadioGroupFieldProps<T, N>) {
  const group = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <fieldset
          className={cn("grid min-w-0 content-start gap-1", className)}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={fieldState.error ? `${group}-error` : undefined}
        >
          <legend className={cn("mb-1 px-1 font-medium text-sm", hideLegend && "sr-only")}>{legend}</legend>
          {options.map((o) => (
            <label key={o.value} className={cn("flex cursor-pointer items-start gap-2 text-sm", optionClassName)}>
              <input
                type="radio"
                name={`${group}-${String(name)}`}
                value={o.value}
                checked={field.value === o.value}
                onChange={() => field.onChange(o.value)}
                onBlur={field.onBlur}
                aria-label={o.ariaLabel}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              />
              <span className="min-w-0 flex-1 break-words">{o.label}</span>
              {o.end}
            </label>
          ))}
          {fieldState.error ? (
            <p id={`${group}-error`} className="text-destructive text-sm">
              {fieldState.error.message}
            </p>
          ) : null}
        </fieldset>
      )}
    />
  );
}
