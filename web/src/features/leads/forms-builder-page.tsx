import { ExternalLinkIcon } from "lucide-react";
import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import type { RouteParams } from "@/lib/route-table";
import { useLeadForm, useToggleLeadForm } from "./forms-api";
import { LeadFormBuilder } from "./forms-builder";
import { editedLabel } from "./forms-list";
import { publicFormHref } from "./forms-schema";

/** team/lead-forms/{formId}: one form's builder, its activation and the link visitors open. */
export default function LeadFormBuilderPage({ params }: { params: RouteParams }) {
  const q = useLeadForm(params.formId ?? "");
  const toggle = useToggleLeadForm();
  if (q.isPending) return <PageSkeleton />;
  const leadForm = q.data?.leadForm;
  if (q.isError || !leadForm)
    return (
      <QueryError
        error={q.error ?? new Error("Lead form not found.")}
        onRetry={() => q.refetch()}
        title="We couldn't load this form"
      />
    );
  const open = leadForm.isPublic && !leadForm.inactive;
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={leadForm.name} />
      <BreadcrumbTitle title={leadForm.name} />
      <BackLink href="/team/lead-forms">Lead forms</BackLink>
      <PageHeader
        title={leadForm.name}
        description={`Last edited ${editedLabel(leadForm.lastEdited)}.`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {leadForm.inactive ? <Badge variant="secondary">Inactive</Badge> : <Badge variant="success">Active</Badge>}
            {leadForm.isPublic ? <Badge variant="info">Public</Badge> : <Badge variant="outline">Private</Badge>}
            {open ? (
              <Button asChild variant="outline">
                <a href={publicFormHref(leadForm)} target="_blank" rel="noreferrer">
                  <ExternalLinkIcon aria-hidden="true" />
                  Open public form
                </a>
              </Button>
            ) : null}
            <Button variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate({ id: leadForm.id })}>
              {leadForm.inactive ? "Activate" : "Deactivate"}
            </Button>
          </div>
        }
      />
      <LeadFormBuilder leadForm={leadForm} />
    </div>
  );
}
