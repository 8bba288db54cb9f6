import type { FieldPath, FieldValues } from "react-hook-form";
import { SwitchField, type SwitchFieldProps } from "@/components/form";

/** One switch of a SwitchFields run: its boolean field, label and helper text. */
export type SwitchSetting<T extends FieldValues> = Pick<
  SwitchFieldProps<T, FieldPath<T>>,
  "name" | "label" | "description"
>;

/** A run of a form's on/off settings, one SwitchField each, in the order given. */
export function SwitchFields<T extends FieldValues>({
  control,
  settings,
}: Pick<SwitchFieldProps<T, FieldPath<T>>, "control"> & { settings: readonly SwitchSetting<T>[] }) {
  return settings.map((s) => <SwitchField key={s.name} control={control} {...s} />);
}
