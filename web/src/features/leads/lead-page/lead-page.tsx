import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { RecordCustomFieldsCard } from "@/features/custom-fields/components/record-custom-fields-card";
import { formatDateTime } from "@/lib/format";
import { useHasPermission } from "@/lib/permissions";
import type { RouteParams } from "@/lib/route-table";
import { useLead } from "./api";
import { LeadFieldsCard } from "./lead-fields-card";
import { LeadHeader } from "./lead-header";
import { LeadHistoryCard } from "./lead-history-card";
import { LeadLocationCard } from "./lead-location-card";
import { LeadNavigation } from "./lead-nav";
import { LeadNotesCard } from "./lead-notes-card";
import { LeadWorkCard } from "./lead-work-card";

/**
 * team/leads/{leadId}: the lead's name, number and status with what may be done to it (assign, set
 * status, discard with a reason, mark a duplicate, link a customer); its fields and custom fields,
 * notes, projects and activities, location with its zone and pin, and history. Whoever only reads
 * leads (LEAD_REPORTING) sees it all without the actions. Next and previous lead of the list it was
 * opened from: the buttons, or j / k.
 */
export default function LeadPage({ params }: { params: RouteParams }) {
  const leadId = params.leadId ?? "";
  const q = useLead(leadId);
  const has = useHasPermission();
  const canEdit = has("LEAD_ADMIN") || has("LEAD_DATA_ENTRY");
  if (q.isPending) return <PageSkeleton />;
  if (q.isError || !q.data)
    return <QueryError error={q.error} onRetry={() => q.refetch()} title="We couldn't load this lead" />;
  const lead = q.data.lead;
  const title = `${lead.name} (#${lead.number})`;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DocumentTitle title={title} />
      <BreadcrumbTitle title={`Lead #${lead.number}`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink href="/team/lead-views">Lead views</BackLink>
        <LeadNavigation leadId={lead.id} />
      </div>
      <LeadHeader lead={lead} canEdit={canEdit} />
      {lead.mergedIntoId ? (
        <Alert>
          <AlertDescription>
            This lead was merged into lead #{lead.mergedIntoNumber}: it is kept only so the merge can be undone.
          </AlertDescription>
        </Alert>
      ) : null}
      <p className="text-muted-foreground text-sm">
        Entered {formatDateTime(lead.enteredTime)}
        {lead.leadFormName ? ` through ${lead.leadFormName}` : ""} · last edited {formatDateTime(lead.lastEdited)}
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-4">
          <LeadFieldsCard lead={lead} canEdit={canEdit} />
          {canEdit && !lead.mergedIntoId ? (
            <RecordCustomFieldsCard tableId="LEAD" recordId={lead.id} title="More details" />
          ) : null}
          <LeadWorkCard leadId={lead.id} canEdit={canEdit && !lead.mergedIntoId} />
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <LeadNotesCard leadId={lead.id} canEdit={canEdit && !lead.mergedIntoId} />
          <LeadLocationCard lead={lead} />
          <LeadHistoryCard leadId={lead.id} />
        </div>
      </div>
    </div>
  );
}
