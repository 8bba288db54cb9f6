import { useLocation } from "wouter";
import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import { type Automation, useAutomation, useAutomationEvents, useAutomationRuns } from "../api";
import { AutomationForm } from "../components/automation-form";
import { DeleteAutomationButton } from "../components/delete-automation-button";
import { RecentRuns, recordName } from "../components/recent-runs";
import { ReplayPanel } from "../components/replay-panel";
import { TestPanel } from "../components/test-panel";
import { useEditorOptions } from "../components/use-editor-options";
import { EVENT_LABELS, STATUS_LABELS } from "../labels";

const RECENT = 10;

/**
 * team/automations/{automationId}: edit one automation, replay it over the last 30 days (before it is
 * switched on), try it on a record, and see its latest runs.
 */
export default function AutomationPage({ params }: { params: RouteParams }) {
  const id = params.automationId ?? "";
  const q = useAutomation(id);
  if (q.isPending) return <PageSkeleton />;
  const automation = q.data?.automation;
  if (q.isError || !automation)
    return (
      <QueryError
        error={q.error ?? new Error("Automation not found.")}
        onRetry={() => q.refetch()}
        title="We couldn't load this automation"
      />
    );
  return <AutomationScreen automation={automation} />;
}

function AutomationScreen({ automation }: { automation: Automation }) {
  const [, navigate] = useLocation();
  const events = useAutomationEvents();
  const options = useEditorOptions();
  const runs = useAutomationRuns({ automationId: automation.id, take: RECENT });
  const eventList = events.data?.automationEvents ?? [];
  const tableId = eventList.find((e) => e.event === automation.event)?.tableId ?? "ACTIVITY";
  const items = runs.data?.automationRuns.items;
  const recent = [...new Map((items ?? []).filter((r) => r.record).map((r) => [r.entityId, r])).values()].map((r) => ({
    entityId: r.entityId,
    label: recordName(r),
  }));
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={automation.name} />
      <BreadcrumbTitle title={automation.name} />
      <BackLink href="/team/automations">Automations</BackLink>
      <PageHeader
        title={automation.name}
        description={eventList.find((e) => e.event === automation.event)?.label ?? EVENT_LABELS[automation.event]}
        actions={
          <>
            <Badge variant={automation.status === "ON" ? "success" : "secondary"}>
              {STATUS_LABELS[automation.status]}
            </Badge>
            <DeleteAutomationButton automation={automation} onDeleted={() => navigate("/team/automations")} />
          </>
        }
      />
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {events.data ? (
          <AutomationForm automation={automation} events={eventList} options={options} />
        ) : events.isError ? (
          <QueryError error={events.error} onRetry={() => events.refetch()} />
        ) : (
          <PageSkeleton announce={false} />
        )}
        <div className="grid gap-4">
          <ReplayPanel
            automationId={automation.id}
            isOn={automation.status === "ON"}
            createsActivities={automation.actions.some((a) => a.type === "CREATE_ACTIVITY")}
          />
          <TestPanel
            automationId={automation.id}
            tableId={tableId}
            recent={recent}
            actionCount={automation.actions.length}
          />
          <RecentRuns runs={items} total={runs.data?.automationRuns.totalCount} query={runs} />
        </div>
      </div>
    </div>
  );
}
