import { CopyIcon, KeyRoundIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { toast } from "sonner";
import { ListPage } from "@/components/data-list/list-page";
import { FormDialog, useZodForm } from "@/components/form";
import { QueryState } from "@/components/shell/query-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useHasPermission } from "@/lib/permissions";
import {
  type ApiKeyRow,
  type Permission,
  useApiKeys,
  useCreateApiKey,
  useDeleteApiKey,
  useToggleEmployeePermission,
} from "../api";
import { GrantList } from "../components/grant-list";
import { PersonSelect } from "../components/person-select";
import { apiKeySchema } from "../schema";

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "never";

function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const create = useCreateApiKey({ successToast: false });
  const form = useZodForm(apiKeySchema, { name: "", personId: "" });
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const { errors } = form.formState;

  // The key is shown once: Esc or a click outside does not close the dialog before it was copied
  // (Done still does, deliberately).
  const close = (o: boolean, deliberate = false) => {
    if (!o && key && !copied && !deliberate) return;
    if (!o) {
      setKey(null);
      setCopied(false);
    }
    onOpenChange(o);
  };
  const created = key ? (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Copy your new key</DialogTitle>
        <DialogDescription>
          This is the only time it is shown: we keep only a fingerprint of it. Give it grants on this page.
        </DialogDescription>
      </DialogHeader>
      <FormField label="API key">
        <Input readOnly value={key} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      </FormField>
      <p className="text-muted-foreground text-xs">
        Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> with each GraphQL request.
      </p>
      <DialogFooter>
        <Button
          variant="outline"
          onClick={() =>
            navigator.clipboard?.writeText(key).then(() => {
              setCopied(true);
              toast.success("Key copied.");
            })
          }
        >
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button onClick={() => close(false, true)}>Done</Button>
      </DialogFooter>
    </div>
  ) : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      form={form}
      title="New API key"
      description="The key acts for one person, with only the grants you give the key itself."
      submitLabel="Create key"
      labels={{ personId: "person" }}
      replacement={created}
      onSubmit={async (values) => {
        const r = (await create.mutateQuietly({ input: values })).createApiKey;
        setKey(r.key ?? null);
        form.reset();
        return false; // the dialog stays open to show the key
      }}
    >
      <FormField label="Name" required description="What uses it, e.g. “Accounting sync”." error={errors.name?.message}>
        <Input maxLength={80} autoFocus {...form.register("name")} />
      </FormField>
      <Controller
        control={form.control}
        name="personId"
        render={({ field }) => (
          <FormField label="Acts for" required error={errors.personId?.message}>
            {(control) => (
              <PersonSelect value={field.value} onValueChange={field.onChange} {...control} className="w-full" />
            )}
          </FormField>
        )}
      />
    </FormDialog>
  );
}

function KeyCard({ apiKey }: { apiKey: ApiKeyRow }) {
  const has = useHasPermission();
  const del = useDeleteApiKey();
  const toggle = useToggleEmployeePermission();
  const setGrant = (permission: Permission, granted: boolean) =>
    toggle.run({ input: { actorType: "API_KEYS", actorId: apiKey.id, permission, granted } });
  return (
    <Card aria-label={`API key ${apiKey.name}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle asChild>
            <h2 className="flex flex-wrap items-center gap-2">
              {apiKey.name}
              <Badge variant="outline" className="font-mono">
                {apiKey.keyPrefix}…
              </Badge>
            </h2>
          </CardTitle>
          <CardDescription>
            Acts for {apiKey.person?.fullName ?? "nobody"} · created {when(apiKey.createdAt)} · last used{" "}
            {when(apiKey.lastUsedAt)}
          </CardDescription>
        </div>
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
          }
          destructive
          title={`Delete the key ${apiKey.name}?`}
          description="Whatever uses it is refused from its next request on. This cannot be undone."
          onConfirm={() => del.mutateAsync({ apiKeyId: apiKey.id })}
        />
      </CardHeader>
      <CardContent>
        <details>
          <summary className="cursor-pointer text-sm">
            Grants ({apiKey.permissions.length ? apiKey.permissions.length : "none yet"})
          </summary>
          <div className="pt-3">
            <GrantList
              idPrefix={`key-${apiKey.id}`}
              held={apiKey.permissions}
              onToggle={setGrant}
              disabled={toggle.isPending}
              canGrantAdministrator={has("ADMINISTRATIVE_SETUP")}
            />
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

/** team/api-keys: keys other systems use, the person each acts for, their own grants. */
export default function ApiKeysPage() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  return (
    <ListPage
      title="API keys"
      description="Keys that let other systems call your account, and what each may do."
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          New API key
        </Button>
      }
    >
      <Alert>
        <AlertTitle>How a key works</AlertTitle>
        <AlertDescription>
          A system sends the key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. It acts for
          the chosen person but may do only what the key's own grants allow. Deleting a key stops it at once.
        </AlertDescription>
      </Alert>
      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <QueryState query={keys} loading={<Skeleton className="h-40" />}>
        {(data) =>
          data.apiKeys.length === 0 ? (
            <EmptyState
              icon={<KeyRoundIcon aria-hidden="true" />}
              title="No API keys yet"
              description="Create one for each system that connects to your account."
            />
          ) : (
            <div className="grid grid-cols-1 gap-4">
              {data.apiKeys.map((k) => (
                <KeyCard key={k.id} apiKey={k} />
              ))}
            </div>
          )
        }
      </QueryState>
    </ListPage>
  );
}
