import { formatCalendarDate, formatDateTime, formatNumber } from "@/lib/format";
import type { CustomFieldRow } from "./api";

// A custom field's value as the screens show it (not as a form edits it): "Yes", "Nov 25, 2026",
// "7.50", and a record's pinned fields, the ones shown beside its name or in its header.

type Shown = Pick<CustomFieldRow, "type" | "decimals">;

/** A value's canonical text as read: yes/no, a date in words, a number with its decimals. */
export function formatCustomFieldValue(field: Shown, value: string, timeZone?: string | null): string {
  if (value === "") return "";
  switch (field.type) {
    case "TRUE_FALSE":
      return value === "true" ? "Yes" : "No";
    case "DATE":
      return formatCalendarDate(value);
    case "DATE_TIME":
      return formatDateTime(value, { timeZone, empty: value });
    case "INTEGER": {
      const n = Number(value);
      return Number.isFinite(n) ? formatNumber(n) : value;
    }
    case "NUMERIC": {
      const n = Number(value);
      const places = field.decimals ?? 2;
      return Number.isFinite(n)
        ? n.toLocaleString(undefined, { minimumFractionDigits: places, maximumFractionDigits: places })
        : value;
    }
    default:
      return value;
  }
}

export type PinnedValue = { fieldId: string; label: string; value: string };

/** A record's pinned, active fields that have a value, in the fields' order, formatted. */
export function pinnedCustomFieldValues(
  fields: readonly Pick<CustomFieldRow, "id" | "name" | "type" | "decimals" | "pinStatus" | "inactive">[],
  values: readonly { fieldId: string; value: string }[],
  timeZone?: string | null,
): PinnedValue[] {
  const byField = new Map(values.map((v) => [v.fieldId, v.value]));
  return fields
    .filter((f) => f.pinStatus === "PINNED" && !f.inactive && byField.get(f.id))
    .map((f) => ({
      fieldId: f.id,
      label: f.name,
      value: formatCustomFieldValue(f, byField.get(f.id)!, timeZone),
    }));
}
