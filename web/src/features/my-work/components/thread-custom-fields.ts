import { useMemo } from "react";
import { useCustomFieldValues, useTableCustomFields } from "@/features/custom-fields/api";
import { type PinnedValue, pinnedCustomFieldValues } from "@/features/custom-fields/display";

// A thread's pinned custom fields (its header shows them) and each of its activities' pinned fields
// (the timeline shows them under the activity). Fields or values that fail to load show nothing.

const NONE: PinnedValue[] = [];
type CustomFieldValue = { recordId: string; fieldId: string; value: string };

export function useThreadPinnedFields(threadId: string, timeZone: string): PinnedValue[] {
  const fields = useTableCustomFields("PROJECT_THREAD").data?.customFields;
  const values = useCustomFieldValues("PROJECT_THREAD", threadId).data?.customFieldValues;
  return useMemo(
    () => (fields && values ? pinnedCustomFieldValues(fields, values, timeZone) : NONE),
    [fields, values, timeZone],
  );
}

/** Each loaded activity's pinned values, from the custom field values read with its page. */
export function useActivityPinnedFields(
  activities: readonly { id: string }[],
  values: readonly CustomFieldValue[],
  timeZone: string,
) {
  const fields = useTableCustomFields("ACTIVITY").data?.customFields;
  return useMemo(() => {
    const byActivity = new Map<string, PinnedValue[]>();
    const pinned = fields?.filter((f) => f.pinStatus === "PINNED") ?? [];
    if (pinned.length === 0) return byActivity;
    const byRecord = new Map<string, CustomFieldValue[]>();
    for (const v of values) byRecord.set(v.recordId, [...(byRecord.get(v.recordId) ?? []), v]);
    for (const a of activities) {
      const shown = pinnedCustomFieldValues(pinned, byRecord.get(a.id) ?? [], timeZone);
      if (shown.length) byActivity.set(a.id, shown);
    }
    return byActivity;
  }, [fields, values, activities, timeZone]);
}
