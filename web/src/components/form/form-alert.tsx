import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";

/** The form's one alert: a refusal or failure that names no field (react-hook-form's root error). */
export function FormAlert<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const message = form.formState.errors.root?.message;
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription className="whitespace-pre-line">{message}</AlertDescription>
    </Alert>
  );
}
