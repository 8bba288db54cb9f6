import type { FieldType, TableId } from "./api";

// How the screens name tables and field types.

/** The tables custom fields can be added to, by name. */
export const TABLE_LABELS: Partial<Record<TableId, string>> = {
  ACTIVITY: "Activity",
  CUSTOMER: "Customer",
  LEAD: "Lead",
  PERSON: "Person",
  PROJECT_THREAD: "Project thread",
  SERVICE_ADDRESS: "Service address",
  WORK_ORDER: "Work order",
};

/** The tables a record field can point to. */
export const SELECTION_TABLE_LABELS: Partial<Record<TableId, string>> = {
  ACTIVITY: "Activity",
  CUSTOMER: "Customer",
  PERSON: "Person",
  PROJECT: "Project",
  PROJECT_THREAD: "Project thread",
  SERVICE_ADDRESS: "Service address",
  WAREHOUSE: "Warehouse",
  WORK_ORDER: "Work order",
};

export const TYPE_LABELS: Record<FieldType, string> = {
  TEXT: "Text",
  REALLY_LONG_TEXT: "Long text",
  INTEGER: "Whole number",
  NUMERIC: "Number",
  DATE: "Date",
  DATE_TIME: "Date and time",
  TRUE_FALSE: "Yes / no",
  TABLE_RECORD: "Record",
};

export const tableLabel = (t: TableId) => TABLE_LABELS[t] ?? SELECTION_TABLE_LABELS[t] ?? t;
export const fieldHref = (f: { id: string }) => `/team/custom-fields/${f.id}`;
