import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FieldShell } from "@/components/form";
import { PersonSelect } from "@/features/personnel/components/person-select";

// The action and condition editors' own person input (automations and shortcuts), bound to a path of
// the form it is in, with the error of that path (the client's check or the server's refusal naming
// it) under it. Their text inputs are the form kit's TextField.

/** A person picked from the branch's people, by id. */
export function PersonField<T extends FieldValues>(shell: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  className?: string;
}) {
  return (
    <FieldShell {...shell}>
      {(field, control) => (
        <PersonSelect {...control} value={String(field.value ?? "")} onValueChange={field.onChange} />
      )}
    </FieldShell>
  );
}
