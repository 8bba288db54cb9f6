import type { ActionType, AutomationEvent, AutomationStatus, Comparator, MailTarget, RunStatus, TableId } from "./api";

// How the automation screens name statuses, comparators, actions and a record's fields, and where
// each automation, run and record lives.

export const STATUS_LABELS: Record<AutomationStatus, string> = { ON: "On", OFF: "Off", DELETED: "Deleted" };

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  QUEUED: "Queued",
  RUNNING: "Running",
  SUCCEEDED: "Succeeded",
  FAILED: "Failed",
};
export const RUN_STATUS_VARIANTS = {
  QUEUED: "secondary",
  RUNNING: "info",
  SUCCEEDED: "success",
  FAILED: "destructive",
} as const satisfies Record<RunStatus, string>;

/** Fallback labels; the server's automationEvents are used when loaded. */
export const EVENT_LABELS: Record<AutomationEvent, string> = {
  ACTIVITY_CREATED_AS_OPEN: "An activity is created open",
  ACTIVITY_RESOLVED: "An activity is resolved",
  TESTING: "Run by hand on an activity (testing)",
  WORK_ORDER_CREATED: "A work order is created",
  WORK_ORDER_POSTED: "A work order is posted",
  STOP_SKIPPED: "A driver skips a stop",
  NEXT_DELIVERY_MOVED: "A customer's next delivery moves",
  AUTOPAY_CARD_EXPIRING: "A card paying autopay expires within 30 days",
  RENTAL_ANNIVERSARY: "A rental's anniversary comes round",
};

export const COMPARATOR_LABELS: Record<Comparator, string> = {
  EQUALS: "equals",
  NOT_EQUALS: "does not equal",
  HAS_VALUE: "has a value",
  IN: "is one of",
};

export const ACTION_LABELS: Record<ActionType, string> = {
  CREATE_ACTIVITY: "Create an activity",
  RESOLVE_ACTIVITY: "Resolve an activity",
  SET_CUSTOM_FIELD: "Set a custom field",
  SEND_MAIL: "Send a mail",
};

export const MAIL_TARGET_LABELS: Record<MailTarget, string> = {
  ASSIGNEE: "The activity's assignee",
  CUSTOMER: "The customer's contacts",
  ADDRESS: "An address",
};

export const ASSIGNEE_LABELS = {
  STEP: "The step's default",
  PERSON: "A person",
  ZONE_ROLE: "The zone's holder of a role",
} as const;
export type AssigneeKind = keyof typeof ASSIGNEE_LABELS;

/** The record fields a condition may compare, per table (the server checks the same list). */
export const NATIVE_FIELDS: Partial<Record<TableId, Record<string, string>>> = {
  ACTIVITY: {
    subject: "Subject",
    status: "Status",
    stepId: "Step",
    projectId: "Project",
    threadId: "Project thread id",
    customerId: "Customer id",
    leadId: "Lead id",
    assignedPersonId: "Assigned person",
    priorityId: "Priority id",
  },
  WORK_ORDER: {
    number: "Number",
    name: "Name",
    workType: "Work type",
    status: "Status",
    customerId: "Customer id",
    serviceAddressId: "Service address id",
    isOpen: "Is open (true/false)",
    source: "Source",
    routeNumber: "Route number",
    scheduledDate: "Scheduled date (YYYY-MM-DD)",
    posted: "Posted (true/false)",
    skipReason: "Skip reason",
  },
  CUSTOMER: {
    accountNumber: "Account number",
    name: "Name",
    status: "Status",
    billingType: "Billing type",
    isInvoiceAccount: "Invoice account (true/false)",
    routeNumber: "Route number",
  },
};

export const TABLE_NOUNS: Partial<Record<TableId, string>> = { ACTIVITY: "activity", WORK_ORDER: "work order" };
export const tableNoun = (t: TableId) => TABLE_NOUNS[t] ?? t.toLowerCase().replace(/_/g, " ");

export const automationHref = (id: string) => `/team/automations/${id}`;
export const recordRunsHref = (r: { tableId: TableId; entityId: string }) =>
  `/team/automation-events/${r.tableId}/${r.entityId}`;
/** The record's own page: an activity's project thread. */
export const recordHref = (r: { tableId: TableId; record: { threadId: string | null } | null }) =>
  r.tableId === "ACTIVITY" && r.record?.threadId ? `/team/project-threads/${r.record.threadId}` : null;
