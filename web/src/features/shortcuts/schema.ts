import { z } from "zod";
import type { ActionType, MailTarget, Shortcut, ShortcutInput } from "./api";
import type { AssigneeKind, ShortcutTable } from "./labels";

// The shortcut forms: "New shortcut" and the editor share one shape (name, what it applies to, a
// description, order, inactive, and the ordered actions). The server checks the rest; its refusals
// land on the field they name ("Action 2: step not found." on the second action's step).

const TABLES = ["PROJECT_THREAD", "ACTIVITY", "CUSTOMER", "WORK_ORDER"] as const satisfies readonly ShortcutTable[];

const actionSchema = z.object({
  type: z.enum(["CREATE_ACTIVITY", "RESOLVE_ACTIVITY", "SET_CUSTOM_FIELD", "SEND_MAIL"]),
  stepId: z.string(),
  subject: z.string(),
  details: z.string(),
  assignee: z.enum(["STEP", "PERSON", "ZONE_ROLE"]),
  personId: z.string(),
  zoneRoleId: z.string(),
  dueInMinutes: z.string().regex(/^\d*$/, "Due in must be whole minutes."),
  fieldId: z.string(),
  value: z.string(),
  to: z.enum(["ASSIGNEE", "CUSTOMER", "ADDRESS"]),
  address: z.string(),
  body: z.string(),
});
export type ActionValues = z.infer<typeof actionSchema>;

export const shortcutSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  tableId: z.enum(TABLES),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters."),
  sortOrder: z.string().regex(/^\d{1,6}$/, "Sort order must be a whole number."),
  inactive: z.boolean(),
  actions: z.array(actionSchema).min(1, "Add at least one action.").max(10, "A shortcut has at most 10 actions."),
});
export type ShortcutValues = z.infer<typeof shortcutSchema>;
/** Where a refusal naming these lands: "Applies to …", "Actions: …". */
export const SHORTCUT_LABELS = { tableId: "applies to", sortOrder: "sort order" };

export const emptyAction = (type: ActionType = "CREATE_ACTIVITY"): ActionValues => ({
  type,
  stepId: "",
  subject: "",
  details: "",
  assignee: "STEP",
  personId: "",
  zoneRoleId: "",
  dueInMinutes: "0",
  fieldId: "",
  value: "",
  to: "ASSIGNEE",
  address: "",
  body: "",
});

export const emptyShortcut = (): ShortcutValues => ({
  name: "",
  tableId: "PROJECT_THREAD",
  description: "",
  sortOrder: "0",
  inactive: false,
  actions: [emptyAction()],
});

export function valuesOf(s: Shortcut): ShortcutValues {
  return {
    name: s.name,
    tableId: (TABLES as readonly string[]).includes(s.tableId) ? (s.tableId as ShortcutTable) : "PROJECT_THREAD",
    description: s.description,
    sortOrder: String(s.sortOrder),
    inactive: s.inactive,
    actions: s.actions.map((x) => ({
      ...emptyAction(x.type),
      stepId: x.stepId ?? "",
      subject: x.subject ?? "",
      details: x.details ?? "",
      assignee: (x.personId ? "PERSON" : x.zoneRoleId ? "ZONE_ROLE" : "STEP") as AssigneeKind,
      personId: x.personId ?? "",
      zoneRoleId: x.zoneRoleId ?? "",
      dueInMinutes: String(x.dueInMinutes ?? 0),
      fieldId: x.fieldId ?? "",
      value: x.value ?? "",
      to: (x.to ?? "ASSIGNEE") as MailTarget,
      address: x.address ?? "",
      body: x.body ?? "",
    })),
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

export function inputOf(v: ShortcutValues): ShortcutInput {
  return {
    name: v.name,
    tableId: v.tableId,
    description: v.description,
    sortOrder: Number.parseInt(v.sortOrder, 10),
    inactive: v.inactive,
    actions: v.actions.map((a) => {
      switch (a.type) {
        case "CREATE_ACTIVITY":
          return {
            type: a.type,
            stepId: a.stepId,
            subject: a.subject,
            details: a.details,
            personId: a.assignee === "PERSON" ? orNull(a.personId) : null,
            zoneRoleId: a.assignee === "ZONE_ROLE" ? orNull(a.zoneRoleId) : null,
            dueInMinutes: Number.parseInt(a.dueInMinutes || "0", 10),
          };
        case "RESOLVE_ACTIVITY":
          return { type: a.type, stepId: orNull(a.stepId) };
        case "SET_CUSTOM_FIELD":
          return { type: a.type, fieldId: a.fieldId, value: a.value };
        default:
          return {
            type: a.type,
            to: a.to,
            address: a.to === "ADDRESS" ? a.address : null,
            subject: a.subject,
            body: a.body,
          };
      }
    }),
  };
}

/** The action field a server refusal names: "Action 2: step not found." is the second action's step. */
export function actionFieldNamedBy(message: string): string | null {
  const m = /^Action (\d+): (.*)$/s.exec(message);
  if (!m) return null;
  const index = Number(m[1]) - 1;
  const text = m[2]!.toLowerCase();
  const rules: [RegExp, keyof ActionValues][] = [
    [/mail address/, "address"],
    [/mail's text/, "body"],
    [/subject/, "subject"],
    [/details/, "details"],
    [/due in/, "dueInMinutes"],
    [/territory role/, "zoneRoleId"],
    [/person|inactive and cannot be given work/, "personId"],
    [/field's value/, "value"],
    [/custom field|the field/, "fieldId"],
    [/step/, "stepId"],
  ];
  const hit = rules.find(([re]) => re.test(text));
  return `actions.${index}.${hit ? hit[1] : "type"}`;
}
