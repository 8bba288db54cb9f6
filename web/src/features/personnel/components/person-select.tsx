import type { ComponentProps } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useActivePersonnel } from "../api";

/**
 * A choice among the branch's active employees (whose permissions to show, whom an API key acts for).
 * Everything but value and onValueChange goes to the trigger: its label, class, and a form field's ids.
 */
export function PersonSelect({
  value,
  onValueChange,
  ...trigger
}: { value: string; onValueChange: (personId: string) => void } & ComponentProps<typeof SelectTrigger>) {
  const people = useActivePersonnel();
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder="Choose a person…" />
      </SelectTrigger>
      <SelectContent>
        {(people.data?.activePersonnel ?? []).map((p) => (
          <SelectItem key={p.id} value={p.id}>
            {p.fullName}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
