import { XIcon } from "lucide-react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FieldShell } from "@/components/form";
import { Button } from "@/components/ui/button";
import { useActivePersonnel } from "@/features/personnel/api";
import { PersonSelect } from "@/features/personnel/components/person-select";

/** The names of the branch's active employees by id (a missing id is an inactive or removed person). */
export function usePeopleNames() {
  const people = useActivePersonnel();
  const names = new Map((people.data?.activePersonnel ?? []).map((p) => [p.id, p.fullName]));
  return (id: string | null | undefined) => (id ? (names.get(id) ?? "Inactive person") : null);
}

/**
 * An optional person of a form (a default person): the active employees to choose from, and "Clear"
 * to leave it to nobody. The field holds "" when nobody is chosen.
 */
export function PersonField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  disabled,
}: {
  control: Control<T>;
  name: N;
  label: string;
  description?: string;
  disabled?: boolean;
}) {
  return (
    <FieldShell control={control} name={name} label={label} description={description}>
      {(field, controlProps) => (
        <div className="flex gap-2">
          <PersonSelect
            {...controlProps}
            ref={field.ref}
            value={field.value}
            onValueChange={field.onChange}
            disabled={disabled}
            className="min-w-0 flex-1"
          />
          {field.value && !disabled ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Clear ${label.toLowerCase()}`}
              onClick={() => field.onChange("")}
            >
              <XIcon aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      )}
    </FieldShell>
  );
}
