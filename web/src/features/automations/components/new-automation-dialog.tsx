import { type DialogState, TextField, useZodForm } from "@/components/form";
import { NewRecordDialog } from "@/components/record-forms";
import { useOverview } from "@/lib/overview";
import { type AutomationEventInfo, useCreateAutomation } from "../api";
import { automationHref } from "../labels";
import { NEW_AUTOMATION_FORMS, newAutomationSchema } from "../schema";
import { EventOwnerFields } from "./fields";

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
    <NewRecordDialog
      {...dialog}
      forms={NEW_AUTOMATION_FORMS}
      form={form}
      pending={create.isPending}
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
      <EventOwnerFields control={form.control} events={events} />
    </NewRecordDialog>
  );
}
