import { CreateDialog, type DialogState, SelectField, TextField, useZodForm } from "@/components/form";
import { useOverview } from "@/lib/overview";
import { type AutomationEventInfo, useCreateAutomation } from "../api";
import { automationHref } from "../labels";
import { NEW_LABELS, newAutomationSchema } from "../schema";
import { PersonField } from "./fields";

/** "New automation": its name, event and owner; it is saved OFF and its page opens for the rest. */
export function NewAutomationDialog({ events, ...dialog }: DialogState & { events: readonly AutomationEventInfo[] }) {
  const { overview } = useOverview();
  const form = useZodForm(newAutomationSchema, {
    name: "",
    event: "ACTIVITY_RESOLVED",
    ownerPersonId: overview?.employeePersonId ?? "",
  });
  const create = useCreateAutomation();
  return (
    <CreateDialog
      {...dialog}
      form={form}
      title="New automation"
      description="Name it and pick what starts it. It stays off while you add its conditions and actions."
      submitLabel="Create automation"
      pending={create.isPending}
      labels={NEW_LABELS}
      onSubmit={(v) =>
        create.mutateQuietly({
          input: { name: v.name, event: v.event, status: "OFF", ownerPersonId: v.ownerPersonId || null },
        })
      }
      opens={(r) => r.createAutomation.automation && automationHref(r.createAutomation.automation.id)}
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
    </CreateDialog>
  );
}
