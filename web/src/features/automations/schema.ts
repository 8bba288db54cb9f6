import { z } from "zod";
import type { RecordForms } from "@/components/record-forms";
import { actionFieldPath, actionInputOf, actionSchema, actionValuesOf, orNull } from "./action-values";
import type { Automation, AutomationEvent, AutomationInput, Comparator } from "./api";

export { type ActionValues, emptyAction } from "./action-values";

// The automation forms: "New automation" (name, event, owner) and the editor (everything, with
// conditions and ordered actions as lists). The server checks the rest and its refusals land on the
// field they name ("Action 2: step not found." on the second action's step).

const EVENTS = [
  "ACTIVITY_CREATED_AS_OPEN",
  "ACTIVITY_RESOLVED",
  "TESTING",
  "WORK_ORDER_CREATED",
  "WORK_ORDER_POSTED",
  "STOP_SKIPPED",
  "NEXT_DELIVERY_MOVED",
  "AUTOPAY_CARD_EXPIRING",
  "RENTAL_ANNIVERSARY",
] as const satisfies readonly AutomationEvent[];

const name = z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters.");

export const newAutomationSchema = z.object({ name, event: z.enum(EVENTS), ownerPersonId: z.string() });
export type NewAutomationValues = z.infer<typeof newAutomationSchema>;
export const NEW_AUTOMATION_FORMS: RecordForms = {
  labels: { ownerPersonId: "owner" },
  create: {
    title: "New automation",
    description: "Name it and pick what starts it. It stays off while you add its conditions and actions.",
    submitLabel: "Create automation",
  },
};

const conditionSchema = z.object({
  /** "native:stepId" or "custom:<field id>". */
  field: z.string().min(1, "Choose a field."),
  comparator: z.enum(["EQUALS", "NOT_EQUALS", "HAS_VALUE", "IN"]),
  value: z.string(),
});
export type ConditionValues = z.infer<typeof conditionSchema>;

export const automationSchema = z.object({
  name,
  event: z.enum(EVENTS),
  on: z.boolean(),
  ownerPersonId: z.string(),
  conditions: z.array(conditionSchema),
  actions: z.array(actionSchema),
});
export type AutomationValues = z.infer<typeof automationSchema>;
export const AUTOMATION_LABELS = { ownerPersonId: "owner", on: "status" };

export const emptyCondition = (field = ""): ConditionValues => ({ field, comparator: "EQUALS", value: "" });
export function valuesOf(a: Automation): AutomationValues {
  return {
    name: a.name,
    event: a.event,
    on: a.status === "ON",
    ownerPersonId: a.ownerPersonId ?? "",
    conditions: a.conditions.map((c) => ({
      field: c.customFieldId ? `custom:${c.customFieldId}` : `native:${c.nativeFieldName ?? ""}`,
      comparator: c.comparator,
      value: c.comparator === "IN" ? c.values.join(", ") : c.value,
    })),
    actions: a.actions.map(actionValuesOf),
  };
}

export function inputOf(v: AutomationValues): AutomationInput {
  return {
    name: v.name,
    event: v.event,
    status: v.on ? "ON" : "OFF",
    ownerPersonId: orNull(v.ownerPersonId),
    conditions: v.conditions.map((c) => {
      const [kind, ...rest] = c.field.split(":");
      const id = rest.join(":");
      const comparator = c.comparator as Comparator;
      return {
        nativeFieldName: kind === "native" ? id : null,
        customFieldId: kind === "custom" ? id : null,
        comparator,
        value: comparator === "IN" || comparator === "HAS_VALUE" ? "" : c.value,
        values:
          comparator === "IN"
            ? c.value
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean)
            : [],
      };
    }),
    actions: v.actions.map(actionInputOf),
  };
}

/**
 * The list field a server refusal names: "Action 2: step not found." is the second action's step,
 * "Condition 1: …" the first condition's field or value. Null when it names no part.
 */
export function partNamedBy(message: string): string | null {
  const m = /^(Condition|Action) (\d+): (.*)$/s.exec(message);
  if (!m) return null;
  const index = Number(m[2]) - 1;
  const text = m[3]!.toLowerCase();
  if (m[1] === "Condition") {
    const field = /field|names a|custom/.test(text) && !/value/.test(text) ? "field" : "value";
    return `conditions.${index}.${field}`;
  }
  return actionFieldPath(index, text);
}
