import { z } from "zod";
import type { ActionType, MailTarget } from "./api";
import type { AssigneeKind } from "./labels";

// An action as a form edits it, for automations and workflow shortcuts alike (both send the same
// actions to the server and the same engine does them): its schema, an empty one, the form's values of
// a stored action, the input sent for one, and which of its fields a server refusal names.

export const actionSchema = z.object({
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

/** A stored action as the server answers it. */
type StoredAction = {
  type: ActionType;
  stepId?: string | null;
  subject?: string | null;
  details?: string | null;
  personId?: string | null;
  zoneRoleId?: string | null;
  dueInMinutes?: number | null;
  fieldId?: string | null;
  value?: string | null;
  to?: string | null;
  address?: string | null;
  body?: string | null;
};

export const actionValuesOf = (x: StoredAction): ActionValues => ({
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
});

export const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** What is sent for an action: only the fields of its type. */
export function actionInputOf(a: ActionValues) {
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
}

/** The form path of the action field a refusal's text (after "Action N: ") names; its type when none. */
export function actionFieldPath(index: number, text: string): string {
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
  const hit = rules.find(([re]) => re.test(text.toLowerCase()));
  return `actions.${index}.${hit ? hit[1] : "type"}`;
}
