import type { UseFormReturn } from "react-hook-form";
import { Controller } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import type { PersonValues } from "../schema";

/** The fields of a person (add and edit share them). */
export function PersonFields({ form, disabled }: { form: UseFormReturn<PersonValues>; disabled?: boolean }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="First name" required error={errors.firstName?.message}>
        <Input autoComplete="off" disabled={disabled} {...form.register("firstName")} />
      </FormField>
      <FormField label="Last name" required error={errors.lastName?.message}>
        <Input autoComplete="off" disabled={disabled} {...form.register("lastName")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message} description="They sign in with it.">
        <Input type="email" autoComplete="off" disabled={disabled} {...form.register("email")} />
      </FormField>
      <FormField label="Phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="off" disabled={disabled} {...form.register("phone")} />
      </FormField>
      <FormField label="Job title" error={errors.jobTitle?.message} className="sm:col-span-2">
        <Input autoComplete="off" disabled={disabled} {...form.register("jobTitle")} />
      </FormField>
      <Controller
        control={form.control}
        name="etaReminders"
        render={({ field }) => (
          <FormField
            label="ETA reminders"
            orientation="horizontal"
            description="Gets reminders about delivery ETAs (drivers, dispatch)."
            className="sm:col-span-2"
          >
            <Switch checked={field.value} onCheckedChange={field.onChange} disabled={disabled} />
          </FormField>
        )}
      />
    </div>
  );
}
