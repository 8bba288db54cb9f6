import { ArrowLeftIcon, MailIcon, UserCheckIcon, UserXIcon } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { FormCard, useZodForm } from "@/components/form";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { PageSkeleton } from "@/components/shell/skeletons";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
// Territory roles and zones of the person: the territories feature's own section.
import { PersonTerritoriesSection } from "@/features/territories/components/person-territories-section";
import { useOverview } from "@/lib/overview";
import { useHasPermission } from "@/lib/permissions";
import type { RouteParams } from "@/lib/route-table";
import {
  type Permission,
  type PersonDetail,
  useAddSecurityGroupMember,
  usePerson,
  useRemoveSecurityGroupMember,
  useSecurityGroups,
  useSendEmployeeInvite,
  useSetPersonInactive,
  useToggleEmployeePermission,
  useUpdatePerson,
} from "../api";
import { GrantList } from "../components/grant-list";
import { PersonAvatar } from "../components/person-avatar";
import { PersonFields } from "../components/person-fields";
import { PersonPhoto } from "../components/person-photo";
import { type PersonValues, personSchema } from "../schema";
import { PersonStatus } from "./personnel-page";

const valuesOf = (p: PersonDetail): PersonValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  jobTitle: p.jobTitle,
  phone: p.phone,
  etaReminders: p.etaReminders,
});

function DetailsCard({ person }: { person: PersonDetail }) {
  const update = useUpdatePerson({ successToast: "Saved." });
  const form = useZodForm(personSchema, valuesOf(person));
  useEffect(() => form.reset(valuesOf(person)), [person, form]);
  return (
    <FormCard
      form={form}
      title="Details"
      submitLabel="Save details"
      pending={update.isPending}
      onSubmit={(values) => update.mutateQuietly({ personId: person.id, input: values })}
    >
      <PersonPhoto person={person} canEdit />
      <PersonFields form={form} disabled={update.isPending} />
    </FormCard>
  );
}

/** Groups (with SECURITY_USERS_AND_POLICIES: a checkbox per group) and the person's own grants. */
function AccessCard({ person }: { person: PersonDetail }) {
  const has = useHasPermission();
  const canEdit = has("SECURITY_USERS_AND_POLICIES");
  const groups = useSecurityGroups({ enabled: canEdit });
  const add = useAddSecurityGroupMember();
  const remove = useRemoveSecurityGroupMember();
  const toggle = useToggleEmployeePermission();
  const member = new Set(person.securityGroups.map((g) => g.id));

  const setMember = (groupId: string, on: boolean) =>
    on ? add.run({ groupId, personId: person.id }) : remove.run({ groupId, personId: person.id });
  const setGrant = (permission: Permission, granted: boolean) =>
    toggle.run({ input: { actorType: "PERSON", actorId: person.id, permission, granted } });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Security groups and grants</h2>
        </CardTitle>
        <CardDescription>
          What {person.firstName} may do: their groups' grants plus their own.{" "}
          {canEdit ? (
            <Link href={`/team/security?person=${person.id}`} className="underline">
              See their effective permissions
            </Link>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <section aria-labelledby="person-groups" className="grid gap-2">
          <h3 id="person-groups" className="font-medium text-sm">
            Groups
          </h3>
          {canEdit && groups.data ? (
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {groups.data.securityGroups.map((g) => (
                <li key={g.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`group-${g.id}`}
                    checked={member.has(g.id)}
                    disabled={add.isPending || remove.isPending}
                    onCheckedChange={(v) => setMember(g.id, v === true)}
                  />
                  <label htmlFor={`group-${g.id}`} className="text-sm">
                    {g.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : person.securityGroups.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {person.securityGroups.map((g) => (
                <li key={g.id}>
                  <Badge variant="secondary">{g.name}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">Not in any group.</p>
          )}
        </section>
        <section aria-labelledby="person-grants" className="grid gap-2">
          <h3 id="person-grants" className="font-medium text-sm">
            Own grants
          </h3>
          {canEdit ? (
            <GrantList
              idPrefix={`grant-${person.id}`}
              held={person.permissions}
              onToggle={setGrant}
              disabled={toggle.isPending}
              canGrantAdministrator={has("ADMINISTRATIVE_SETUP")}
            />
          ) : person.permissions.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {person.permissions.map((p) => (
                <li key={p}>
                  <Badge variant="outline" className="font-mono">
                    {p}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">No grants of their own.</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

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
      <Link
        href="/team/personnel"
        className="flex w-fit items-center gap-1 text-muted-foreground text-sm hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Personnel
      </Link>
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
        </div>
      </div>
      <AccessCard person={person} />
    </div>
  );
}
