import { HistoryIcon } from "lucide-react";
import { Link } from "wouter";
import { QueryState } from "@/components/shell/query-state";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import type { AutomationRun } from "../api";
import { recordRunsHref, tableNoun } from "../labels";
import { RunStatusBadge, When } from "./run-status";

export const recordName = (r: AutomationRun) => r.record?.label ?? `A ${tableNoun(r.tableId)} no longer there`;

/** An automation's latest runs: status, record (to its runs), attempts, error and when. */
export function RecentRuns({
  runs,
  total,
  query,
}: {
  runs: AutomationRun[] | undefined;
  total: number | undefined;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}) {
  return (
    <Card className="gap-0 pb-0">
      <CardHeader className="pb-4">
        <CardTitle asChild>
          <h2>Recent runs</h2>
        </CardTitle>
        <CardDescription>
          {total ? `The latest ${runs?.length ?? 0} of ${total}.` : "Each time it ran, and how it went."}{" "}
          <Link href="/team/automation-events" className="underline-offset-4 hover:underline">
            Every run
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        <QueryState
          query={query}
          loading={<SkeletonBlocks label="Loading runs" className="grid gap-2 p-4" blocks={["h-5", "h-5"]} />}
          errorClassName="p-4"
        >
          {() =>
            !runs?.length ? (
              <EmptyState
                className="m-4"
                icon={<HistoryIcon aria-hidden="true" />}
                title="No runs yet"
                description="Runs show here once its event happens while it is on, or after a dry run."
              />
            ) : (
              <Table aria-label="Recent runs">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Status</TableHead>
                    <TableHead>Record</TableHead>
                    <TableHead className="text-right">Attempts</TableHead>
                    <TableHead>Error</TableHead>
                    <TableHead>When</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {runs.map((r) => (
                    <TableRow key={r.id} className={cn(r.status === "FAILED" && "bg-destructive/5")}>
                      <TableCell>
                        <RunStatusBadge status={r.status} dryRun={r.dryRun} />
                      </TableCell>
                      <TableCell className="max-w-72 truncate">
                        <Link href={recordRunsHref(r)} className="font-medium hover:underline">
                          {recordName(r)}
                        </Link>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{r.attempts}</TableCell>
                      <TableCell className="max-w-80 truncate text-destructive" title={r.error || undefined}>
                        {r.error}
                      </TableCell>
                      <TableCell>
                        <When iso={r.createdAt} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
