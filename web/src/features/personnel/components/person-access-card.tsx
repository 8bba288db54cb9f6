import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { useHasPermission } from "@/lib/permissions";
import {
  type Permission,
  type PersonDetail,
  useAddSecurityGroupMember,
  useRemoveSecurityGroupMember,
  useSecurityGroups,
  useToggleEmployeePermission,
} from "../api";
import { GrantList } from "./grant-list";

/** Groups (with SECURITY_USERS_AND_POLICIES: a checkbox per group) and the person's own grants. */
export function AccessCard({ person }: { person: PersonDetail }) {
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
