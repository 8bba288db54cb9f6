import { PlusIcon, Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type AdminBranch, useDeleteMessagingPhone } from "../../api";
import { useBranchPage } from "./branch-context";
import { Section } from "./section";

/** The payment gateway accounts the branch deposits to; Add and Edit open the bank dialog. */
export function BanksCard({ branch }: { branch: AdminBranch }) {
  const { open } = useBranchPage();
  return (
    <Section
      title="Banks"
      description="The payment gateway accounts the branch deposits to."
      footer={
        <Button variant="outline" onClick={() => open({ kind: "bank", bank: null })}>
          <PlusIcon aria-hidden="true" />
          Add bank
        </Button>
      }
    >
      {branch.banks.length === 0 ? (
        <p className="text-muted-foreground text-sm">No banks yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Banks">
          {branch.banks.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="grid gap-0.5">
                <span className="font-medium">
                  {b.name} {b.inactive ? <Badge variant="outline">Inactive</Badge> : null}
                </span>
                <span className="text-muted-foreground text-xs">
                  {b.shortDescription} · payment {b.paymentApiKeyMasked || "—"} · sale {b.saleApiKeyMasked || "—"} ·
                  Collect.js {b.collectJsKeyMasked || "—"}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => open({ kind: "bank", bank: b })}
                aria-label={`Edit ${b.name}`}
              >
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The numbers the branch texts or calls customers from; Add and Edit open the phone dialog. */
export function PhonesCard({ branch }: { branch: AdminBranch }) {
  const { open } = useBranchPage();
  const remove = useDeleteMessagingPhone({ successToast: true });
  return (
    <Section
      title="Messaging phones"
      footer={
        <Button variant="outline" onClick={() => open({ kind: "phone", phone: null })}>
          <PlusIcon aria-hidden="true" />
          Add phone
        </Button>
      }
    >
      {branch.messagingPhones.length === 0 ? (
        <p className="text-muted-foreground text-sm">No messaging phones yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Messaging phones">
          {branch.messagingPhones.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="grid gap-0.5">
                <span className="font-medium font-mono">
                  {p.phone} <Badge variant="secondary">{p.messagePlatform}</Badge>{" "}
                  {p.inactive ? <Badge variant="outline">Inactive</Badge> : null}
                </span>
                <span className="text-muted-foreground text-xs">{p.description || "No description"}</span>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => open({ kind: "phone", phone: p })}
                  aria-label={`Edit ${p.phone}`}
                >
                  Edit
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="icon-sm" aria-label={`Remove ${p.phone}`}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  }
                  title={`Remove ${p.phone}?`}
                  destructive
                  onConfirm={() => remove.mutateAsync({ messagingPhoneId: p.id })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
