import { ArrowLeftIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { RecordCustomFieldsCard } from "@/features/custom-fields/components/record-custom-fields-card";
import {
  RunShortcutMenu,
  ShortcutOutcome,
  useShortcutOutcome,
} from "@/features/shortcuts/components/run-shortcut-menu";
import type { RouteParams } from "@/lib/route-table";
import { useWorkProject, type WorkStep } from "../api";
import { ActivityFormDialog } from "../components/activity-form-dialog";
import { ActivityTimeline } from "../components/activity-timeline";
import { ClosedThreadAlert } from "../components/closed-thread-alert";
import { CustomerWorkCard } from "../components/customer-work-card";
import { StepProgress, threadProgress } from "../components/step-progress";
import { useActivityPinnedFields, useThreadPinnedFields } from "../components/thread-custom-fields";
import { ThreadSummary } from "../components/thread-summary";
import { whoFor } from "../components/work-labels";
import { THREAD_PAGE, useOpenActivityIds, useWorkThread } from "../thread-api";
import { instantToWall, useBranchTimeZone } from "../time";

const HOUR = 3_600_000;

/** The step a new activity most likely belongs to: the one after the current, else the current, else the first. */
function nextStep(steps: WorkStep[], current: WorkStep | null) {
  const active = steps.filter((s) => !s.inactive);
  if (!current) return active[0];
  return active.find((s) => s.sortLevel > current.sortLevel) ?? current;
}

/**
 * team/project-threads/{projectThreadId}: one run of a project for a customer or lead: where it
 * stands among the project's steps, its details (custom fields, the pinned ones in its header), its
 * activities in time order (a page at a time: "Show more"), and adding and changing work.
 */
export default function ProjectThreadPage({ params }: { params: RouteParams }) {
  const timeZone = useBranchTimeZone();
  const threadId = params.projectThreadId ?? "";
  const thread = useWorkThread(threadId);
  const t = thread.thread;
  const project = useWorkProject(t?.projectId);
  const pinned = useThreadPinnedFields(threadId, timeZone);
  const activityPinned = useActivityPinnedFields(thread.activities, thread.customFieldValues, timeZone);
  const openActivityIds = useOpenActivityIds(threadId);
  const [adding, setAdding] = useState(false);
  const shortcutRun = useShortcutOutcome();
  if (thread.isPending) return <PageSkeleton />;
  if (thread.isError || !t)
    return <QueryError error={thread.error} onRetry={() => thread.refetch()} title="We couldn't load this thread" />;

  const p = project.data?.project;
  const steps = p?.steps ?? [];
  const { current, stateOf } = threadProgress(t, steps);
  const first = nextStep(steps, current);
  const title = `${t.projectDescription}: ${whoFor(t)}`;

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={title} />
      <BreadcrumbTitle title={t.projectDescription} />
      <Link
        href="/team/my-work"
        className="flex w-fit items-center gap-1 text-muted-foreground text-sm hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        My work
      </Link>
      <PageHeader
        className="pb-0"
        title={t.projectDescription}
        description={`Project thread for ${whoFor(t)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <RunShortcutMenu
              threadId={t.id}
              openActivityCount={t.openActivityCount}
              openActivityIds={openActivityIds}
              onRan={(execution, shortcut) => {
                shortcutRun.onRan(execution, shortcut);
                void thread.refetch();
              }}
            />
            {!t.closedAt && p && first ? (
              <Button onClick={() => setAdding(true)}>
                <PlusIcon aria-hidden="true" />
                Add activity
              </Button>
            ) : null}
          </div>
        }
      />
      {shortcutRun.last ? (
        <ShortcutOutcome
          execution={shortcutRun.last.execution}
          shortcut={shortcutRun.last.shortcut}
          onDismiss={shortcutRun.dismiss}
        />
      ) : null}
      {t.closedAt ? <ClosedThreadAlert thread={t} timeZone={timeZone} /> : null}
      <ThreadSummary thread={t} current={current} timeZone={timeZone} pinned={pinned} />
      {project.isError ? (
        <QueryError error={project.error} onRetry={() => project.refetch()} title="We couldn't load the steps" />
      ) : steps.length ? (
        <StepProgress steps={steps} stateOf={stateOf} />
      ) : null}
      <RecordCustomFieldsCard tableId="PROJECT_THREAD" recordId={t.id} title="Details" />
      <ActivityTimeline
        activities={thread.activities}
        timeZone={timeZone}
        pinned={activityPinned}
        more={
          // A thread of one page says nothing of pages.
          t.activityCount > THREAD_PAGE || thread.hasNextPage
            ? {
                total: t.activityCount,
                hasMore: thread.hasNextPage,
                loading: thread.isFetchingNextPage,
                onMore: () => void thread.fetchNextPage(),
              }
            : undefined
        }
      />
      {t.customerId ? <CustomerWorkCard customerId={t.customerId} exceptThreadId={t.id} /> : null}
      {adding && p && first ? (
        <ActivityFormDialog
          mode="add"
          threadId={t.id}
          project={p}
          stepId={first.id}
          scheduledTime={instantToWall(new Date(Math.ceil(Date.now() / HOUR) * HOUR), timeZone)}
          timeZone={timeZone}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
