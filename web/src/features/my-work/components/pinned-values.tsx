import type { CustomFieldRow } from "@/features/custom-fields/api";
import { formatCustomFieldValue } from "@/features/custom-fields/display";
import type { WorkPinnedValue } from "../api";

// An activity's pinned custom field values (its own, its thread's, its customer's) beside its
// subject, as "Name: value" chips.

export function PinnedValues({ values, timeZone }: { values: readonly WorkPinnedValue[]; timeZone: string }) {
  if (!values.length) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Pinned fields">
      {values.map((v) => (
        <li
          key={`${v.tableId}:${v.fieldId}`}
          className="max-w-full truncate rounded border bg-muted/50 px-1.5 py-0.5 text-muted-foreground text-xs"
        >
          {v.name}:{" "}
          <span className="font-medium text-foreground">
            {formatCustomFieldValue(
              { type: v.type as CustomFieldRow["type"], decimals: v.decimals },
              v.value,
              timeZone,
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
