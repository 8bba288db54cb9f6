import { z } from "zod";
import { FormCard, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { useAddAdminUser } from "../../api";

export const PASSWORD_RULE = "Passwords must be at least 6 characters";

const schema = z.object({
  firstName: z.string().trim().min(1, "Enter the first name."),
  lastName: z.string().trim().min(1, "Enter the last name."),
  email: z.string().trim().min(1, "Enter the email address.").email("Enter a valid email address."),
  password: z.string().min(6, PASSWORD_RULE),
});
const EMPTY = { firstName: "", lastName: "", email: "", password: "" };

/** A new super admin: they can sign in on any branch and use this console. */
export function AddAdminCard() {
  const add = useAddAdminUser({ successToast: true, invalidates: ["AdminUsers"] });
  const form = useZodForm(schema, EMPTY);
  const { errors } = form.formState;
  return (
    <FormCard
      form={form}
      title="Add admin user"
      description="A super admin can sign in on any branch and use this console."
      submitLabel="Add admin user"
      pending={add.isPending}
      onSubmit={async (input) => {
        await add.mutateQuietly({ input });
        form.reset(EMPTY);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" required error={errors.firstName?.message}>
          <Input autoComplete="off" {...form.register("firstName")} />
        </FormField>
        <FormField label="Last name" required error={errors.lastName?.message}>
          <Input autoComplete="off" {...form.register("lastName")} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </FormField>
        <FormField label="Password" required description={PASSWORD_RULE} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("password")} />
        </FormField>
      </div>
    </FormCard>
  );
}
