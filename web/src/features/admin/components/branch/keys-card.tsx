import { KeyRoundIcon } from "lucide-react";
import { z } from "zod";
import { FormCard, useZodForm } from "@/components/form";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type AdminBranch, useResetBranchApiKey, useUpdateBranch } from "../../api";
import { useBranchPage } from "./branch-context";
import { Section } from "./section";

/** The branch's own API key: shown masked; a reset shows the new key once (in a dialog). */
export function ApiKeyCard({ branch }: { branch: AdminBranch }) {
  const reset = useResetBranchApiKey({ successToast: false });
  const { open } = useBranchPage();
  return (
    <Section title="Branch API key" description="Desktop clients, relays and terminals sign their requests with it.">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
        <span className="font-mono text-muted-foreground text-sm" data-testid="branch-api-key">
          {branch.apiKeyMasked || "Not set"}
        </span>
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <KeyRoundIcon aria-hidden="true" />
              Reset API key
            </Button>
          }
          title="Reset the branch API key?"
          description="The current key stops working at once: desktop clients, relays and terminals need the new one."
          confirmLabel="Reset key"
          destructive
          onConfirm={async () => {
            const r = await reset.run({ branchId: branch.id });
            if (r) open({ kind: "apiKey", apiKey: r.resetBranchApiKey.apiKey });
          }}
        />
      </div>
    </Section>
  );
}

const schema = z.object({ saleApiKey: z.string(), paymentApiKey: z.string(), collectJsApiKey: z.string() });
const EMPTY = { saleApiKey: "", paymentApiKey: "", collectJsApiKey: "" };

/** The payment gateway's keys: write-only, shown masked once saved; a key left empty is kept. */
export function GatewayKeysCard({ branch }: { branch: AdminBranch }) {
  const update = useUpdateBranch({ successToast: "Keys saved." });
  const form = useZodForm(schema, EMPTY);
  const masked: [keyof typeof EMPTY, string, string][] = [
    ["saleApiKey", "Sale API key", branch.saleApiKeyMasked],
    ["paymentApiKey", "Payment API key", branch.paymentApiKeyMasked],
    ["collectJsApiKey", "Collect.js key", branch.collectJsApiKeyMasked],
  ];
  return (
    <FormCard
      form={form}
      title="Gateway keys"
      description="Keys are write-only: once saved they show masked. Type a new key to replace one."
      submitLabel="Save keys"
      pending={update.isPending}
      onSubmit={async (v) => {
        const typed = Object.fromEntries(Object.entries(v).filter(([, key]) => key.trim() !== ""));
        await update.mutateQuietly({ input: { ...typed, branchId: branch.id } });
        form.reset(EMPTY);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {masked.map(([k, label, m]) => (
          <FormField
            key={k}
            label={label}
            description={m ? `Saved: ${m}` : "Not set"}
            error={form.formState.errors[k]?.message}
          >
            <Input type="password" autoComplete="off" placeholder="New key" {...form.register(k)} />
          </FormField>
        ))}
      </div>
    </FormCard>
  );
}
