import { CopyIcon, KeyRoundIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { EditOrNewDialog, type EditOrNewWords, useDialogForm } from "@/components/edit-or-new-dialog";
import { type DialogState, optionsOf, SelectField, TextField } from "@/components/form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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
import { type LeadSourceRow, useAddLeadSource, useCreateLeadSourceKey, usePatchLeadSource } from "./sources-api";
import { curlExample, inputOf, NO_RETAILER, RETAILERS, sourceSchema, valuesOf } from "./sources-schema";

const RETAILER_OPTIONS = [{ value: NO_RETAILER, label: "No retail store" }, ...optionsOf(RETAILERS)];

const WORDS: EditOrNewWords<LeadSourceRow> = {
  new: { title: "New lead source", submitLabel: "Add source" },
  edit: { title: (s) => `Edit ${s.name}`, formLabel: "Edit lead source", submitLabel: "Save source" },
};

/** A lead source's fields, new (source null) or edited. */
export function SourceDialog({ source, ...dialog }: DialogState & { source: LeadSourceRow | null }) {
  const form = useDialogForm(sourceSchema, dialog.open, () => valuesOf(source), source?.id);
  const add = useAddLeadSource();
  const patch = usePatchLeadSource();
  const retailer = form.watch("retailStoreType");
  return (
    <EditOrNewDialog
      {...dialog}
      form={form}
      record={source}
      words={WORDS}
      description="Where leads come from: a web campaign, a list vendor, a retail store."
      pending={add.isPending || patch.isPending}
      labels={{ retailStoreId: "retail store's id", retailStoreType: "retailer" }}
      onSubmit={async (v) => {
        if (source) await patch.mutateQuietly({ id: source.id, input: inputOf(v) });
        else await add.mutateQuietly({ input: inputOf(v) });
      }}
    >
      <TextField control={form.control} name="name" label="Name" required maxLength={100} autoFocus />
      <TextField
        control={form.control}
        name="code"
        label="Code"
        required
        description="A short code for reports and files, e.g. “WEB-FALL”."
        maxLength={30}
        inputClassName="font-mono"
      />
      <SelectField control={form.control} name="retailStoreType" label="Retailer" options={RETAILER_OPTIONS} />
      {retailer === NO_RETAILER ? null : (
        <TextField control={form.control} name="retailStoreId" label="Retail store id" required maxLength={50} />
      )}
    </EditOrNewDialog>
  );
}

/** Makes the source's intake key (replacing an older one) and shows it this once, with a curl example. */
export function KeyDialog({ source, onClose }: { source: LeadSourceRow | null; onClose: () => void }) {
  const create = useCreateLeadSourceKey({ successToast: false });
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const close = (o: boolean, deliberate = false) => {
    // The key is shown once: Esc or a click outside does not close it before it was copied (Done does).
    if (o || (key && !copied && !deliberate)) return;
    setKey(null);
    setCopied(false);
    onClose();
  };
  const copy = (text: string, what: string) =>
    navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      toast.success(`${what} copied.`);
    });
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Dialog open={!!source} onOpenChange={close}>
      <DialogContent className="sm:max-w-2xl">
        {key ? (
          <>
            <DialogHeader>
              <DialogTitle>Copy the key of {source?.name}</DialogTitle>
              <DialogDescription>
                This is the only time it is shown: we keep only a fingerprint of it. Give it to the vendor that posts
                this source's leads.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Intake key">
              <Input readOnly value={key} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            </FormField>
            <div className="grid min-w-0 gap-1">
              <p className="font-medium text-sm">Post a lead with it</p>
              <pre className="whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs">
                {curlExample(key, origin)}
              </pre>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => copy(curlExample(key, origin), "Example")}>
                <CopyIcon aria-hidden="true" />
                Copy example
              </Button>
              <Button variant="outline" onClick={() => copy(key, "Key")}>
                <CopyIcon aria-hidden="true" />
                Copy key
              </Button>
              <Button onClick={() => close(false, true)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>
                {source?.hasKey ? "New key" : "Create key"} for {source?.name}
              </DialogTitle>
              <DialogDescription>
                The key lets another system post this source's leads to the intake address. It is shown only once.
              </DialogDescription>
            </DialogHeader>
            {source?.hasKey ? (
              <Alert variant="warning">
                <AlertDescription>
                  The current key ({source.keyPrefix}…) stops working as soon as the new one is made.
                </AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false, true)}>
                Cancel
              </Button>
              <Button
                disabled={create.isPending}
                onClick={async () => {
                  if (!source) return;
                  const r = (await create.mutateAsync({ id: source.id })).createLeadSourceKey;
                  if (r.key) setKey(r.key);
                }}
              >
                <KeyRoundIcon aria-hidden="true" />
                {source?.hasKey ? "Replace key" : "Create key"}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
