import { useMemo } from "react";
import { useCustomFieldValues, useTableCustomFields } from "@/features/custom-fields/api";
import { type PinnedValue, pinnedCustomFieldValues } from "@/features/custom-fields/display";
import type { WorkThread } from "../api";

// A thread's pinned custom fields (its header shows them) and each of its activities' pinned fields
// (the timeline shows them under the activity). Fields or values that fail to load show nothing.

const NONE: PinnedValue[] = [];

export function useThreadPinnedFields(threadId: string, timeZone: string): PinnedValue[] {
  const fields = useTableCustomFields("PROJECT_THREAD").data?.customFields;
  const values = useCustomFieldValues("PROJECT_THREAD", threadId).data?.customFieldValues;
  return useMemo(
    () => (fields && values ? pinnedCustomFieldValues(fields, values, timeZone) : NONE),
    [fields, values, timeZone],
  );
}

export function useActivityPinnedFields(thread: WorkThread | undefined, timeZone: string) {
  const fields = useTableCustomFields("ACTIVITY").data?.customFields;
  const values = thread?.activityCustomFieldValues;
  return useMemo(() => {
    const byActivity = new Map<string, PinnedValue[]>();
    const pinned = fields?.filter((f) => f.pinStatus === "PINNED") ?? [];
    if (!values || pinned.length === 0) return byActivity;
    for (const a of thread?.activities ?? []) {
      const own = values.filter((v) => v.recordId === a.id);
      const shown = pinnedCustomFieldValues(pinned, own, timeZone);
      if (shown.length) byActivity.set(a.id, shown);
    }
    return byActivity;
  }, [fields, values, thread?.activities, timeZone]);
}
