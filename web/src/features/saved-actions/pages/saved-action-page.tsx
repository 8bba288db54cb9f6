import { useLocation } from "wouter";
import { DeleteRecordButton } from "@/components/delete-record-button";
import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { tableLabel } from "@/features/shortcuts/labels";
import type { RouteParams } from "@/lib/route-table";
import { useDeleteSavedAction, useSavedAction } from "../api";
import { PreviewAndRun } from "../components/preview-and-run";
import { RunList } from "../components/run-list";
import { SavedActionForm } from "../components/saved-action-form";

/** team/saved-actions/{actionId}: the editor, Preview, Run with its progress, and the runs with Undo. */
export default function SavedActionPage({ params }: { params: RouteParams }) {
  const q = useSavedAction(params.actionId ?? "");
  const [, navigate] = useLocation();
  const remove = useDeleteSavedAction({ onSuccess: () => navigate("/team/saved-actions") });
  if (q.isPending) return <PageSkeleton />;
  const s = q.data?.savedAction;
  if (q.isError || !s)
    return (
      <QueryError
        error={q.error ?? new Error("Saved action not found.")}
        onRetry={() => q.refetch()}
        title="We couldn't load this saved action"
      />
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={s.name} />
      <BreadcrumbTitle title={s.name} />
      <BackLink href="/team/saved-actions">Saved actions</BackLink>
      <PageHeader
        title={s.name}
        description={`Runs "${s.shortcutName}" on ${tableLabel(s.tableId).toLowerCase()}${s.ownerName ? `; saved by ${s.ownerName}` : ""}.`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {s.isPublic ? <Badge variant="info">Public</Badge> : <Badge variant="secondary">Private</Badge>}
            {s.canEdit ? (
              <DeleteRecordButton
                title={`Delete "${s.name}"?`}
                description="What its runs did stays (and can still be undone from the shortcut's page for 24 hours)."
                confirmLabel="Delete saved action"
                onConfirm={() => remove.mutateAsync({ id: s.id })}
              />
            ) : null}
          </div>
        }
      />
      <PreviewAndRun savedAction={s} />
      <RunList savedActionId={s.id} />
      <SavedActionForm savedAction={s} />
    </div>
  );
}
