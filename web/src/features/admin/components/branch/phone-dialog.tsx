import { SaveIcon } from "lucide-react";
import { z } from "zod";
import { SelectField, SwitchField, useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type AdminBranch, useCreateMessagingPhone, useEditMessagingPhone } from "../../api";
import type { PhoneRow } from "./branch-context";

const PLATFORMS = ["SMS", "PHONE", "EMAIL"] as const;
const PLATFORM_OPTIONS = PLATFORMS.map((p) => ({ value: p, label: p }));
const schema = z.object({
  phone: z.string().trim().min(1, "Enter the phone number."),
  messagePlatform: z.enum(PLATFORMS),
  description: z.string(),
  inactive: z.boolean(),
});

/** A new messaging phone or one phone's platform, description and state. */
export function PhoneDialog({
  branch,
  phone,
  onClose,
}: {
  branch: AdminBranch;
  phone: PhoneRow | null;
  onClose: () => void;
}) {
  const create = useCreateMessagingPhone({ successToast: "Phone added." });
  const edit = useEditMessagingPhone({ successToast: "Phone saved." });
  const form = useZodForm(schema, {
    phone: phone?.phone ?? "",
    messagePlatform: (phone?.messagePlatform ?? "SMS") as (typeof PLATFORMS)[number],
    description: phone?.description ?? "",
    inactive: phone?.inactive ?? false,
  });
  const { errors } = form.formState;
  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title={phone ? "Messaging phone" : "New messaging phone"}
      description="A number the branch texts or calls customers from."
      submitLabel="Save phone"
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={create.isPending || edit.isPending}
      onSubmit={async (input) => {
        if (phone) await edit.mutateQuietly({ messagingPhoneId: phone.id, input });
        else await create.mutateQuietly({ branchId: branch.id, input });
      }}
    >
      <FormField label="Phone" required error={errors.phone?.message}>
        <Input type="tel" {...form.register("phone")} />
      </FormField>
      <SelectField control={form.control} name="messagePlatform" label="Platform" options={PLATFORM_OPTIONS} />
      <FormField label="Description" error={errors.description?.message}>
        <Input {...form.register("description")} />
      </FormField>
      <SwitchField control={form.control} name="inactive" label="Inactive" />
    </MountedFormDialog>
  );
}
