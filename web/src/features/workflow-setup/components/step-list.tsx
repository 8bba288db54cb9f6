import { ListOrderedIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { type FacetState, type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { MobileRow, MobileRowOrder } from "@/components/data-list/mobile-row";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { type SetupMilestone, type SetupProject, type SetupStep, useSetupSteps, useSetupZoneRoles } from "../api";
import { FUNNEL_POSITIONS, formatMinutes, funnelLabels } from "../labels";
import { useWorkflowSetupPermissions } from "../permissions";
import { usePeopleNames } from "./person-field";
import { StepAssignee } from "./step-assignee";

// team/project-steps' list: every project's steps, filtered by project, funnel position and
// milestone, searched and sorted in the browser; all in the address (?project=&funnel=&milestone=).

const PAGE_SIZE = 50;
type Sort = "PROJECT" | "DESCRIPTION" | "FUNNEL" | "LENGTH";
const SORTS: readonly Sort[] = ["PROJECT", "DESCRIPTION", "FUNNEL", "LENGTH"];
const ALL = "all";
const NONE = "none";
export const stepHref = (s: { id: string }) => `/team/project-steps/${s.id}`;

const FACETS: ListFacet[] = [
  { key: "project", label: "Project", options: [], defaultValue: ALL, open: true, className: "sm:w-48" },
  {
    key: "funnel",
    label: "Funnel position",
    defaultValue: ALL,
    options: [
      { value: ALL, label: "Any funnel position" },
      ...FUNNEL_POSITIONS.map((f) => ({ value: f, label: funnelLabels[f] })),
    ],
    className: "sm:w-48",
  },
  { key: "milestone", label: "Milestone", options: [], defaultValue: ALL, open: true, className: "sm:w-44" },
];

/** The list's facets (the project one is what the page's "New step" starts from). */
export const useStepFacets = () => useListFacets(FACETS);

// Within a project, steps go by sort level (shifted so that negative levels order too).
const projectOrder = (s: SetupStep) => `${s.projectDescription}\u0000${String(s.sortLevel + 100_000).padStart(6, "0")}`;

function StepFlags({ step }: { step: SetupStep }) {
  return (
    <span className="flex flex-wrap gap-1">
      {step.inactive ? <Badge variant="secondary">Inactive</Badge> : null}
      {step.noAutoResolve ? <Badge variant="outline">No auto-resolve</Badge> : null}
      {step.handledExternally ? <Badge variant="info">External</Badge> : null}
    </span>
  );
}

export function StepList({
  projects,
  milestones,
  facets,
}: {
  projects: SetupProject[];
  milestones: SetupMilestone[];
  facets: FacetState;
}) {
  const query = useSetupSteps();
  const { canReadZoneRoles } = useWorkflowSetupPermissions();
  const roles = useSetupZoneRoles(canReadZoneRoles);
  const roleNames = new Map((roles.data?.personTerritoryRoles ?? []).map((r) => [r.id, r.name]));
  const personName = usePeopleNames();
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "PROJECT" });
  const [project, funnel, milestone] = ["project", "funnel", "milestone"].map(facets.value);
  const shown = query.data?.allSteps.filter(
    (s) =>
      (project === ALL || s.projectId === project) &&
      (funnel === ALL || s.funnelPosition === funnel) &&
      (milestone === ALL || (milestone === NONE ? !s.milestone : s.milestone?.id === milestone)),
  );
  const { rows, total } = useClientRows(shown, list.state, {
    searchText: (s) => [s.description, s.projectDescription, s.milestone?.name, s.comments],
    sortValue: {
      PROJECT: projectOrder,
      DESCRIPTION: (s) => s.description,
      FUNNEL: (s) => FUNNEL_POSITIONS.indexOf(s.funnelPosition),
      LENGTH: (s) => s.defaultLengthMinutes,
    },
    pageSize: PAGE_SIZE,
  });
  const shownFacets: ListFacet[] = [
    {
      ...FACETS[0]!,
      options: [{ value: ALL, label: "All projects" }, ...projects.map((p) => ({ value: p.id, label: p.description }))],
    },
    FACETS[1]!,
    {
      ...FACETS[2]!,
      options: [
        { value: ALL, label: "Any milestone" },
        ...milestones.map((m) => ({ value: m.id, label: m.name })),
        { value: NONE, label: "No milestone" },
      ],
    },
  ];
  const assignee = (s: SetupStep) => (
    <StepAssignee step={s} personName={personName} roleName={(id) => roleNames.get(id) ?? null} />
  );

  const columns: DataColumn<SetupStep, Sort>[] = [
    { header: "Project", sort: "PROJECT", className: "text-muted-foreground", cell: (s) => s.projectDescription },
    { header: "Sort level", className: "text-right tabular-nums", cell: (s) => s.sortLevel },
    { header: "Step", sort: "DESCRIPTION", cell: (s) => <RowLink href={stepHref(s)}>{s.description}</RowLink> },
    { header: "Funnel position", sort: "FUNNEL", cell: (s) => funnelLabels[s.funnelPosition] },
    { header: "Milestone", cell: (s) => s.milestone?.name ?? <span className="text-muted-foreground">—</span> },
    { header: "Gets the work", cell: assignee },
    {
      header: "Length",
      sort: "LENGTH",
      className: "text-right tabular-nums",
      cell: (s) => formatMinutes(s.defaultLengthMinutes),
    },
    { header: "Flags", cell: (s) => <StepFlags step={s} /> },
  ];

  return (
    <DataTable
      label="Project steps"
      noun="steps"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(s) => s.id}
      rowHref={stepHref}
      mobileRow={(s) => (
        <MobileRow
          href={stepHref(s)}
          lead={<MobileRowOrder>{s.sortLevel}</MobileRowOrder>}
          title={s.description}
          meta={[s.projectDescription, funnelLabels[s.funnelPosition], s.milestone?.name].filter(Boolean).join(" · ")}
        >
          <span className="text-xs">{assignee(s)}</span>
          <StepFlags step={s} />
        </MobileRow>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search steps", placeholder: "Search by step, project or milestone" }}
      facets={{ facets: shownFacets, state: facets }}
      empty={{
        icon: <ListOrderedIcon aria-hidden="true" />,
        title: "No steps yet",
        description: "Add the steps a project moves through, from the first call to the finished job.",
      }}
      noMatch={
        project !== ALL && funnel === ALL && milestone === ALL && !list.state.q
          ? { title: "No steps yet", description: () => "This project has no steps yet." }
          : {
              title: "No steps match",
              description: (q) => (q ? `No step matches “${q}”.` : "No step matches these filters."),
            }
      }
    />
  );
}
