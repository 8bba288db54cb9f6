import { useEffect, useState } from "react";
import { z } from "zod";
import { EditOrNewDialog, type EditOrNewWords, useDialogForm } from "@/components/edit-or-new-dialog";
import { type DialogState, optionsOf, SelectField } from "@/components/form";
import { namedOptions } from "@/components/named-options";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NATIVE_FIELD_LABELS } from "../native-fields";
import {
  type LeadAutomationInput,
  type LeadAutomationRow,
  useCreateLeadAutomation,
  useDiscardReasons,
  usePreviewLeadAutomation,
  useRuleCustomFields,
  useUpdateLeadAutomation,
} from "./api";

// A lead rule's dialog (new or edited): the field (a lead field or a lead custom field), how it is
// compared, the value, the discard reason; below them, live, how many existing leads it would discard.

const CUSTOM = "custom:";

const schema = z
  .object({
    field: z.string().min(1, "Choose the field the rule tests."),
    comparator: z.enum(["EQUALS", "HAS_VALUE"]),
    value: z.string().trim().max(200, "The value must be at most 200 characters."),
    discardReasonId: z.string().min(1, "Choose the discard reason."),
  })
  .refine((v) => v.comparator === "HAS_VALUE" || v.value, {
    path: ["value"],
    message: "Enter the value the field must equal.",
  });
type Values = z.infer<typeof schema>;

const valuesOf = (r: LeadAutomationRow | null): Values => ({
  field: r ? (r.nativeFieldName ?? `${CUSTOM}${r.customFieldId}`) : "",
  comparator: r?.comparator ?? "EQUALS",
  value: r?.value ?? "",
  discardReasonId: r?.discardReasonId ?? "",
});

function inputOf(v: Values): LeadAutomationInput {
  const custom = v.field.startsWith(CUSTOM);
  return {
    nativeFieldName: custom ? null : (v.field as LeadAutomationInput["nativeFieldName"]),
    customFieldId: custom ? v.field.slice(CUSTOM.length) : null,
    comparator: v.comparator,
    value: v.comparator === "EQUALS" ? v.value : "",
    discardReasonId: v.discardReasonId,
  };
}

/** The form's rule once it is complete enough to count, a moment after the last key stroke. */
function useSettledInput(v: Values): LeadAutomationInput | null {
  const complete = v.field && v.discardReasonId && (v.comparator === "HAS_VALUE" || v.value.trim());
  const key = complete ? JSON.stringify(inputOf(v)) : "";
  const [settled, setSettled] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSettled(key), 300);
    return () => clearTimeout(t);
  }, [key]);
  return settled ? (JSON.parse(settled) as LeadAutomationInput) : null;
}

function PreviewLine({ values }: { values: Values }) {
  const input = useSettledInput(values);
  const preview = usePreviewLeadAutomation(input);
  const answer = preview.data?.previewLeadAutomation;
  const text = !input
    ? "Choose a field, a value and a reason to see how many existing leads this rule would discard."
    : (answer?.message ?? "Counting the existing leads this rule would discard…");
  return (
    <p
      aria-live="polite"
      data-testid="rule-preview"
      className={answer?.isSuccess && input ? "rounded-md bg-muted px-3 py-2 text-sm" : "text-muted-foreground text-sm"}
    >
      {text}
      {answer?.isSuccess && input ? (
        <span className="block text-muted-foreground text-xs">
          The rule acts on leads that arrive from now on; existing leads are not changed.
        </span>
      ) : null}
    </p>
  );
}

const WORDS: EditOrNewWords<LeadAutomationRow> = {
  new: { title: "New lead rule", submitLabel: "Add rule" },
  edit: { title: (r) => `Edit rule ${r.position}`, formLabel: "Edit lead rule", submitLabel: "Save rule" },
};

export function AutomationDialog({ rule, ...dialog }: DialogState & { rule: LeadAutomationRow | null }) {
  const form = useDialogForm(schema, dialog.open, () => valuesOf(rule), rule?.id);
  const create = useCreateLeadAutomation();
  const update = useUpdateLeadAutomation();
  const reasons = useDiscardReasons().data?.discardReasons ?? [];
  const customFields = useRuleCustomFields().data?.customFields ?? [];
  const values = form.watch();
  const fieldOptions = [
    ...optionsOf(NATIVE_FIELD_LABELS),
    ...customFields.map((f) => ({ value: `${CUSTOM}${f.id}`, label: `${f.name} (custom field)` })),
  ];
  const comparatorOptions = [
    ...(values.field === "APPOINTMENT" ? [] : [{ value: "EQUALS", label: "Equals" }]),
    { value: "HAS_VALUE", label: "Has a value" },
  ];
  useEffect(() => {
    if (values.field === "APPOINTMENT" && values.comparator === "EQUALS") form.setValue("comparator", "HAS_VALUE");
  }, [values.field, values.comparator, form]);
  return (
    <EditOrNewDialog
      {...dialog}
      form={form}
      record={rule}
      words={WORDS}
      description="Arriving leads whose field matches are discarded with the reason. Rules run in order; the first match wins."
      pending={create.isPending || update.isPending}
      labels={{ discardReasonId: "discard reason" }}
      onSubmit={async (v) => {
        if (rule) await update.mutateQuietly({ id: rule.id, input: inputOf(v) });
        else await create.mutateQuietly({ input: inputOf(v) });
      }}
    >
      <SelectField
        control={form.control}
        name="field"
        label="Field"
        required
        placeholder="Choose a field"
        options={fieldOptions}
      />
      <SelectField control={form.control} name="comparator" label="Comparison" required options={comparatorOptions} />
      {values.comparator === "EQUALS" ? (
        <FormField
          label="Value"
          required
          description="Compared without spaces around it, whatever the case."
          error={form.formState.errors.value?.message}
        >
          <Input maxLength={200} {...form.register("value")} />
        </FormField>
      ) : null}
      <SelectField
        control={form.control}
        name="discardReasonId"
        label="Discard reason"
        required
        placeholder="Choose a reason"
        options={namedOptions(reasons)}
      />
      <PreviewLine values={values} />
    </EditOrNewDialog>
  );
}
