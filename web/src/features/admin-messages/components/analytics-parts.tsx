import { numeric, TableHeads } from "@/components/table-heads";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { formatNumber, formatPercent } from "@/lib/format";
import { PLATFORM_LABELS, STATUS_LABELS, statusTone, type TextingAnalytics } from "../api";

// Texting analytics' parts: a total, the per-branch table and the delivery results as bars.

export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="gap-1 px-4 py-3">
      <span className="text-muted-foreground text-xs">{label}</span>
      <span className="font-semibold text-2xl tabular-nums">{value}</span>
      {hint ? <span className="text-muted-foreground text-xs">{hint}</span> : null}
    </Card>
  );
}

export function BranchTable({
  branches,
  chosenId,
}: {
  branches: TextingAnalytics["messagingSummary"];
  chosenId: string | null;
}) {
  return (
    <Card className="gap-0 py-0">
      <h2 className="border-b px-4 py-3 font-medium">Per branch</h2>
      <Table aria-label="Messaging per branch">
        <TableHeads
          columns={[
            "Branch",
            numeric("Texts"),
            numeric("Segments"),
            numeric("Delivered"),
            numeric("Robo calls"),
            numeric("Answered"),
            numeric("Emails"),
          ]}
        />
        <TableBody>
          {branches.map((b) => (
            <TableRow key={b.branchId} aria-current={b.branchId === chosenId ? "true" : undefined}>
              <TableCell className="whitespace-nowrap">
                <span className="font-medium">{b.company}</span>{" "}
                <span className="text-muted-foreground text-xs">#{b.branchNumber}</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(b.texts)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(b.segments)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatNumber(b.textSuccesses)}{" "}
                <span className="text-muted-foreground text-xs">{formatPercent(b.textSuccesses, b.texts)}</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(b.roboCalls)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatNumber(b.callSuccesses)}{" "}
                <span className="text-muted-foreground text-xs">{formatPercent(b.callSuccesses, b.roboCalls)}</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(b.emails)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

/** How many messages ended in each platform and status, longest bar first (the server's order). */
export function DeliveryResults({
  statuses,
  branch,
}: {
  statuses: TextingAnalytics["bulkMessagingMetrics"]["statuses"];
  branch?: string;
}) {
  if (!statuses.length) return null;
  const max = statuses[0]?.count ?? 1;
  return (
    <Card className="p-4">
      <h2 className="pb-3 font-medium">Delivery results{branch ? ` — ${branch}` : ""}</h2>
      <ul className="grid gap-2">
        {statuses.map((s) => {
          const tone = statusTone(s.status);
          return (
            <li
              key={`${s.platform}-${s.status}`}
              className="grid grid-cols-[10rem_1fr_3rem] items-center gap-2 text-sm sm:grid-cols-[14rem_1fr_4rem]"
            >
              <span className="truncate">
                {PLATFORM_LABELS[s.platform]}: {STATUS_LABELS[s.status]}
              </span>
              <span className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span
                  className={`block h-full rounded-full ${tone === "success" ? "bg-success" : tone === "pending" ? "bg-muted-foreground" : "bg-destructive"}`}
                  style={{ width: `${Math.max((s.count / max) * 100, 1)}%` }}
                />
              </span>
              <span className="text-right tabular-nums">{formatNumber(s.count)}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
