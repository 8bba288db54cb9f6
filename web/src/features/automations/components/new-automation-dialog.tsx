import { PlusIcon } from "lucide-react";
import { useLocation } from "wouter";
import { FormDialog, SelectField, TextField, useZodForm } from "@/components/form";
import { useOverview } from "@/lib/overview";
import { type AutomationEventInfo, useCreateAutomation } from "../api";
import { automationHref } from "../labels";
import { NEW_LABELS, newAutomationSchema } from "../schema";
import { PersonField } from "./fields";

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
      <TextField
        control={form.control}
        name="name"
        label="Name"
        required
        placeholder="Book the install when a sale is resolved"
      />
      <SelectField
        control={form.control}
        name="event"
        label="When"
        required
        options={events.map((e) => ({ value: e.event, label: e.label }))}
      />
      <PersonField control={form.control} name="ownerPersonId" label="Owner" description="Told when a run fails." />
    </FormDialog>
  );
}
