import { ArrowRightIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { type LeadHistoryRow, useLeadHistory } from "./api";
import { STATUS_WORDS } from "./schema";

// Who changed what on the lead, and when: each change's summary, then each field before -> after.

const shown = (field: string, v: string | null) => {
  if (v === null) return <span className="text-muted-foreground italic">empty</span>;
  if (field === "status") return STATUS_WORDS[v] ?? v;
  if (field === "appointment") return formatDateTime(v);
  return v.length > 120 ? `${v.slice(0, 119)}…` : v;
};

function Change({ row }: { row: LeadHistoryRow }) {
  return (
    <li className="grid gap-1 border-l-2 pl-3">
      <p className="text-sm">{row.summary}</p>
      {row.changes.length ? (
        <dl className="grid gap-0.5 text-xs">
          {row.changes.map((c) => (
            <div key={c.field} className="flex flex-wrap items-center gap-1">
              <dt className="font-medium">{c.label.charAt(0).toUpperCase() + c.label.slice(1)}:</dt>
              <dd className="flex flex-wrap items-center gap-1 break-all">
                {shown(c.field, c.before)}
                <ArrowRightIcon aria-label="became" className="size-3 shrink-0" />
                {shown(c.field, c.after)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="text-muted-foreground text-xs">
        {row.personName ?? "Automatically"} · {formatDateTime(row.createdAt)}
      </p>
    </li>
  );
}

export function LeadHistoryCard({ leadId }: { leadId: string }) {
  const history = useLeadHistory(leadId);
  const rows = history.data?.leadHistory;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>History</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!rows ? (
          <Skeleton className="h-24" />
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">No changes recorded yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="History">
            {rows.map((r) => (
              <Change key={r.id} row={r} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
