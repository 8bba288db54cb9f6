import { FormField } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import { type AdminBranch, useUpdateBranch } from "../../api";
import { Section } from "./section";

/** Who may create a portal account: each switch saves at once. */
export function SignUpCard({ branch }: { branch: AdminBranch }) {
  const update = useUpdateBranch({
    successToast: (_, v) =>
      v.input.allowAnonymousSignUp === undefined
        ? "Saved."
        : v.input.allowAnonymousSignUp
          ? "Anonymous sign-up is on."
          : "Anonymous sign-up is off.",
  });
  return (
    <Section title="Sign-up options" description="How new customers may create a portal account.">
      <FormField
        label="Anyone may sign up"
        orientation="horizontal"
        description="Off: only existing customers (account number and security code) may create accounts."
      >
        <Switch
          disabled={update.isPending}
          checked={branch.allowAnonymousSignUp}
          onCheckedChange={(v) => void update.run({ input: { branchId: branch.id, allowAnonymousSignUp: v } })}
        />
      </FormField>
      <FormField label="Sign up with a reference number" orientation="horizontal">
        <Switch
          disabled={update.isPending}
          checked={branch.allowReferenceNumberSignUp}
          onCheckedChange={(v) => void update.run({ input: { branchId: branch.id, allowReferenceNumberSignUp: v } })}
        />
      </FormField>
    </Section>
  );
}
