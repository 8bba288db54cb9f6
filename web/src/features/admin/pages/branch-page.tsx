import { ArrowLeftIcon, ExternalLinkIcon, KeyRoundIcon, PlusIcon, SaveIcon, Trash2Icon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import type { RouteParams } from "@/lib/route-table";
import { describeMutationError } from "@/lib/use-gql-mutation";
import {
  type AdminBranch,
  type UpdateBranchInput,
  useBranchById,
  useCreateMessagingPhone,
  useDeleteMessagingPhone,
  useEditMessagingPhone,
  useResetBranchApiKey,
  useToggleBranchActivation,
  useToggleWatertightFeature,
  useUpdateBank,
  useUpdateBranch,
  useUpdatePortalFeature,
} from "../api";
import { enumLabel, formatDateTime, PORTAL_FEATURES, WATERTIGHT_FEATURES } from "../format";

type Branch = AdminBranch;

function Section({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
      {footer ? <CardFooter className="justify-end gap-2">{footer}</CardFooter> : null}
    </Card>
  );
}

function useSave(branch: Branch) {
  const update = useUpdateBranch();
  const [error, setError] = useState<string | null>(null);
  // A refusal or failure shows in the card's alert (error), not in a toast.
  const save = async (input: Omit<UpdateBranchInput, "branchId">, done = "Saved.") => {
    setError(null);
    try {
      await update.mutateQuietly({ input: { ...input, branchId: branch.id } });
      toast.success(done);
      return true;
    } catch (e) {
      setError(describeMutationError(e));
      return false;
    }
  };
  return { save, error, pending: update.isPending };
}

function ErrorNote({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  );
}

// ───────────── general settings ─────────────

const TEXT_FIELDS = [
  ["company", "Company"],
  ["internalName", "Internal name"],
  ["label", "Label"],
  ["host", "Host"],
  ["timeZone", "Time zone"],
  ["redirectUrl", "Redirect URL"],
  ["webSyncVersion", "Web sync version"],
  ["achPaymentSourceId", "ACH payment source"],
  ["cardPaymentSourceId", "Card payment source"],
  ["ecommerceWorkflowShortcutId", "E-commerce workflow shortcut"],
  ["internalRelayAlertRecipients", "Internal relay alert recipients"],
  ["externalRelayAlertRecipients", "External relay alert recipients"],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];

function GeneralCard({ branch }: { branch: Branch }) {
  const initial = () => ({
    ...Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, (branch[k] as string | null) ?? ""])),
    websyncSlaSeconds: String(branch.websyncSlaSeconds),
    denyInteractive: branch.denyInteractive,
  });
  const [form, setForm] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved branch changes
  useEffect(() => setForm(initial()), [branch]);
  const { save, error, pending } = useSave(branch);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, (form as Record<string, unknown>)[k] as string]));
    void save({
      ...(text as Record<TextKey, string>),
      websyncSlaSeconds: Number(form.websyncSlaSeconds),
      denyInteractive: form.denyInteractive,
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Branch settings">
      <Section
        title="Settings"
        description="The branch's names, address, time zone and integrations."
        footer={
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
            Save settings
          </Button>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map(([k, label]) => (
            <FormField key={k} label={label}>
              <Input
                value={(form as Record<string, unknown>)[k] as string}
                onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
              />
            </FormField>
          ))}
          <FormField label="Web sync SLA (seconds)">
            <Input
              inputMode="numeric"
              value={form.websyncSlaSeconds}
              onChange={(e) => setForm((f) => ({ ...f, websyncSlaSeconds: e.target.value }))}
            />
          </FormField>
          <FormField
            label="Deny interactive sign-in"
            orientation="horizontal"
            description="Only integrations (API keys) may use this branch."
          >
            <Switch
              checked={form.denyInteractive}
              onCheckedChange={(v) => setForm((f) => ({ ...f, denyInteractive: v }))}
            />
          </FormField>
        </div>
        <ErrorNote error={error} />
      </Section>
    </form>
  );
}

// ───────────── sign-up options and portal features ─────────────

function SignUpCard({ branch }: { branch: Branch }) {
  const { save, error, pending } = useSave(branch);
  return (
    <Section title="Sign-up options" description="How new customers may create a portal account.">
      <FormField
        label="Anyone may sign up"
        orientation="horizontal"
        description="Off: only existing customers (account number and security code) may create accounts."
      >
        <Switch
          disabled={pending}
          checked={branch.allowAnonymousSignUp}
          onCheckedChange={(v) =>
            void save({ allowAnonymousSignUp: v }, v ? "Anonymous sign-up is on." : "Anonymous sign-up is off.")
          }
        />
      </FormField>
      <FormField label="Sign up with a reference number" orientation="horizontal">
        <Switch
          disabled={pending}
          checked={branch.allowReferenceNumberSignUp}
          onCheckedChange={(v) => void save({ allowReferenceNumberSignUp: v })}
        />
      </FormField>
      <ErrorNote error={error} />
    </Section>
  );
}

function PortalFeaturesCard({ branch }: { branch: Branch }) {
  const update = useUpdatePortalFeature({
    successToast: (_, v) => `${enumLabel(v.feature)} is ${v.enabled ? "on" : "off"}.`,
  });
  const toggle = (feature: (typeof PORTAL_FEATURES)[number], enabled: boolean) =>
    update.run({ branchId: branch.id, feature, enabled });
  return (
    <Section title="Portal features" description="What the branch's customers see on the web portal and shop.">
      <div className="grid gap-3 sm:grid-cols-2">
        {PORTAL_FEATURES.map((f) => (
          <FormField key={f} label={enumLabel(f)} orientation="horizontal">
            <Switch
              disabled={update.isPending}
              checked={branch.features.includes(f)}
              onCheckedChange={(v) => void toggle(f, v)}
            />
          </FormField>
        ))}
      </div>
    </Section>
  );
}

// ───────────── watertight features with time windows ─────────────

/** ISO instant -> the value of a datetime-local input (local time), and back. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

function WatertightRow({ branch, feature }: { branch: Branch; feature: (typeof WATERTIGHT_FEATURES)[number] }) {
  const row = branch.watertightFeatures.find((w) => w.featureId === feature);
  const [start, setStart] = useState(toLocalInput(row?.startTime));
  const [end, setEnd] = useState(toLocalInput(row?.endTime));
  useEffect(() => {
    setStart(toLocalInput(row?.startTime));
    setEnd(toLocalInput(row?.endTime));
  }, [row?.startTime, row?.endTime]);
  const toggle = useToggleWatertightFeature({
    successToast: (_, v) => `${enumLabel(feature)} is ${v.enabled ? "on" : "off"}.`,
  });
  const run = (enabled: boolean) =>
    toggle.run({
      branchId: branch.id,
      featureId: feature,
      enabled,
      startTime: enabled ? fromLocalInput(start) : null,
      endTime: enabled ? fromLocalInput(end) : null,
    });
  const label = enumLabel(feature);
  const changed = !!row && (start !== toLocalInput(row.startTime) || end !== toLocalInput(row.endTime));
  return (
    <li className="grid gap-2 border-b py-3 last:border-b-0 md:grid-cols-[minmax(0,14rem)_1fr_1fr_auto] md:items-end">
      <FormField label={label} orientation="horizontal">
        <Switch disabled={toggle.isPending} checked={!!row} onCheckedChange={(v) => void run(v)} />
      </FormField>
      <FormField label="From" labelClassName="text-xs text-muted-foreground">
        <Input
          type="datetime-local"
          aria-label={`${label} from`}
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
      </FormField>
      <FormField label="Until" labelClassName="text-xs text-muted-foreground">
        <Input
          type="datetime-local"
          aria-label={`${label} until`}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
        />
      </FormField>
      <Button
        variant="outline"
        size="sm"
        disabled={toggle.isPending || (!!row && !changed)}
        onClick={() => void run(true)}
        aria-label={row ? `Save ${label} window` : `Turn on ${label}`}
      >
        {row ? "Save window" : "Turn on"}
      </Button>
    </li>
  );
}

function WatertightCard({ branch }: { branch: Branch }) {
  return (
    <Section
      title="Watertight features"
      description="Features of the desktop and mobile apps. A feature with a window is on only between its dates (empty: open-ended)."
    >
      <ul aria-label="Watertight features">
        {WATERTIGHT_FEATURES.map((f) => (
          <WatertightRow key={f} branch={branch} feature={f} />
        ))}
      </ul>
    </Section>
  );
}

// ───────────── keys ─────────────

function KeysCard({ branch }: { branch: Branch }) {
  const reset = useResetBranchApiKey();
  const [shown, setShown] = useState<string | null>(null);
  const [keys, setKeys] = useState({ saleApiKey: "", paymentApiKey: "", collectJsApiKey: "" });
  const { save, error, pending } = useSave(branch);
  const typed = Object.fromEntries(Object.entries(keys).filter(([, v]) => v.trim() !== ""));
  const saveKeys = async () => {
    if (await save(typed, "Keys saved.")) setKeys({ saleApiKey: "", paymentApiKey: "", collectJsApiKey: "" });
  };
  const masked: [keyof typeof keys, string, string][] = [
    ["saleApiKey", "Sale API key", branch.saleApiKeyMasked],
    ["paymentApiKey", "Payment API key", branch.paymentApiKeyMasked],
    ["collectJsApiKey", "Collect.js key", branch.collectJsApiKeyMasked],
  ];
  return (
    <Section
      title="Keys"
      description="Keys are write-only: once saved they show masked. Type a new key to replace one."
      footer={
        <Button disabled={pending || Object.keys(typed).length === 0} onClick={() => void saveKeys()}>
          {pending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
          Save keys
        </Button>
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
        <div className="grid gap-0.5">
          <span className="font-medium text-sm">Branch API key</span>
          <span className="font-mono text-muted-foreground text-sm" data-testid="branch-api-key">
            {branch.apiKeyMasked || "Not set"}
          </span>
        </div>
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
            const r = await reset.mutateAsync({ branchId: branch.id });
            setShown(r.resetBranchApiKey.apiKey);
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {masked.map(([k, label, m]) => (
          <FormField key={k} label={label} description={m ? `Saved: ${m}` : "Not set"}>
            <Input
              type="password"
              autoComplete="off"
              placeholder="New key"
              value={keys[k]}
              onChange={(e) => setKeys((s) => ({ ...s, [k]: e.target.value }))}
            />
          </FormField>
        ))}
      </div>
      <ErrorNote error={error} />
      <Dialog open={!!shown} onOpenChange={(o) => !o && setShown(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>The new API key</DialogTitle>
            <DialogDescription>Copy it now: it is shown this once and never again.</DialogDescription>
          </DialogHeader>
          <code className="break-all rounded-md bg-muted p-3 font-mono text-sm" data-testid="new-api-key">
            {shown}
          </code>
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(shown ?? "");
                toast.success("Copied.");
              }}
            >
              Copy
            </Button>
            <Button onClick={() => setShown(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Section>
  );
}

// ───────────── banks ─────────────

type BankRow = Branch["banks"][number];

function BankDialog({ branch, bank, onClose }: { branch: Branch; bank: BankRow | null; onClose: () => void }) {
  const update = useUpdateBank({ successToast: bank ? "Bank saved." : "Bank added." });
  const [form, setForm] = useState({
    name: bank?.name ?? "",
    shortDescription: bank?.shortDescription ?? "",
    paymentApiKey: "",
    saleApiKey: "",
    collectJsKey: "",
    inactive: bank?.inactive ?? false,
  });
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const keys = Object.fromEntries(
      (["paymentApiKey", "saleApiKey", "collectJsKey"] as const).flatMap((k) => (form[k].trim() ? [[k, form[k]]] : [])),
    );
    try {
      await update.mutateQuietly({
        input: {
          branchId: branch.id,
          id: bank?.id ?? null,
          name: form.name,
          shortDescription: form.shortDescription,
          inactive: form.inactive,
          ...keys,
        },
      });
      onClose();
    } catch (err) {
      setError(describeMutationError(err)); // in the dialog's alert
    }
  };
  const masked = {
    paymentApiKey: bank?.paymentApiKeyMasked,
    saleApiKey: bank?.saleApiKeyMasked,
    collectJsKey: bank?.collectJsKeyMasked,
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{bank ? `Bank: ${bank.name}` : "New bank"}</DialogTitle>
          <DialogDescription>Keys are write-only: leave a key empty to keep the saved one.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Bank">
          <FormField label="Name" required>
            <Input value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />
          </FormField>
          <FormField label="Short description">
            <Input
              value={form.shortDescription}
              onChange={(e) => setForm((f) => ({ ...f, shortDescription: e.target.value }))}
            />
          </FormField>
          {(
            [
              ["paymentApiKey", "Payment key"],
              ["saleApiKey", "Sale key"],
              ["collectJsKey", "Collect.js key"],
            ] as const
          ).map(([k, label]) => (
            <FormField key={k} label={label} description={masked[k] ? `Saved: ${masked[k]}` : undefined}>
              <Input
                type="password"
                autoComplete="off"
                placeholder={masked[k] ? "Keep the saved key" : ""}
                value={form[k]}
                onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
              />
            </FormField>
          ))}
          <FormField label="Inactive" orientation="horizontal">
            <Switch checked={form.inactive} onCheckedChange={(v) => setForm((f) => ({ ...f, inactive: v }))} />
          </FormField>
          <ErrorNote error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
              Save bank
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function BanksCard({ branch }: { branch: Branch }) {
  const [editing, setEditing] = useState<BankRow | "new" | null>(null);
  return (
    <Section
      title="Banks"
      description="The payment gateway accounts the branch deposits to."
      footer={
        <Button variant="outline" onClick={() => setEditing("new")}>
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
              <Button variant="outline" size="sm" onClick={() => setEditing(b)} aria-label={`Edit ${b.name}`}>
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <BankDialog branch={branch} bank={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Section>
  );
}

// ───────────── messaging phones ─────────────

type PhoneRow = Branch["messagingPhones"][number];
const PLATFORMS = ["SMS", "PHONE", "EMAIL"] as const;

function PhoneDialog({ branch, phone, onClose }: { branch: Branch; phone: PhoneRow | null; onClose: () => void }) {
  const create = useCreateMessagingPhone({ successToast: "Phone added." });
  const edit = useEditMessagingPhone({ successToast: "Phone saved." });
  const [form, setForm] = useState({
    phone: phone?.phone ?? "",
    messagePlatform: (phone?.messagePlatform ?? "SMS") as (typeof PLATFORMS)[number],
    description: phone?.description ?? "",
    inactive: phone?.inactive ?? false,
  });
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      if (phone) await edit.mutateQuietly({ messagingPhoneId: phone.id, input: form });
      else await create.mutateQuietly({ branchId: branch.id, input: form });
      onClose();
    } catch (err) {
      setError(describeMutationError(err)); // in the dialog's alert
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{phone ? "Messaging phone" : "New messaging phone"}</DialogTitle>
          <DialogDescription>A number the branch texts or calls customers from.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Messaging phone">
          <FormField label="Phone" required>
            <Input type="tel" value={form.phone} onChange={(e) => setForm((f) => ({ ...f, phone: e.target.value }))} />
          </FormField>
          <FormField label="Platform">
            {(control) => (
              <Select
                value={form.messagePlatform}
                onValueChange={(v) => setForm((f) => ({ ...f, messagePlatform: v as (typeof PLATFORMS)[number] }))}
              >
                <SelectTrigger {...control} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PLATFORMS.map((p) => (
                    <SelectItem key={p} value={p}>
                      {p}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField label="Description">
            <Input value={form.description} onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))} />
          </FormField>
          <FormField label="Inactive" orientation="horizontal">
            <Switch checked={form.inactive} onCheckedChange={(v) => setForm((f) => ({ ...f, inactive: v }))} />
          </FormField>
          <ErrorNote error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || edit.isPending}>
              <SaveIcon aria-hidden="true" />
              Save phone
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PhonesCard({ branch }: { branch: Branch }) {
  const [editing, setEditing] = useState<PhoneRow | "new" | null>(null);
  const remove = useDeleteMessagingPhone({ successToast: true });
  return (
    <Section
      title="Messaging phones"
      footer={
        <Button variant="outline" onClick={() => setEditing("new")}>
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
                <Button variant="outline" size="sm" onClick={() => setEditing(p)} aria-label={`Edit ${p.phone}`}>
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
      {editing ? (
        <PhoneDialog branch={branch} phone={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Section>
  );
}

// ───────────── notices ─────────────

const SEVERITIES = ["NORMAL", "IMPORTANT", "HEADER", "SUBTLE"] as const;
type Severity = (typeof SEVERITIES)[number];

function NoticesCard({ branch }: { branch: Branch }) {
  const initial = () => branch.notices.map((n) => ({ severity: n.severity as Severity, message: n.message }));
  const [notices, setNotices] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved notices change
  useEffect(() => setNotices(initial()), [branch.notices]);
  const { save, error, pending } = useSave(branch);
  return (
    <Section
      title="Notices"
      description="Messages shown to the branch's users, by severity."
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => setNotices((n) => [...n, { severity: "NORMAL", message: "" }])}
            disabled={notices.length >= 20}
          >
            <PlusIcon aria-hidden="true" />
            Add notice
          </Button>
          <Button disabled={pending} onClick={() => void save({ notices }, "Notices saved.")}>
            {pending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
            Save notices
          </Button>
        </>
      }
    >
      {notices.length === 0 ? <p className="text-muted-foreground text-sm">No notices.</p> : null}
      {notices.map((n, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
          <Select
            value={n.severity}
            onValueChange={(v) =>
              setNotices((all) => all.map((x, j) => (j === i ? { ...x, severity: v as Severity } : x)))
            }
          >
            <SelectTrigger aria-label={`Notice ${i + 1} severity`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SEVERITIES.map((s) => (
                <SelectItem key={s} value={s}>
                  {enumLabel(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Textarea
            aria-label={`Notice ${i + 1} message`}
            rows={2}
            value={n.message}
            onChange={(e) => setNotices((all) => all.map((x, j) => (j === i ? { ...x, message: e.target.value } : x)))}
          />
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove notice ${i + 1}`}
            onClick={() => setNotices((all) => all.filter((_, j) => j !== i))}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ))}
      <ErrorNote error={error} />
    </Section>
  );
}

// ───────────── the page ─────────────

function Header({ branch }: { branch: Branch }) {
  const toggle = useToggleBranchActivation({
    successToast: () => (branch.inactive ? "Branch activated." : "Branch deactivated."),
  });
  return (
    <PageHeader
      title={
        <span className="flex flex-wrap items-center gap-2">
          {branch.company}
          {branch.inactive ? <Badge variant="destructive">Inactive</Badge> : <Badge variant="success">Active</Badge>}
        </span>
      }
      description={
        <>
          Branch {branch.branchNumber} of {branch.tenantName} · host <span className="font-mono">{branch.host}</span> ·
          last sync {formatDateTime(branch.lastWtdSync)} · last payment run{" "}
          {formatDateTime(branch.lastPaymentProcessTime)}
        </>
      }
      actions={
        <>
          <Button variant="outline" asChild>
            <a href={`/?host=${encodeURIComponent(branch.host)}`} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Open portal
            </a>
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant={branch.inactive ? "default" : "destructive"}>
                {branch.inactive ? "Activate branch" : "Deactivate branch"}
              </Button>
            }
            title={branch.inactive ? "Activate this branch?" : "Deactivate this branch?"}
            description={
              branch.inactive
                ? "Its portal and sign-in open again at once."
                : "Its portal shows 'not enabled' and its users cannot sign in, at once."
            }
            destructive={!branch.inactive}
            confirmLabel={branch.inactive ? "Activate" : "Deactivate"}
            onConfirm={() => toggle.mutateAsync({ branchId: branch.id })}
          />
        </>
      }
    />
  );
}

/** admin/b/{branchId}: every setting of one branch. */
export default function BranchPage({ params }: { params: RouteParams }) {
  const branchId = params.branchId ?? "";
  const q = useBranchById(branchId);
  const branch = q.data?.branchById;
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <DocumentTitle title={branch ? `${branch.company} · Branches` : "Branch"} />
      <Link
        href="/admin/b"
        className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Branches
      </Link>
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : !branch ? (
        <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
          <Skeleton className="h-12 w-1/2" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <>
          <Header branch={branch} />
          {branch.inactive ? (
            <Alert variant="warning">
              <AlertTitle>This branch is inactive</AlertTitle>
              <AlertDescription>Its portal shows "not enabled" and its users cannot sign in.</AlertDescription>
            </Alert>
          ) : null}
          <GeneralCard branch={branch} />
          <div className="grid gap-4 lg:grid-cols-2">
            <PortalFeaturesCard branch={branch} />
            <SignUpCard branch={branch} />
          </div>
          <WatertightCard branch={branch} />
          <KeysCard branch={branch} />
          <div className="grid gap-4 lg:grid-cols-2">
            <BanksCard branch={branch} />
            <PhonesCard branch={branch} />
          </div>
          <NoticesCard branch={branch} />
        </>
      )}
    </div>
  );
}
