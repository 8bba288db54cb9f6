import type { FacetState, ListFacet } from "@/components/data-list/list-facets";
import { namedOptions } from "@/components/named-options";
import type { PipelineOptions, PipelineVariables } from "./pipeline-api";

// The pipeline's project and filters as address parameters (?project=&source=&person=&status=&zone=&q=),
// like a lead view's: one value each, "all" (left out of the address) for no filter.

const ALL = "all";
const STATUSES = [
  { value: "UNASSIGNED", label: "Unassigned" },
  { value: "ASSIGNED", label: "Assigned" },
  { value: "DISCARDED", label: "Discarded" },
] as const;

const all = (label: string, list: { id: string; name: string }[] | undefined) => [
  { value: ALL, label },
  ...namedOptions(list ?? []),
];

/** The facets; values already in the address are kept while the options load. */
export function pipelineFacets(o: PipelineOptions | undefined): ListFacet[] {
  return [
    {
      key: "project",
      label: "Project",
      options: (o?.projects ?? []).map((p) => ({ value: p.id, label: p.marketing ? `${p.name} (marketing)` : p.name })),
      open: true,
      className: "sm:w-60",
    },
    { key: "source", label: "Source", options: all("All sources", o?.sources), defaultValue: ALL, open: true },
    { key: "person", label: "Assigned to", options: all("Anyone", o?.persons), defaultValue: ALL, open: true },
    { key: "status", label: "Status", options: [{ value: ALL, label: "Any status" }, ...STATUSES], defaultValue: ALL },
    { key: "zone", label: "Zone", options: all("All zones", o?.zones), defaultValue: ALL, open: true },
  ];
}

/** The query's variables for the chosen project and filters (null while no project is chosen). */
export function pipelineVariables(f: FacetState, q: string, projectId: string): PipelineVariables | null {
  if (!projectId) return null;
  const one = (key: string) => {
    const v = f.value(key);
    return v && v !== ALL ? [v] : undefined;
  };
  return {
    projectId,
    where: {
      sourceIds: one("source"),
      personIds: one("person"),
      statuses: one("status") as (typeof STATUSES)[number]["value"][] | undefined,
      zoneIds: one("zone"),
      search: q.trim() || undefined,
    },
    takePerStep: 50,
  };
}
