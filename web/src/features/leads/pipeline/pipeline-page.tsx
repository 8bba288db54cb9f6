import { useQueryClient } from "@tanstack/react-query";
import { KanbanSquareIcon } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { ListFacets, useListFacets } from "@/components/data-list/list-facets";
import { ListSearch } from "@/components/data-list/list-search";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useHasPermission } from "@/lib/permissions";
import { type PipelineData, useMoveLeadToStep, usePipeline, usePipelineOptions } from "./pipeline-api";
import { type Move, PipelineBoard } from "./pipeline-board";
import { pipelineFacets, pipelineVariables } from "./pipeline-filters";

/** The board with one card moved (its column counts follow), as shown until the server answers. */
function moved(data: PipelineData, leadId: string, from: string, to: string): PipelineData {
  const card = data.leadPipeline.columns.find((c) => c.stepId === from)?.cards.find((k) => k.lead.id === leadId);
  if (!card) return data;
  const columns = data.leadPipeline.columns.map((c) =>
    c.stepId === from
      ? { ...c, count: c.count - 1, cards: c.cards.filter((k) => k.lead.id !== leadId) }
      : c.stepId === to
        ? { ...c, count: c.count + 1, cards: [{ ...card, since: new Date().toISOString() }, ...c.cards] }
        : c,
  );
  return { leadPipeline: { ...data.leadPipeline, columns } };
}

/**
 * team/lead-pipeline: a project's steps as columns with the leads at each, filtered like a lead view
 * (state in the address). Those who work leads move a card by dragging it or with its "Move to…"
 * menu: the card moves at once and goes back if the move is refused.
 */
export default function LeadPipelinePage() {
  const [location, navigate] = useLocation();
  const options = usePipelineOptions();
  const o = options.data?.leadPipelineOptions;
  const facets = pipelineFacets(o);
  const state = useListFacets(facets);
  const list = useListUrlState<"NONE">({ sorts: ["NONE"], defaultSort: "NONE" });
  const firstProject = o?.projects[0]?.id;
  const projectId = state.value("project") || firstProject || "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the projects arrive
  useEffect(() => {
    if (firstProject && !state.value("project")) state.set("project", firstProject);
  }, [firstProject]);
  const variables = pipelineVariables(state, list.state.q, projectId);
  const filtered = !!list.state.q || ["source", "person", "status", "zone"].some((k) => state.value(k) !== "all");
  const board = usePipeline(variables ?? { projectId: "" }, !!variables);
  const has = useHasPermission();
  const canMove = has("LEAD_ADMIN") || has("LEAD_DATA_ENTRY");
  const move = useMoveLeadToStep();
  const client = useQueryClient();
  const onMove: Move = async (card, from, to) => {
    const key = ["LeadPipeline", variables];
    const before = client.getQueryData<PipelineData>(key);
    if (before) client.setQueryData(key, moved(before, card.lead.id, from, to));
    if (!(await move.run({ leadId: card.lead.id, stepId: to })) && before) client.setQueryData(key, before);
  };
  const data = board.data?.leadPipeline;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DocumentTitle title="Lead pipeline" />
      <PageHeader
        title="Lead pipeline"
        description={
          data
            ? `${formatNumber(data.total)} leads on their project's steps. Drag a card to another step, or use its menu.`
            : "Leads on their project's steps, from first contact to sale."
        }
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <ListSearch
          value={list.state.q}
          onSearch={(q) => list.update({ q })}
          label="Search leads"
          placeholder="Name, email or phone"
          className="sm:w-64 sm:flex-none"
        />
        <ListFacets facets={facets} state={state} className="grid grid-cols-2 gap-2 sm:flex" />
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => navigate(`${location}?project=${projectId}`, { replace: true })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {options.isSuccess && !o?.projects.length ? (
        <EmptyState
          icon={<KanbanSquareIcon aria-hidden="true" />}
          title="No projects yet"
          description="Leads stand on the steps of a project: add one under Projects."
        />
      ) : board.isError ? (
        <EmptyState
          title="The pipeline could not be loaded"
          description="Try again in a moment."
          action={<Button onClick={() => board.refetch()}>Try again</Button>}
        />
      ) : data ? (
        <PipelineBoard columns={data.columns} onMove={canMove ? onMove : undefined} />
      ) : (
        <div role="status" className="flex gap-3 overflow-hidden" aria-busy="true" aria-label="Loading the pipeline">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72 w-72 shrink-0" />
          ))}
        </div>
      )}
    </div>
  );
}
