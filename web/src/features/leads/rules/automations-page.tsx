import { ArrowDownIcon, ArrowUpIcon, FilterXIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { noMatchOf } from "@/components/data-list/no-match";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type LeadAutomationRow, useDeleteLeadAutomation, useLeadAutomations, useReorderLeadAutomations } from "./api";
import { AutomationDialog } from "./automation-dialog";

// team/lead-automations: the lead rules in the order they run on every arriving lead (web form,
// intake API, CSV import); the first match discards the lead with its
// reason. A lead admin adds, edits, deletes and moves them (Move up / Move down keep the focus).

const PAGE_SIZE = 50;
type Sort = "ORDER";
const SORTS: readonly Sort[] = ["ORDER"];

function RowActions({
  rule,
  count,
  onMove,
  onEdit,
  onDelete,
}: {
  rule: LeadAutomationRow;
  count: number;
  onMove: (rule: LeadAutomationRow, by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const n = rule.position;
  return (
    <span className="flex items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move rule ${n} up`}
        data-move={`${rule.id}:-1`}
        disabled={n === 1}
        onClick={() => onMove(rule, -1)}
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move rule ${n} down`}
        data-move={`${rule.id}:1`}
        disabled={n === count}
        onClick={() => onMove(rule, 1)}
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Edit rule ${n}`} onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete rule ${n}`} onClick={onDelete}>
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
  );
}

export default function LeadAutomationsPage() {
  const rules = useLeadAutomations();
  const all = rules.data?.leadAutomations;
  const reorder = useReorderLeadAutomations();
  const remove = useDeleteLeadAutomation();
  const [editing, setEditing] = useState<{ rule: LeadAutomationRow | null } | null>(null);
  const [deleting, setDeleting] = useState<LeadAutomationRow | null>(null);
  const focusAfter = useRef<{ id: string; by: -1 | 1 } | null>(null);
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "ORDER" });
  const { rows, total } = useClientRows(all, list.state, {
    searchText: (r) => [r.description, r.discardReasonName ?? ""],
    sortValue: { ORDER: (r) => r.position },
    pageSize: PAGE_SIZE,
  });

  const move = async (rule: LeadAutomationRow, by: -1 | 1) => {
    if (!all) return;
    const ids = all.map((r) => r.id);
    const at = ids.indexOf(rule.id);
    const to = at + by;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    focusAfter.current = { id: rule.id, by };
    await reorder.run({ ids });
  };
  // Once the rules come back in their new order, the focus goes back to the button that was pressed
  // (or its twin, when the rule reached an end and the pressed one is disabled).
  useEffect(() => {
    const f = focusAfter.current;
    if (!f || !all) return;
    // The table and the phone list both hold the buttons: the shown, enabled one.
    const shown = (by: number) =>
      [...document.querySelectorAll<HTMLButtonElement>(`[data-move="${f.id}:${by}"]`)].find(
        (b) => b.offsetParent !== null && !b.disabled,
      );
    const target = shown(f.by) ?? shown(-f.by);
    if (!target) return;
    target.focus();
    focusAfter.current = null;
  }, [all]);
  const actions = (r: LeadAutomationRow) => (
    <RowActions
      rule={r}
      count={all?.length ?? 0}
      onMove={move}
      onEdit={() => setEditing({ rule: r })}
      onDelete={() => setDeleting(r)}
    />
  );
  const columns: DataColumn<LeadAutomationRow, Sort>[] = [
    { header: "Order", className: "w-16 tabular-nums", cell: (r) => <span className="font-medium">{r.position}</span> },
    { header: "When a new lead's", cell: (r) => <span className="font-medium">{r.description}</span> },
    {
      header: "Then",
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-2">
          Discard as <Badge variant="outline">{r.discardReasonName ?? "a deleted reason"}</Badge>
        </span>
      ),
    },
    { header: "Actions", srOnly: true, className: "w-44 text-right", cell: actions },
  ];
  return (
    <ListPage
      title="Lead automations"
      description="Rules run in order on every new lead from a web form, the intake API or a CSV import: the first that matches discards the lead with its reason."
      actions={
        <Button onClick={() => setEditing({ rule: null })}>
          <PlusIcon aria-hidden="true" />
          New rule
        </Button>
      }
    >
      <DataTable
        label="Lead rules"
        noun="lead rules"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(r) => r.id}
        mobileRow={(r) => (
          <div className="grid gap-2 px-3 py-3">
            <span className="grid gap-1 text-sm">
              <span className="font-medium">
                {r.position}. {r.description}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                Discard as <Badge variant="outline">{r.discardReasonName ?? "a deleted reason"}</Badge>
              </span>
            </span>
            {actions(r)}
          </div>
        )}
        list={list}
        pageSize={PAGE_SIZE}
        query={rules}
        search={{ label: "Search lead rules", placeholder: "Search by field, value or reason" }}
        empty={{
          icon: <FilterXIcon aria-hidden="true" />,
          title: "No lead rules yet",
          description: "Add a rule to discard leads you never want, e.g. a postal code outside your area.",
        }}
        noMatch={noMatchOf("lead rule", "lead rules")}
      />
      <AutomationDialog
        open={!!editing}
        onOpenChange={(o) => (o ? null : setEditing(null))}
        rule={editing?.rule ?? null}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => (o ? null : setDeleting(null))}
        destructive
        title={`Delete rule ${deleting?.position ?? ""}?`}
        description={`“${deleting?.description ?? ""}” will no longer discard new leads. Leads it discarded stay discarded.`}
        confirmLabel="Delete rule"
        onConfirm={async () => {
          if (deleting) await remove.run({ id: deleting.id });
        }}
      />
    </ListPage>
  );
}
