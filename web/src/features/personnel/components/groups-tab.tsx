import { PencilIcon, PlusIcon, Trash2Icon, UserMinusIcon, UsersIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { FormDialog, useZodForm } from "@/components/form";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  type SecurityGroup,
  useActivePersonnel,
  useAddSecurityGroupMember,
  useCreateSecurityGroup,
  useDeleteSecurityGroup,
  useRemoveSecurityGroupMember,
  useRenameSecurityGroup,
} from "../api";
import { permissionInfo } from "../permissions";
import { groupNameSchema } from "../schema";

/** A dialog asking for a group's name (new group, rename); a refusal shows under the name. */
function NameDialog({
  open,
  onOpenChange,
  title,
  initial,
  onSave,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
}) {
  const form = useZodForm(groupNameSchema, { name: initial });
  // Each time it opens it starts from the group's current name.
  useEffect(() => {
    if (open) form.reset({ name: initial });
  }, [open, initial, form]);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title={title}
      submitLabel="Save"
      className="sm:max-w-md"
      refusalField="name"
      onSubmit={(values) => onSave(values.name)}
    >
      <FormField label="Group name" required error={form.formState.errors.name?.message}>
        <Input autoFocus maxLength={60} {...form.register("name")} />
      </FormField>
    </FormDialog>
  );
}

function GroupCard({ group }: { group: SecurityGroup }) {
  const rename = useRenameSecurityGroup();
  const del = useDeleteSecurityGroup();
  const add = useAddSecurityGroupMember();
  const remove = useRemoveSecurityGroupMember();
  const people = useActivePersonnel();
  const [renaming, setRenaming] = useState(false);
  const members = new Set(group.members.map((m) => m.id));
  const candidates = (people.data?.activePersonnel ?? []).filter((p) => !members.has(p.id));

  return (
    <Card className="gap-3" aria-label={`Group ${group.name}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle asChild>
            <h3 className="flex items-center gap-2">
              {group.name}
              <Badge variant="secondary">
                {group.memberCount} member{group.memberCount === 1 ? "" : "s"}
              </Badge>
            </h3>
          </CardTitle>
          <p className="text-muted-foreground text-xs">
            {group.permissions.length
              ? group.permissions.map((p) => permissionInfo[p].label).join(", ")
              : "No grants yet: give some in the permission matrix."}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Rename ${group.name}`} onClick={() => setRenaming(true)}>
            <PencilIcon aria-hidden="true" />
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="icon" aria-label={`Delete ${group.name}`}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            }
            destructive
            title={`Delete the group ${group.name}?`}
            description={
              group.memberCount
                ? `Its ${group.memberCount} member${group.memberCount === 1 ? "" : "s"} lose the group's grants; the people themselves stay.`
                : "The group and its grants are removed."
            }
            onConfirm={() => del.run({ groupId: group.id, confirm: true })}
          />
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {group.members.length ? (
          <ul className="divide-y rounded-md border" aria-label={`Members of ${group.name}`}>
            {group.members.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                <Link href={`/team/personnel/${m.id}`} className="min-w-0 truncate hover:underline">
                  {m.fullName}
                  <span className="text-muted-foreground"> · {m.jobTitle || "—"}</span>
                </Link>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${m.fullName} from ${group.name}`}
                  onClick={() => remove.run({ groupId: group.id, personId: m.id })}
                >
                  <UserMinusIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No members yet.</p>
        )}
        <Select value="" onValueChange={(personId) => add.run({ groupId: group.id, personId })}>
          <SelectTrigger aria-label={`Add a member to ${group.name}`} className="w-full">
            <SelectValue placeholder="Add a member…" />
          </SelectTrigger>
          <SelectContent>
            {candidates.map((p) => (
              <SelectItem key={p.id} value={p.id}>
                {p.fullName}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
      <NameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title={`Rename ${group.name}`}
        initial={group.name}
        onSave={(name) => rename.mutateQuietly({ groupId: group.id, name })}
      />
    </Card>
  );
}

export function GroupsTab({ groups }: { groups: SecurityGroup[] }) {
  const create = useCreateSecurityGroup();
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          New group
        </Button>
      </div>
      {groups.length === 0 ? (
        <EmptyState
          icon={<UsersIcon aria-hidden="true" />}
          title="No security groups yet"
          description="Groups give the same grants to everyone in them: office, drivers, sales, managers."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {groups.map((g) => (
            <GroupCard key={g.id} group={g} />
          ))}
        </div>
      )}
      <NameDialog
        open={creating}
        onOpenChange={setCreating}
        title="New security group"
        initial=""
        onSave={(name) => create.mutateQuietly({ name })}
      />
    </div>
  );
}
