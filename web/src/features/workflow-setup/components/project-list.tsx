import { FolderKanbanIcon, PencilIcon } from "lucide-react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery, RowLink } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { MobileRow } from "@/components/data-list/mobile-row";
import { noMatchOf } from "@/components/data-list/no-match";
import { countedStatusFacet, inStatus, STATUS_FACET } from "@/components/data-list/status-facet";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { SetupPriority, SetupProject } from "../api";
import { usePeopleNames } from "./person-field";

// team/projects' list: every project (inactive ones too), searched, sorted and filtered by type and
// status in the browser, with the state in the address (?q=&sort=&type=&status=).

const PAGE_SIZE = 25;
type Sort = "DESCRIPTION" | "TYPE" | "STEPS";
const SORTS: readonly Sort[] = ["DESCRIPTION", "TYPE", "STEPS"];
const ALL = "all";
const NO_TYPE = "none";
export const stepsHref = (p: { id: string }) => `/team/project-steps?project=${p.id}`;

const TYPE: ListFacet = { key: "type", label: "Project type", options: [], defaultValue: ALL, open: true };
const FACETS = [TYPE, STATUS_FACET];

export function ProjectStatus({ inactive }: { inactive: boolean }) {
  return inactive ? <Badge variant="secondary">Inactive</Badge> : <Badge variant="outline">Active</Badge>;
}

function Flags({ project }: { project: SetupProject }) {
  return (
    <span className="flex flex-wrap gap-1">
      {project.allowOrphans ? <Badge variant="outline">Orphans allowed</Badge> : null}
      {project.marketing ? <Badge variant="info">Marketing</Badge> : null}
    </span>
  );
}

const stepCount = (n: number) => (n === 1 ? "1 step" : `${n} steps`);
const none = <span className="text-muted-foreground">—</span>;

export function ProjectList({
  projects,
  priorities,
  query,
  onEdit,
}: {
  projects: SetupProject[] | undefined;
  priorities: SetupPriority[];
  query: ListQuery;
  /** Opens the edit dialog; left out for those who may not change projects. */
  onEdit?: (project: SetupProject) => void;
}) {
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "DESCRIPTION" });
  const facets = useListFacets(FACETS);
  const personName = usePeopleNames();
  const priorityName = new Map(priorities.map((p) => [p.id, p.name]));
  const types = [...new Map((projects ?? []).flatMap((p) => (p.type ? [[p.type.id, p.type.name]] : []))).entries()];
  const type = facets.value("type");
  const status = facets.value("status");
  const shown = projects?.filter(
    (p) => (type === ALL || (type === NO_TYPE ? !p.type : p.type?.id === type)) && inStatus(p, status),
  );
  const { rows, total } = useClientRows(shown, list.state, {
    searchText: (p) => [p.description, p.type?.name],
    sortValue: { DESCRIPTION: (p) => p.description, TYPE: (p) => p.type?.name, STEPS: (p) => p.steps.length },
    pageSize: PAGE_SIZE,
  });
  const shownFacets: ListFacet[] = [
    {
      ...TYPE,
      options: [
        { value: ALL, label: "All types" },
        ...types.sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label })),
        { value: NO_TYPE, label: "No type" },
      ],
    },
    countedStatusFacet(projects),
  ];

  const columns: DataColumn<SetupProject, Sort>[] = [
    {
      header: "Project",
      sort: "DESCRIPTION",
      cell: (p) => <RowLink href={stepsHref(p)}>{p.description}</RowLink>,
    },
    { header: "Type", sort: "TYPE", cell: (p) => p.type?.name ?? none },
    { header: "Steps", sort: "STEPS", className: "text-right tabular-nums", cell: (p) => p.steps.length },
    { header: "Default person", cell: (p) => personName(p.defaultPersonId) ?? none },
    { header: "Default priority", cell: (p) => priorityName.get(p.defaultPriorityId ?? "") ?? none },
    { header: "Flags", cell: (p) => <Flags project={p} /> },
    { header: "Status", cell: (p) => <ProjectStatus inactive={p.inactive} /> },
  ];
  if (onEdit)
    columns.push({
      header: "Actions",
      srOnly: true,
      className: "w-20 text-right",
      cell: (p) => (
        <Button variant="ghost" size="sm" aria-label={`Edit ${p.description}`} onClick={() => onEdit(p)}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      ),
    });

  return (
    <DataTable
      label="Projects"
      noun="projects"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(p) => p.id}
      rowHref={stepsHref}
      mobileRow={(p) => (
        <MobileRow
          href={stepsHref(p)}
          title={p.description}
          meta={[p.type?.name, stepCount(p.steps.length), personName(p.defaultPersonId)].filter(Boolean).join(" · ")}
          edit={onEdit ? { label: `Edit ${p.description}`, onClick: () => onEdit(p) } : undefined}
        >
          <span className="flex flex-wrap gap-1">
            {p.inactive ? <ProjectStatus inactive /> : null}
            <Flags project={p} />
          </span>
        </MobileRow>
      )}
      list={list}
      pageSize={PAGE_SIZE}
      query={query}
      search={{ label: "Search projects", placeholder: "Search by description or type" }}
      facets={{ facets: shownFacets, state: facets }}
      empty={{
        icon: <FolderKanbanIcon aria-hidden="true" />,
        title: "No projects yet",
        description: "Add the processes your team follows: a sale, an install, a service call.",
      }}
      noMatch={noMatchOf("project", "projects")}
    />
  );
}
