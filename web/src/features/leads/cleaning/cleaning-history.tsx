import { HistoryIcon, Undo2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { MobileCard } from "@/components/data-list/mobile-row";
import { usePageOnlyListState } from "@/components/data-list/use-list-url-state";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { type LeadMergeRow, useLeadMerges, useUnmergeLeads } from "./cleaning-api";
import { KeyBadge } from "./cleaning-groups";

// The merge history (the audit trail): who merged which leads into which survivor, when, by which key,
// and Unmerge (after a confirmation) while it can be undone; a merge that cannot says why.

const PAGE_SIZE = 25;
const when = (d: string) => formatDateTime(d, { omitThisYear: true });

function State({ m }: { m: LeadMergeRow }) {
  if (m.undoneAt)
    return (
      <span className="grid justify-items-start gap-1 text-xs">
        <Badge variant="secondary">Unmerged</Badge>
        <span className="text-muted-foreground">
          {when(m.undoneAt)}
          {m.undonePersonName ? ` by ${m.undonePersonName}` : ""}
        </span>
      </span>
    );
  if (m.unmergeRefusal) return <span className="text-muted-foreground text-xs">{m.unmergeRefusal}</span>;
  return <span className="text-muted-foreground text-xs">Can be unmerged until {when(m.unmergeUntil)}</span>;
}

const survivorLink = (m: LeadMergeRow) =>
  m.survivor ? (
    <Link href={`/team/leads/${m.survivor.id}`} className="font-medium">
      #{m.survivor.number} {m.survivor.name}
    </Link>
  ) : (
    "—"
  );
const mergedText = (m: LeadMergeRow) => m.mergedLeads.map((l) => `#${l.number} ${l.name}`).join(", ");

export function MergeHistory({ canUnmerge }: { canUnmerge: boolean }) {
  const list = usePageOnlyListState();
  const merges = useLeadMerges((list.state.page - 1) * PAGE_SIZE, PAGE_SIZE);
  const unmerge = useUnmergeLeads();
  const [undoing, setUndoing] = useState<LeadMergeRow | null>(null);
  const action = (m: LeadMergeRow) =>
    canUnmerge && !m.undoneAt && !m.unmergeRefusal ? (
      <Button size="sm" variant="outline" onClick={() => setUndoing(m)} aria-label={`Unmerge ${mergedText(m)}`}>
        <Undo2Icon aria-hidden="true" />
        Unmerge
      </Button>
    ) : null;
  const columns: DataColumn<LeadMergeRow, never>[] = [
    {
      header: "When",
      cell: (m) => (
        <span className="grid">
          <span className="whitespace-nowrap">{when(m.createdAt)}</span>
          <span className="text-muted-foreground text-xs">{m.personName ?? ""}</span>
        </span>
      ),
    },
    { header: "Key", cell: (m) => <KeyBadge matchedKey={m.matchedKey} /> },
    { header: "Survivor", cell: survivorLink },
    { header: "Merged", cell: (m) => <span className="text-sm">{mergedText(m)}</span>, className: "whitespace-normal" },
    {
      header: "Fields taken",
      cell: (m) => <span className="text-sm">{m.fields.join(", ") || "None"}</span>,
      className: "whitespace-normal",
    },
    { header: "State", cell: (m) => <State m={m} />, className: "max-w-56 whitespace-normal" },
    { header: "Actions", srOnly: true, cell: action, className: "text-right" },
  ];
  return (
    <>
      <DataTable<LeadMergeRow, never>
        label="Merge history"
        noun="merges"
        columns={columns}
        rows={merges.data?.leadMerges.items}
        total={merges.data?.leadMerges.totalCount}
        rowKey={(m) => m.id}
        mobileRow={(m) => (
          <MobileCard title={survivorLink(m)} end={<KeyBadge matchedKey={m.matchedKey} />}>
            <span>Merged {mergedText(m)}</span>
            <span className="text-muted-foreground">
              {when(m.createdAt)}
              {m.personName ? ` by ${m.personName}` : ""}
            </span>
            <State m={m} />
            <div>{action(m)}</div>
          </MobileCard>
        )}
        list={list}
        pageSize={PAGE_SIZE}
        query={merges}
        empty={{
          icon: <HistoryIcon aria-hidden="true" />,
          title: "No merges yet",
          description: "Merges of duplicate leads show here, with Unmerge for 30 days.",
        }}
      />
      <ConfirmDialog
        open={!!undoing}
        onOpenChange={(o) => (o ? null : setUndoing(null))}
        destructive
        title={`Unmerge ${undoing ? mergedText(undoing) : ""}?`}
        description={`The leads come back as they were before the merge, with their notes, threads and field values; #${undoing?.survivor?.number ?? ""} gets its own values back.`}
        confirmLabel="Unmerge"
        onConfirm={async () => {
          if (undoing) await unmerge.mutateAsync({ mergeId: undoing.id });
        }}
      />
    </>
  );
}
