import { PencilIcon, PlusIcon, Trash2Icon, UserMinusIcon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { describeRequestError } from "@/lib/query-client";
import {
  type SecurityGroup,
  useActivePersonnel,
  useAddSecurityGroupMember,
  useCreateSecurityGroup,
  useDeleteSecurityGroup,
  useRefreshPeople,
  useRemoveSecurityGroupMember,
  useRenameSecurityGroup,
} from "../api";
import { permissionInfo } from "../permissions";

/** A dialog asking for a group's name (new group, rename). */
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
  onSave: (name: string) => Promise<string | null>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) {
          setName(initial);
          setError(null);
        }
        onOpenChange(o);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setPending(true);
            const problem = await onSave(name);
            setPending(false);
            if (problem) setError(problem);
            else onOpenChange(false);
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          <FormField label="Group name" required error={error}>
            <Input value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={60} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function GroupCard({ group }: { group: SecurityGroup }) {
  const refresh = useRefreshPeople();
  const rename = useRenameSecurityGroup();
  const del = useDeleteSecurityGroup();
  const add = useAddSecurityGroupMember();
  const remove = useRemoveSecurityGroupMember();
  const people = useActivePersonnel();
  const [renaming, setRenaming] = useState(false);
  const members = new Set(group.members.map((m) => m.id));
  const candidates = (people.data?.activePersonnel ?? []).filter((p) => !members.has(p.id));

  const run = async (fn: () => Promise<{ isSuccess: boolean; message: string }>) => {
    try {
      const r = await fn();
      if (r.isSuccess) toast.success(r.message);
      else toast.error(r.message);
      await refresh();
    } catch (error) {
      toast.error(describeRequestError(error));
    }
  };

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
            onConfirm={() =>
              run(async () => (await del.mutateAsync({ groupId: group.id, confirm: true })).deleteSecurityGroup)
            }
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
                  onClick={() =>
                    run(
                      async () =>
                        (await remove.mutateAsync({ groupId: group.id, personId: m.id })).removeSecurityGroupMember,
                    )
                  }
                >
                  <UserMinusIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No members yet.</p>
        )}
        <Select
          value=""
          onValueChange={(personId) =>
            run(async () => (await add.mutateAsync({ groupId: group.id, personId })).addSecurityGroupMember)
          }
        >
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
        onSave={async (name) => {
          try {
            const r = (await rename.mutateAsync({ groupId: group.id, name })).renameSecurityGroup;
            if (!r.isSuccess) return r.message;
            toast.success(r.message);
            await refresh();
            return null;
          } catch (error) {
            return describeRequestError(error);
          }
        }}
      />
    </Card>
  );
}

export function GroupsTab({ groups }: { groups: SecurityGroup[] }) {
  const create = useCreateSecurityGroup();
  const refresh = useRefreshPeople();
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
        onSave={async (name) => {
          try {
            const r = (await create.mutateAsync({ name })).createSecurityGroup;
            if (!r.isSuccess) return r.message;
            toast.success(r.message);
            await refresh();
            return null;
          } catch (error) {
            return describeRequestError(error);
          }
        }}
      />
    </div>
  );
}
