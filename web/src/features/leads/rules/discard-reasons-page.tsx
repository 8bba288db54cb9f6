import { PencilIcon, PlusIcon, TagIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { noMatchOf } from "@/components/data-list/no-match";
import { actionsColumn, RowActions } from "@/components/data-list/row-actions";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { EditOrNewDialog, type EditOrNewWords, useDialogForm } from "@/components/edit-or-new-dialog";
import type { DialogState } from "@/components/form";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  type DiscardReasonRow,
  useCreateDiscardReason,
  useDeleteDiscardReason,
  useDiscardReasons,
  useUpdateDiscardReason,
} from "./api";

// team/lead-discard-reasons: why leads are set aside, each with how many leads it discarded. A lead
// admin adds, renames and deletes them (a reason leads or a rule use is refused with how many).

const PAGE_SIZE = 25;
type Sort = "NAME" | "LEADS";
const SORTS: readonly Sort[] = ["NAME", "LEADS"];
const schema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
});
const leads = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "lead" : "leads"}`;

const WORDS: EditOrNewWords<DiscardReasonRow> = {
  new: { title: "New discard reason", submitLabel: "Add reason" },
  edit: { title: (r) => `Rename ${r.name}`, formLabel: "Rename discard reason", submitLabel: "Save name" },
};

function ReasonDialog({ reason, ...dialog }: DialogState & { reason: DiscardReasonRow | null }) {
  const form = useDialogForm(schema, dialog.open, () => ({ name: reason?.name ?? "" }), reason?.id);
  const create = useCreateDiscardReason();
  const update = useUpdateDiscardReason();
  return (
    <EditOrNewDialog
      {...dialog}
      form={form}
      record={reason}
      words={WORDS}
      description="The reason shown on a discarded lead and in the results."
      pending={create.isPending || update.isPending}
      onSubmit={async (v) => {
        if (reason) await update.mutateQuietly({ id: reason.id, name: v.name });
        else await create.mutateQuietly({ name: v.name });
      }}
    >
      <FormField label="Name" required error={form.formState.errors.name?.message}>
        <Input maxLength={100} autoFocus {...form.register("name")} />
      </FormField>
    </EditOrNewDialog>
  );
}

export default function DiscardReasonsPage() {
  const reasons = useDiscardReasons();
  const remove = useDeleteDiscardReason();
  const [editing, setEditing] = useState<{ reason: DiscardReasonRow | null } | null>(null);
  const [deleting, setDeleting] = useState<DiscardReasonRow | null>(null);
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "NAME" });
  const { rows, total } = useClientRows(reasons.data?.discardReasons, list.state, {
    searchText: (r) => [r.name],
    sortValue: { NAME: (r) => r.name, LEADS: (r) => r.leadCount },
    pageSize: PAGE_SIZE,
  });
  const actions = (r: DiscardReasonRow) => (
    <RowActions
      name={r.name}
      items={[
        { label: "Rename", icon: PencilIcon, onSelect: () => setEditing({ reason: r }) },
        { label: "Delete", icon: Trash2Icon, destructive: true, onSelect: () => setDeleting(r) },
      ]}
    />
  );
  const columns: DataColumn<DiscardReasonRow, Sort>[] = [
    { header: "Name", sort: "NAME", cell: (r) => <span className="font-medium">{r.name}</span> },
    { header: "Leads discarded", sort: "LEADS", className: "text-right tabular-nums", cell: (r) => leads(r.leadCount) },
    actionsColumn(actions),
  ];
  return (
    <ListPage
      title="Discard reasons"
      description="The reasons a lead can be discarded, and how many leads each one discarded."
      actions={
        <Button onClick={() => setEditing({ reason: null })}>
          <PlusIcon aria-hidden="true" />
          New reason
        </Button>
      }
    >
      <DataTable
        label="Discard reasons"
        noun="discard reasons"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(r) => r.id}
        mobileRow={(r) => (
          <div className="flex items-center gap-3 px-3 py-3">
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate font-medium text-sm">{r.name}</span>
              <span className="text-muted-foreground text-xs">{leads(r.leadCount)} discarded</span>
            </span>
            {actions(r)}
          </div>
        )}
        list={list}
        pageSize={PAGE_SIZE}
        query={reasons}
        search={{ label: "Search discard reasons", placeholder: "Search by name" }}
        empty={{
          icon: <TagIcon aria-hidden="true" />,
          title: "No discard reasons yet",
          description: "Add the reasons your team sets leads aside: out of area, not interested, bad phone.",
        }}
        noMatch={noMatchOf("discard reason", "discard reasons")}
      />
      <ReasonDialog
        open={!!editing}
        onOpenChange={(o) => (o ? null : setEditing(null))}
        reason={editing?.reason ?? null}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => (o ? null : setDeleting(null))}
        destructive
        title={`Delete ${deleting?.name ?? ""}?`}
        description={
          deleting?.leadCount
            ? `${leads(deleting.leadCount)} were discarded with it: it cannot be deleted while they are. Rename it instead.`
            : "It is no longer offered when a lead is discarded."
        }
        confirmLabel="Delete reason"
        onConfirm={async () => {
          if (deleting) await remove.run({ id: deleting.id });
        }}
      />
    </ListPage>
  );
}
