import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * register() for an email field with the spec's timing: 'invalid email' shows once editing is done (blur
 * after a change), not when an untouched field loses focus; once shown it clears as soon as it's fixed.
 */
export function registerEmailField<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  return form.register(name, {
    onBlur: () => {
      if (form.getFieldState(name).isDirty) void form.trigger(name);
    },
    onChange: () => {
      if (form.getFieldState(name).invalid) void form.trigger(name);
    },
  });
}
