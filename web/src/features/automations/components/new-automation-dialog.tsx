import { PlusIcon } from "lucide-react";
import { Controller } from "react-hook-form";
import { useLocation } from "wouter";
import { FormDialog, SelectField, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PersonSelect } from "@/features/personnel/components/person-select";
import { useOverview } from "@/lib/overview";
import { type AutomationEventInfo, useCreateAutomation } from "../api";
import { automationHref } from "../labels";
import { NEW_LABELS, newAutomationSchema } from "../schema";

/** "New automation": its name, event and owner; it is saved OFF and its page opens for the rest. */
export function NewAutomationDialog({
  open,
  onOpenChange,
  events,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  events: readonly AutomationEventInfo[];
}) {
  const [, navigate] = useLocation();
  const { overview } = useOverview();
  const form = useZodForm(newAutomationSchema, {
    name: "",
    event: "ACTIVITY_RESOLVED",
    ownerPersonId: overview?.employeePersonId ?? "",
  });
  const create = useCreateAutomation({
    onSuccess: (r) => {
      if (r.createAutomation.automation) navigate(automationHref(r.createAutomation.automation.id));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="New automation"
      description="Name it and pick what starts it. It stays off while you add its conditions and actions."
      formLabel="New automation"
      submitLabel="Create automation"
      submitIcon={<PlusIcon aria-hidden="true" />}
      pending={create.isPending}
      labels={NEW_LABELS}
      onSubmit={(v) =>
        create.mutateQuietly({
          input: { name: v.name, event: v.event, status: "OFF", ownerPersonId: v.ownerPersonId || null },
        })
      }
    >
      <Controller
        control={form.control}
        name="name"
        render={({ field, fieldState }) => (
          <FormField label="Name" required error={fieldState.error?.message}>
            <Input {...field} placeholder="Book the install when a sale is resolved" />
          </FormField>
        )}
      />
      <SelectField
        control={form.control}
        name="event"
        label="When"
        required
        options={events.map((e) => ({ value: e.event, label: e.label }))}
      />
      <Controller
        control={form.control}
        name="ownerPersonId"
        render={({ field, fieldState }) => (
          <FormField label="Owner" description="Told when a run fails." error={fieldState.error?.message}>
            {(control) => <PersonSelect {...control} value={field.value} onValueChange={field.onChange} />}
          </FormField>
        )}
      />
    </FormDialog>
  );
}
