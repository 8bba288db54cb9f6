import { ChevronDownIcon, PhoneOutgoingIcon, Trash2Icon, UserPlusIcon, ZapIcon } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { useDialogForm } from "@/components/edit-or-new-dialog";
import { FormDialog, SelectField } from "@/components/form";
import { namedOptions } from "@/components/named-options";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useOverview } from "@/lib/overview";
import {
  type LeadViewLead,
  type LeadViewOptions,
  useAssignLeads,
  useDiscardLeads,
  useExecuteShortcutOnLeads,
  useLeadShortcuts,
  useSendLeadsToCallTool,
  useSetLeadStatus,
} from "./api";

// What can be done to the selected leads of a view's page: assign them to a person, set their status,
// discard them with a reason, run a lead shortcut on them, or send them to the call tool (where the
// branch has the call tools). Each is the lead operation's own mutation; its answer is the toast, and
// the page and its counts are read again.

const assignSchema = z.object({ personId: z.string().min(1, "Choose the person.") });
const discardSchema = z.object({ discardReasonId: z.string().min(1, "Choose the reason.") });

function PickDialog<K extends "personId" | "discardReasonId">({
  open,
  onClose,
  field,
  title,
  label,
  submitLabel,
  options,
  onSubmit,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  field: K;
  title: string;
  label: string;
  submitLabel: string;
  options: { id: string; name: string }[];
  onSubmit: (id: string) => Promise<unknown>;
  pending: boolean;
}) {
  const form = useDialogForm(
    field === "personId" ? assignSchema : discardSchema,
    open,
    () => ({ [field]: "" }) as never,
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (o ? null : onClose())}
      form={form as never}
      title={title}
      formLabel={title}
      submitLabel={submitLabel}
      pending={pending}
      onSubmit={async (v: Record<string, string>) => {
        await onSubmit(v[field]!);
        onClose();
      }}
    >
      <SelectField
        control={form.control as never}
        name={field as never}
        label={label}
        required
        placeholder={`Choose the ${label.toLowerCase()}`}
        options={namedOptions(options)}
      />
    </FormDialog>
  );
}

export function LeadBulkActions({
  selected,
  clear,
  options,
}: {
  selected: LeadViewLead[];
  clear: () => void;
  options?: LeadViewOptions;
}) {
  const [dialog, setDialog] = useState<"assign" | "discard" | null>(null);
  const assign = useAssignLeads();
  const status = useSetLeadStatus();
  const discard = useDiscardLeads();
  const shortcut = useExecuteShortcutOnLeads();
  const shortcuts = useLeadShortcuts();
  const callTool = useSendLeadsToCallTool();
  // Offered only where the branch has the call tools (the API refuses it otherwise).
  const callTools = !!useOverview().overview?.enabledWatertightFeatures.includes("CALL_TOOLS");
  const leadIds = selected.map((l) => l.id);
  const done = (r: unknown) => (r ? clear() : undefined);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setDialog("assign")}>
        <UserPlusIcon aria-hidden="true" />
        Assign
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline">
            Set status
            <ChevronDownIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => status.run({ leadIds, status: "UNASSIGNED" }).then(done)}>
            Unassigned
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => status.run({ leadIds, status: "ASSIGNED" }).then(done)}>
            Assigned
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Button size="sm" variant="outline" onClick={() => setDialog("discard")}>
        <Trash2Icon aria-hidden="true" />
        Discard
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline">
            <ZapIcon aria-hidden="true" />
            Run shortcut
            <ChevronDownIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {(shortcuts.data?.workflowShortcuts ?? []).map((s) => (
            <DropdownMenuItem
              key={s.id}
              onSelect={() =>
                shortcut.run({ shortcutId: s.id, leadIds, idempotencyKey: crypto.randomUUID() }).then(done)
              }
            >
              {s.name}
            </DropdownMenuItem>
          ))}
          {shortcuts.data?.workflowShortcuts.length === 0 ? (
            <DropdownMenuItem disabled>No lead shortcuts yet</DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {callTools ? (
        <Button
          size="sm"
          variant="outline"
          disabled={callTool.isPending}
          onClick={() => callTool.run({ leadIds }).then(done)}
        >
          <PhoneOutgoingIcon aria-hidden="true" />
          Send to call tool
        </Button>
      ) : null}
      <PickDialog
        open={dialog === "assign"}
        onClose={() => setDialog(null)}
        field="personId"
        title={`Assign ${leadIds.length === 1 ? "1 lead" : `${leadIds.length} leads`}`}
        label="Person"
        submitLabel="Assign"
        options={options?.persons ?? []}
        pending={assign.isPending}
        onSubmit={(personId) => assign.mutateQuietly({ leadIds, personId }).then(clear)}
      />
      <PickDialog
        open={dialog === "discard"}
        onClose={() => setDialog(null)}
        field="discardReasonId"
        title={`Discard ${leadIds.length === 1 ? "1 lead" : `${leadIds.length} leads`}`}
        label="Reason"
        submitLabel="Discard"
        options={options?.discardReasons ?? []}
        pending={discard.isPending}
        onSubmit={(discardReasonId) => discard.mutateQuietly({ leadIds, discardReasonId }).then(clear)}
      />
    </>
  );
}
