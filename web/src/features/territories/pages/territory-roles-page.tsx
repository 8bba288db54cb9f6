import { ArrowLeftIcon, PencilIcon, Trash2Icon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { QueryError } from "@/components/shell/query-error";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCreateRole, useDeleteRole, useTerritoryRoles, useUpdateRole } from "../api";
import { AddByNameForm } from "../components/add-by-name-form";
import { DeleteDialog } from "../components/delete-dialog";
import { NamedRow } from "../components/named-row";
import { RenameDialog } from "../components/rename-dialog";
import { useTerritoryPermissions } from "../permissions";

type Role = { id: string; name: string; assignmentCount: number };

/** Person territory roles: the roles people hold in zones (Driver, Sales rep…). */
export default function TerritoryRolesPage() {
  const roles = useTerritoryRoles();
  const { canEdit } = useTerritoryPermissions();
  const create = useCreateRole({ successToast: (r) => `Added "${r.createPersonTerritoryRole.name}".` });
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const [renaming, setRenaming] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  return (
    <ListPage
      title="Territory roles"
      description="The roles people can hold in a territory zone."
      actions={
        <LinkButton href="/team/territories" variant="ghost" icon={ArrowLeftIcon}>
          Territory maps
        </LinkButton>
      }
    >
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
              <NamedRow
                key={r.id}
                title={<span className="font-medium">{r.name}</span>}
                detail={r.assignmentCount === 1 ? "Held in 1 zone" : `Held in ${r.assignmentCount} zones`}
                actions={
                  canEdit
                    ? [
                        {
                          label: "Rename",
                          icon: PencilIcon,
                          ariaLabel: `Rename ${r.name}`,
                          onClick: () => setRenaming(r),
                        },
                        {
                          label: "Delete",
                          icon: Trash2Icon,
                          ariaLabel: `Delete ${r.name}`,
                          onClick: () => setDeleting(r),
                        },
                      ]
                    : undefined
                }
              />
            ))}
          </ul>
        )}
        {canEdit ? (
          <AddByNameForm
            what="Role"
            max={60}
            label="New role"
            placeholder="e.g. Installer"
            submitLabel="Add role"
            onAdd={(name) => create.mutateQuietly({ name })}
          />
        ) : null}
      </Card>
      <RenameDialog
        what="Role"
        max={60}
        item={renaming}
        open={!!renaming}
        onOpenChange={(o) => !o && setRenaming(null)}
        description="The role's new name, wherever people hold it."
        refusalLabel="a territory role"
        pending={update.isPending}
        onSave={(id, { name }) => update.mutateQuietly({ input: { id, name } })}
      />
      <DeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete the role "${deleting?.name ?? ""}"?`}
        description="Nobody will hold this role in any zone."
        remove={async (confirm) => (await remove.mutateAsync({ id: deleting!.id, confirm })).deletePersonTerritoryRole}
        onDeleted={() => undefined}
      />
    </ListPage>
  );
}
