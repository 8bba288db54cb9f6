import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { MutationRefusal } from "@/lib/use-gql-mutation";

// Refusals whose words do not start with their field's name ('A project named "…" already exists.',
// "Ann Lee is inactive and cannot be given work.") still belong on a field: these rules say which.

export type RefusalRules<T extends FieldValues> = [RegExp, Path<T>][];

/**
 * `save`, with a refusal matching a rule shown on that rule's field (what was typed stays, a dialog
 * stays open). Anything else is thrown on to the form kit, which places it by the field's name.
 */
export function withRefusalRules<T extends FieldValues>(
  form: UseFormReturn<T>,
  rules: RefusalRules<T>,
  save: (values: T) => Promise<unknown>,
) {
  return async (values: T) => {
    try {
      return await save(values);
    } catch (error) {
      const rule = error instanceof MutationRefusal ? rules.find(([re]) => re.test(error.message)) : undefined;
      if (!rule) throw error;
      form.setError(rule[1], { type: "server", message: (error as Error).message }, { shouldFocus: true });
      return false;
    }
  };
}

/** A person who cannot get work (inactive, or gone), for a form's default person field. */
export const PERSON_REFUSAL = /cannot be given work|default person/i;
