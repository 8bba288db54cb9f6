import { useEffect, useState } from "react";
import { z } from "zod";
import { FormDialog, SelectField, type SelectOption, TextField, useZodForm } from "@/components/form";
import { namedOptions } from "@/components/named-options";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { request } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import {
  LeadByNumberQuery,
  type LeadDetail,
  SearchCustomersQuery,
  useAssignLead,
  useDiscardLead,
  useLeadChoices,
  useLinkCustomer,
  useMarkDuplicate,
} from "./api";

// The lead page's action dialogs: assign to a person and discard with a reason (both one choice from a
// list: ChoiceDialog), mark a duplicate of another lead (by its number), link to a customer found by search. Each is the lead operation's own
// mutation; its message is the toast, a refusal stays in the dialog.

export type LeadDialog = "assign" | "discard" | "duplicate" | "link" | null;
type Props = { lead: LeadDetail; open: boolean; onClose: () => void };
const openChange = (onClose: () => void) => (o: boolean) => (o ? null : onClose());

const choiceSchema = (message: string) => z.object({ choice: z.string().min(1, message) });

/**
 * A lead operation that takes one choice from a list (assign: the person; discard: the reason): the
 * choice's select, what it says while the list loads or when it is empty, and the operation's mutation.
 */
function ChoiceDialog({
  open,
  onClose,
  label,
  initial = "",
  options,
  loading,
  emptyText,
  save,
  ...words
}: Omit<Props, "lead"> & {
  title: string;
  description?: string;
  formLabel: string;
  submitLabel: string;
  /** The select's label ("Person"); its placeholder and required message follow it. */
  label: string;
  initial?: string;
  options: SelectOption[];
  loading: boolean;
  /** Said under the select when there is nothing to choose. */
  emptyText?: string;
  pending: boolean;
  save: (choice: string) => Promise<unknown>;
}) {
  const noun = label.toLowerCase();
  const form = useZodForm(choiceSchema(`Choose the ${noun}.`), { choice: initial });
  return (
    <FormDialog {...words} open={open} onOpenChange={openChange(onClose)} form={form} onSubmit={(v) => save(v.choice)}>
      <SelectField
        control={form.control}
        name="choice"
        label={label}
        required
        placeholder={loading ? "Loading…" : `Choose the ${noun}`}
        options={options}
      />
      {!loading && options.length === 0 && emptyText ? (
        <p className="text-muted-foreground text-sm">{emptyText}</p>
      ) : null}
    </FormDialog>
  );
}

export function AssignDialog({ lead, open, onClose }: Props) {
  const choices = useLeadChoices(open);
  const assign = useAssignLead();
  return (
    <ChoiceDialog
      open={open}
      onClose={onClose}
      title={`Assign lead #${lead.number}`}
      formLabel="Assign the lead"
      submitLabel="Assign"
      label="Person"
      initial={lead.personId ?? ""}
      options={(choices.data?.activePersonnel ?? []).map((p) => ({ value: p.id, label: p.fullName }))}
      loading={choices.isPending}
      pending={assign.isPending}
      save={(personId) => assign.mutateQuietly({ leadIds: [lead.id], personId })}
    />
  );
}

export function DiscardDialog({ lead, open, onClose }: Props) {
  const choices = useLeadChoices(open);
  const discard = useDiscardLead();
  return (
    <ChoiceDialog
      open={open}
      onClose={onClose}
      title={`Discard lead #${lead.number}`}
      description="It leaves the working lists; its person and history stay."
      formLabel="Discard the lead"
      submitLabel="Discard"
      label="Reason"
      options={namedOptions(choices.data?.discardReasons ?? [])}
      loading={choices.isPending}
      emptyText="No discard reasons yet: a lead admin adds them."
      pending={discard.isPending}
      save={(discardReasonId) => discard.mutateQuietly({ leadIds: [lead.id], discardReasonId })}
    />
  );
}

const duplicateSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^#?\d{1,9}$/, "Enter the number of the original lead, e.g. 1042."),
});
export function DuplicateDialog({ lead, open, onClose }: Props) {
  const mark = useMarkDuplicate();
  const form = useZodForm(duplicateSchema, { number: "" });
  const onSubmit = async ({ number }: { number: string }) => {
    const n = Number(number.replace("#", ""));
    const found = (await request(LeadByNumberQuery, { number: n })).leadByNumber;
    if (!found) throw new MutationRefusal(`There is no lead #${n} that you can see.`, { field: "number" });
    return mark.mutateQuietly({ leadIds: [lead.id], duplicateOfId: found.id });
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange(onClose)}
      form={form}
      title={`Mark lead #${lead.number} a duplicate`}
      description="It points to the original lead and is discarded."
      formLabel="Mark a duplicate"
      submitLabel="Mark duplicate"
      refusalField="number"
      pending={mark.isPending}
      onSubmit={onSubmit}
    >
      <TextField
        control={form.control}
        name="number"
        label="Original lead number"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="1042"
      />
    </FormDialog>
  );
}

/** Customers by account number, name or street; picking one links the lead to it. */
export function LinkCustomerDialog({ lead, open, onClose }: Props) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  // Asked a quarter of a second after the typing stops, not at every key.
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const search = useGqlQuery(SearchCustomersQuery, { text: query }, { enabled: open && query.length >= 2 });
  const link = useLinkCustomer();
  const pick = async (customerId: string) => {
    if (await link.run({ leadId: lead.id, customerId })) onClose();
  };
  const found = search.data?.searchCustomers ?? [];
  return (
    <Dialog open={open} onOpenChange={openChange(onClose)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Link lead #{lead.number} to a customer</DialogTitle>
          <DialogDescription>Search by account number, name or street.</DialogDescription>
        </DialogHeader>
        <FormField label="Search customers">
          <Input type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
        </FormField>
        <div aria-live="polite" className="grid max-h-80 gap-1 overflow-y-auto">
          {query.length < 2 ? (
            <p className="text-muted-foreground text-sm">Type at least 2 characters.</p>
          ) : search.isFetching && !search.data ? (
            <Spinner size="sm" />
          ) : found.length === 0 ? (
            <p className="text-muted-foreground text-sm">No customer matches “{query}”.</p>
          ) : (
            <ul className="grid gap-1" aria-label="Customers found">
              {found.map((c) => (
                <li key={c.id}>
                  <Button
                    variant="ghost"
                    className="h-auto w-full justify-start whitespace-normal py-2 text-left"
                    disabled={link.isPending}
                    onClick={() => pick(c.id)}
                    aria-label={`Link to ${c.accountNumber} ${c.name}`}
                  >
                    <span className="grid">
                      <span className="font-medium">
                        {c.accountNumber} · {c.name}
                      </span>
                      {c.address ? <span className="text-muted-foreground text-xs">{c.address}</span> : null}
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
