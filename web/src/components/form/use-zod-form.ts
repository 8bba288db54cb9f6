import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { RequestError } from "@/lib/graphql";
import { invalidVariable } from "@/lib/query-client";
import { describeMutationError, MutationRefusal } from "@/lib/use-gql-mutation";

// The form kit's state: react-hook-form with a zod schema (whose messages are the ones the person
// reads), and one way to show what the server said when a save failed.

/**
 * A form for `schema`, starting from `defaults`. Errors are checked on submit, then as the person types;
 * `mode: "onTouched"` checks a field as soon as the person leaves it (long sign-up forms, where
 * waiting for the submit would show ten mistakes at once).
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  defaults: DefaultValues<z.infer<TSchema>>,
  options: { mode?: "onSubmit" | "onTouched" } = {},
): UseFormReturn<z.infer<TSchema>> {
  return useForm<z.infer<TSchema>>({
    // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads do not narrow a generic schema
    resolver: zodResolver(schema as any) as any,
    defaultValues: defaults,
    mode: options.mode ?? "onSubmit",
  });
}

/** "firstName" -> "first name": how a message names a field. */
const spoken = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();

/**
 * The field a server message is about: the one the refused variable's path names, else the field
 * whose name (or label, from `labels`) the message starts with ("Email is already in use." -> email).
 */
export function fieldNamedBy(
  error: unknown,
  fields: string[],
  labels: Record<string, string> = {},
): { field: string | null; message: string } {
  const message = describeMutationError(error);
  if (error instanceof RequestError) {
    for (const e of error.errors) {
      const invalid = invalidVariable(e.message);
      if (invalid?.field && fields.includes(invalid.field)) return { field: invalid.field, message: invalid.message };
    }
  }
  if (error instanceof MutationRefusal || (error instanceof RequestError && message === error.errors[0]?.message)) {
    const text = message.toLowerCase();
    // Longest names first: "email address" before "email".
    const named = fields
      .map((field) => ({ field, name: (labels[field] ?? spoken(field)).toLowerCase() }))
      .sort((a, b) => b.name.length - a.name.length)
      .find(({ name }) => text.startsWith(`${name} `) || text.startsWith(`${name}:`));
    if (named) return { field: named.field, message };
  }
  return { field: null, message };
}

/**
 * Shows a failed save: on the field the server's message names, else in the form's one alert (root).
 * What the person typed stays as it was.
 */
export function showServerError<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  options: ServerErrorOptions<T> = {},
) {
  const fields = Object.keys(form.getValues() ?? {});
  const named = fieldNamedBy(error, fields, options.labels);
  const field = named.field ?? (error instanceof MutationRefusal ? options.refusalField : null);
  if (field) form.setError(field as Path<T>, { type: "server", message: named.message }, { shouldFocus: true });
  else form.setError("root", { type: "server", message: named.message });
}

export type ServerErrorOptions<T extends FieldValues> = {
  /** Labels of fields whose label differs from their name ("personId" -> "person"). */
  labels?: Record<string, string>;
  /** Where a refusal naming no field goes (a one-field form); else the form's alert. */
  refusalField?: Path<T>;
};
