import { FlagIcon } from "lucide-react";
import { ListCard } from "@/components/data-list/list-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type MilestoneRow, useLeadMilestoneStats } from "./api";
import { DrillNumber, ExportButton } from "./controls";
import { downloadReport, percentText } from "./csv";

// The milestones section of team/lead-results: every project milestone with how many of the period's
// leads reached it (work at one of its steps) and their share of all the period's leads.

export function MilestoneSection({ from, to }: { from: string; to: string }) {
  const query = useLeadMilestoneStats({ from, to });
  const rows = query.data?.leadMilestoneStats;
  const exportCsv = () =>
    rows &&
    downloadReport(
      "lead-milestones",
      from,
      to,
      [
        { header: "Milestone", value: (r: MilestoneRow) => r.name },
        { header: "Leads", value: (r) => r.leads },
        { header: "Share", value: (r) => percentText(r.share) },
      ],
      rows,
    );
  return (
    <section aria-labelledby="milestones-title" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="milestones-title" className="font-semibold text-lg">
          Milestones reached
        </h2>
        <ExportButton label="Export milestones CSV" disabled={!rows?.length} onClick={exportCsv} />
      </div>
      <ListCard
        loading={query.isPending}
        loadingLabel="Loading the milestones"
        error={query.isError ? query.error : null}
        onRetry={() => query.refetch()}
        empty={
          rows && rows.length === 0
            ? {
                icon: <FlagIcon aria-hidden="true" />,
                title: "No milestones",
                description: "Group project steps into milestones (team/project-milestones) to count them here.",
              }
            : null
        }
      >
        <Table aria-label="Milestones reached">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Milestone</TableHead>
              <TableHead className="text-right">Leads</TableHead>
              <TableHead className="text-right">Share</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(rows ?? []).map((m) => (
              <TableRow key={m.milestoneId}>
                <TableCell className="whitespace-normal">{m.name}</TableCell>
                <TableCell className="text-right">
                  <DrillNumber
                    value={m.leads}
                    drill={{ metric: "MILESTONE", milestoneId: m.milestoneId, title: `Reached ${m.name}` }}
                  />
                </TableCell>
                <TableCell className="text-right text-muted-foreground tabular-nums">{percentText(m.share)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListCard>
    </section>
  );
}
