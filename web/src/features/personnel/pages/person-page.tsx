import { MailIcon, UserCheckIcon, UserXIcon } from "lucide-react";
import { BackLink } from "@/components/shell/back-link";
import { BreadcrumbTitle } from "@/components/shell/breadcrumb-title";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
// The person's custom fields: the custom fields feature's own card.
import { RecordCustomFieldsCard } from "@/features/custom-fields/components/record-custom-fields-card";
// Territory roles and zones of the person: the territories feature's own section.
import { PersonTerritoriesSection } from "@/features/territories/components/person-territories-section";
import { useOverview } from "@/lib/overview";
import type { RouteParams } from "@/lib/route-table";
import { usePerson, useSendEmployeeInvite, useSetPersonInactive } from "../api";
import { AccessCard } from "../components/person-access-card";
import { PersonAvatar } from "../components/person-avatar";
import { DetailsCard } from "../components/person-details-card";
import { PersonStatus } from "./personnel-page";

/** team/personnel/{personId}: details, sign-in (invite, deactivate), groups, grants, territories. */
export default function PersonPage({ params }: { params: RouteParams }) {
  const personId = params.personId ?? "";
  const q = usePerson(personId);
  const { overview } = useOverview();
  const invite = useSendEmployeeInvite();
  const setInactive = useSetPersonInactive();
  if (q.isPending) return <PageSkeleton />;
  if (q.isError || !q.data)
    return <QueryError error={q.error} onRetry={() => q.refetch()} title="We couldn't load this person" />;
  const person = q.data.personById;
  const self = overview?.employeePersonId === person.id;

  const sendInvite = () => invite.run({ personId: person.id });
  // Rejects on a refusal, so that the confirmation stays open.
  const changeActive = () => setInactive.mutateAsync({ personId: person.id, inactive: !person.inactive });

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={person.fullName} />
      <BreadcrumbTitle title={person.fullName} />
      <BackLink href="/team/personnel">Personnel</BackLink>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <PersonAvatar name={person.fullName} photoUrl={person.photoUrl} className="size-11 text-base" />
            <span className="grid">
              {person.fullName}
              <span className="font-normal text-muted-foreground text-sm">{person.jobTitle || "No job title"}</span>
            </span>
          </span>
        }
        actions={
          <>
            <PersonStatus person={person} />
            {!person.inactive && (!person.canSignIn || person.invitePending || !person.lastLoginAt) ? (
              <Button variant="outline" onClick={sendInvite} disabled={invite.isPending || !person.email}>
                {invite.isPending ? <Spinner size="sm" /> : <MailIcon aria-hidden="true" />}
                {person.canSignIn ? "Send a new invitation" : "Invite to sign in"}
              </Button>
            ) : null}
            {self ? null : (
              <ConfirmDialog
                trigger={
                  person.inactive ? (
                    <Button variant="outline">
                      <UserCheckIcon aria-hidden="true" />
                      Reactivate
                    </Button>
                  ) : (
                    <Button variant="destructive">
                      <UserXIcon aria-hidden="true" />
                      Deactivate
                    </Button>
                  )
                }
                destructive={!person.inactive}
                title={person.inactive ? `Reactivate ${person.fullName}?` : `Deactivate ${person.fullName}?`}
                description={
                  person.inactive
                    ? "They can sign in again with their password."
                    : "They are signed out everywhere at once and can no longer sign in. Their history, groups and territories stay."
                }
                confirmLabel={person.inactive ? "Reactivate" : "Deactivate"}
                onConfirm={changeActive}
              />
            )}
          </>
        }
      />
      <p className="text-muted-foreground text-sm">
        {person.lastLoginAt
          ? `Last signed in ${new Date(person.lastLoginAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}.`
          : person.canSignIn
            ? "Has not signed in yet."
            : "Has no sign-in: invite them to give them one."}
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <DetailsCard person={person} />
        <div className="grid content-start gap-4">
          {/* Territory roles and zones (territories feature). */}
          <PersonTerritoriesSection personId={person.id} />
          <RecordCustomFieldsCard tableId="PERSON" recordId={person.id} />
        </div>
      </div>
      <AccessCard person={person} />
    </div>
  );
}
