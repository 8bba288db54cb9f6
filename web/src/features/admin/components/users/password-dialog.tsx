import { KeyRoundIcon } from "lucide-react";
import { z } from "zod";
import { useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { type PlatformUser, useChangeUserPassword } from "../../api";
import { PASSWORD_RULE } from "./add-admin-card";

const schema = z.object({ password: z.string().min(6, PASSWORD_RULE) });

/** Any user's new password; their open sessions end. */
export function PasswordDialog({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const change = useChangeUserPassword({ successToast: true });
  const form = useZodForm(schema, { password: "" });
  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title={`Change the password of ${user.email}`}
      description="Their open sessions end: they sign in again with the new password."
      submitLabel="Change password"
      submitIcon={<KeyRoundIcon aria-hidden="true" />}
      pending={change.isPending}
      refusalField="password"
      onSubmit={({ password }) => change.mutateQuietly({ userId: user.id, password })}
    >
      <FormField
        label="New password"
        required
        description={PASSWORD_RULE}
        error={form.formState.errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" {...form.register("password")} />
      </FormField>
    </MountedFormDialog>
  );
}
