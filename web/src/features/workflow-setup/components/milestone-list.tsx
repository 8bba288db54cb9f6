import { FlagIcon, PencilIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import { MobileRow, MobileRowOrder } from "@/components/data-list/mobile-row";
import { noMatchOf } from "@/components/data-list/no-match";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Button } from "@/components/ui/button";
import type { SetupMilestone, SetupStep } from "../api";

// team/project-milestones' list: name, sort order, type and how many steps have each milestone,
// searched and sorted in the browser (state in the address). A row opens the steps that have it.

const PAGE_SIZE = 25;
type Sort = "SORT_ORDER" | "NAME" | "TYPE" | "STEPS";
const SORTS: readonly Sort[] = ["SORT_ORDER", "NAME", "TYPE", "STEPS"];
const stepsHref = (m: SetupMilestone) => `/team/project-steps?milestone=${m.id}`;

export function MilestoneList({
  milestones,
  steps,
  query,
  onEdit,
}: {
  milestones: SetupMilestone[] | undefined;
  steps: SetupStep[] | undefined;
  query: ListQuery;
  onEdit?: (m: SetupMilestone) => void;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "SORT_ORDER" });
  const counts = new Map<string, number>();
  for (const s of steps ?? []) if (s.milestone) counts.set(s.milestone.id, (counts.get(s.milestone.id) ?? 0) + 1);
  const stepCount = (m: SetupMilestone) => counts.get(m.id) ?? 0;
  const { rows, total } = useClientRows(milestones, list.state, {
    searchText: (m) => [m.name, m.type],
    sortValue: { SORT_ORDER: (m) => m.sortOrder, NAME: (m) => m.name, TYPE: (m) => m.type, STEPS: stepCount },
    pageSize: PAGE_SIZE,
  });
  const columns: DataColumn<SetupMilestone, Sort>[] = [
    { header: "Sort order", sort: "SORT_ORDER", className: "w-28 tabular-nums", cell: (m) => m.sortOrder },
    { header: "Milestone", sort: "NAME", cell: (m) => <RowLink href={stepsHref(m)}>{m.name}</RowLink> },
    { header: "Type", sort: "TYPE", cell: (m) => m.type || <span className="text-muted-foreground">—</span> },
    {
      header: "Steps",
      sort: "STEPS",
      className: "text-right tabular-nums",
      cell: (m) => (steps ? stepCount(m) : "…"),
    },
  ];
  if (onEdit)
    columns.push({
      header: "Actions",
      srOnly: true,
      className: "w-20 text-right",
      cell: (m) => (
        <Button variant="ghost" size="sm" aria-label={`Edit ${m.name}`} onClick={() => onEdit(m)}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      ),
    });
  return (
    <DataTable
      label="Milestones"
      noun="milestones"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(m) => m.id}
      rowHref={stepsHref}
      mobileRow={(m) => (
        <MobileRow
          href={stepsHref(m)}
          lead={<MobileRowOrder>{m.sortOrder}</MobileRowOrder>}
          title={m.name}
          meta={[m.type, steps ? (stepCount(m) === 1 ? "1 step" : `${stepCount(m)} steps`) : null]
            .filter(Boolean)
            .join(" · ")}
          edit={onEdit ? { label: `Edit ${m.name}`, onClick: () => onEdit(m) } : undefined}
        />
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search milestones", placeholder: "Search by name or type" }}
      empty={{
        icon: <FlagIcon aria-hidden="true" />,
        title: "No milestones yet",
        description: "Milestones such as Sold or Installed group steps for reports.",
      }}
      noMatch={noMatchOf("milestone", "milestones")}
    />
  );
}
