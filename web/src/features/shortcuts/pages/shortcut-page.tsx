import { useLocation } from "wouter";
import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { RunList } from "@/features/saved-actions/components/run-list";
import { useWorkflowSetupPermissions } from "@/features/workflow-setup/permissions";
import type { RouteParams } from "@/lib/route-table";
import { useShortcut } from "../api";
import { DeleteShortcutButton } from "../components/delete-shortcut-button";
import { ShortcutForm } from "../components/shortcut-form";
import { tableLabel } from "../labels";

/** team/shortcuts/{shortcutId}: one shortcut's editor, and delete with a confirmation. */
export default function ShortcutPage({ params }: { params: RouteParams }) {
  const q = useShortcut(params.shortcutId ?? "");
  const [, navigate] = useLocation();
  const { canConfigure } = useWorkflowSetupPermissions();
  if (q.isPending) return <PageSkeleton />;
  const shortcut = q.data?.workflowShortcut;
  if (q.isError || !shortcut)
    return (
      <QueryError
        error={q.error ?? new Error("Workflow shortcut not found.")}
        onRetry={() => q.refetch()}
        title="We couldn't load this shortcut"
      />
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={shortcut.name} />
      <BreadcrumbTitle title={shortcut.name} />
      <BackLink href="/team/shortcuts">Shortcuts</BackLink>
      <PageHeader
        title={shortcut.name}
        description={`Applies to ${tableLabel(shortcut.tableId).toLowerCase()}.`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {shortcut.isSaleWorkflow ? <Badge variant="info">Sale workflow</Badge> : null}
            {shortcut.inactive ? <Badge variant="secondary">Inactive</Badge> : null}
            {canConfigure ? (
              <DeleteShortcutButton shortcut={shortcut} onDeleted={() => navigate("/team/shortcuts")} />
            ) : null}
          </div>
        }
      />
      <ShortcutForm shortcut={shortcut} canEdit={canConfigure} />
      <RunList shortcutId={shortcut.id} />
    </div>
  );
}
