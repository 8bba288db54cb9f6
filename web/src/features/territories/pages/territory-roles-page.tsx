import { ArrowLeftIcon, PencilIcon, PlusIcon, Trash2Icon, UsersIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { useCreateRole, useDeleteRole, useTerritoryRoles, useUpdateRole } from "../api";
import { DeleteDialog } from "../components/delete-dialog";
import { useTerritoryPermissions } from "../permissions";

type Role = { id: string; name: string; assignmentCount: number };

/** Person territory roles: the roles people hold in zones (Driver, Sales rep…). */
export default function TerritoryRolesPage() {
  const roles = useTerritoryRoles();
  const { canEdit } = useTerritoryPermissions();
  const create = useCreateRole({ successToast: (r) => `Added "${r.createPersonTerritoryRole.name}".` });
  const remove = useDeleteRole();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await create.mutateQuietly({ name });
      setName("");
      setError(null);
    } catch (err) {
      setError(describeMutationError(err)); // under the name field
    }
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Territory roles" />
      <PageHeader
        title="Territory roles"
        description="The roles people can hold in a territory zone."
        actions={
          <Button variant="ghost" asChild>
            <Link href="/team/territories">
              <ArrowLeftIcon aria-hidden="true" />
              Territory maps
            </Link>
          </Button>
        }
      />
      <Card className="gap-0 py-0">
        {roles.isPending ? (
          <div className="grid gap-2 p-4">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ) : roles.isError ? (
          <div className="p-4">
            <QueryError error={roles.error} onRetry={() => roles.refetch()} />
          </div>
        ) : roles.data.personTerritoryRoles.length === 0 ? (
          <EmptyState className="py-10" icon={<UsersIcon aria-hidden="true" />} title="No territory roles yet" />
        ) : (
          <ul className="divide-y" aria-label="Territory roles">
            {roles.data.personTerritoryRoles.map((r) => (
              <RoleRow key={r.id} role={r} canEdit={canEdit} onDelete={() => setDeleting(r)} />
            ))}
          </ul>
        )}
        {canEdit ? (
          <form
            onSubmit={onAdd}
            noValidate
            className="grid grid-cols-1 gap-3 border-t p-4 sm:grid-cols-[1fr_auto] sm:items-end"
          >
            <FormField label="New role" error={error ?? undefined}>
              <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Installer" />
            </FormField>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <PlusIcon aria-hidden="true" />}
              Add role
            </Button>
          </form>
        ) : null}
      </Card>
      <DeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete the role "${deleting?.name ?? ""}"?`}
        description="Nobody will hold this role in any zone."
        remove={async (confirm) => (await remove.mutateAsync({ id: deleting!.id, confirm })).deletePersonTerritoryRole}
        onDeleted={() => undefined}
      />
    </div>
  );
}

function RoleRow({ role, canEdit, onDelete }: { role: Role; canEdit: boolean; onDelete: () => void }) {
  const update = useUpdateRole();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(role.name);
  const [error, setError] = useState<string | null>(null);
  if (editing)
    return (
      <li className="px-4 py-3">
        <form
          noValidate
          className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await update.mutateQuietly({ input: { id: role.id, name } });
              setEditing(false);
              setError(null);
            } catch (err) {
              setError(describeMutationError(err)); // under the name field
            }
          }}
        >
          <FormField label="Role name" error={error ?? undefined}>
            <Input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          </FormField>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : null}
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      </li>
    );
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-medium">{role.name}</span>
        <span className="text-muted-foreground text-sm">
          {role.assignmentCount === 1 ? "Held in 1 zone" : `Held in ${role.assignmentCount} zones`}
        </span>
      </div>
      {canEdit ? (
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Rename ${role.name}`}
            onClick={() => {
              setName(role.name);
              setEditing(true);
            }}
          >
            <PencilIcon aria-hidden="true" />
            Rename
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Delete ${role.name}`} onClick={onDelete}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
