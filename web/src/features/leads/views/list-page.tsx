import { LockIcon, PencilIcon, PlusIcon, Rows3Icon, Trash2Icon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, RowLink } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { noMatchOf } from "@/components/data-list/no-match";
import { actionsColumn, RowActions } from "@/components/data-list/row-actions";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { formatDateTime } from "@/lib/format";
import { type LeadViewRow, useDeleteLeadView, useLeadViews, useSetLeadViewPublic } from "./api";
import { NewViewDialog, RenameViewDialog } from "./view-dialogs";

/**
 * team/lead-views: the public lead views and your own, on the data table (searched and sorted in the
 * browser, state in the address). New view; the creator (or a lead admin) renames a view, makes it
 * public or private, and deletes it after a confirmation.
 */

const PAGE_SIZE = 25;
type Sort = "NAME" | "MODIFIED";
const SORTS: readonly Sort[] = ["NAME", "MODIFIED"];

export default function LeadViewsPage() {
  const views = useLeadViews();
  const setPublic = useSetLeadViewPublic();
  const remove = useDeleteLeadView();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<LeadViewRow | null>(null);
  const [deleting, setDeleting] = useState<LeadViewRow | null>(null);
  const list = useListUrlState<Sort>({ sorts: SORTS, defaultSort: "NAME" });
  const { rows, total } = useClientRows(views.data?.leadViews, list.state, {
    searchText: (v) => [v.name, v.description, v.creatorName ?? ""],
    sortValue: { NAME: (v) => v.name, MODIFIED: (v) => v.lastModified },
    pageSize: PAGE_SIZE,
  });
  const href = (v: LeadViewRow) => `/team/lead-views/${v.id}`;
  const publicSwitch = (v: LeadViewRow) => (
    <span className="flex items-center gap-2">
      <Switch
        aria-label={`${v.name} is public`}
        checked={v.isPublic}
        disabled={!v.canChange || setPublic.isPending}
        onCheckedChange={(on) => setPublic.run({ id: v.id, isPublic: on })}
      />
      <span className="text-sm">{v.isPublic ? "Public" : "Private"}</span>
    </span>
  );
  const actions = (v: LeadViewRow) =>
    v.canChange ? (
      <RowActions
        name={v.name}
        items={[
          { label: "Rename", icon: PencilIcon, onSelect: () => setRenaming(v) },
          {
            label: v.isPublic ? "Make private" : "Make public",
            icon: v.isPublic ? LockIcon : UsersIcon,
            onSelect: () => setPublic.run({ id: v.id, isPublic: !v.isPublic }),
          },
          { label: "Delete", icon: Trash2Icon, destructive: true, onSelect: () => setDeleting(v) },
        ]}
      />
    ) : null;
  const columns: DataColumn<LeadViewRow, Sort>[] = [
    {
      header: "Name",
      sort: "NAME",
      cell: (v) => (
        <span className="grid gap-0.5">
          <RowLink href={href(v)}>{v.name}</RowLink>
          {v.description ? <span className="text-muted-foreground text-xs">{v.description}</span> : null}
        </span>
      ),
    },
    { header: "Visibility", cell: publicSwitch },
    { header: "Creator", cell: (v) => v.creatorName ?? <span className="text-muted-foreground">—</span> },
    { header: "Last modified", sort: "MODIFIED", cell: (v) => formatDateTime(v.lastModified, { omitThisYear: true }) },
    actionsColumn(actions),
  ];
  return (
    <ListPage
      title="Lead views"
      description="Saved, filtered lists of leads that you and your team work from."
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          New view
        </Button>
      }
    >
      <DataTable
        label="Lead views"
        noun="lead views"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(v) => v.id}
        rowHref={href}
        mobileRow={(v) => (
          <div className="flex items-start gap-3 px-3 py-3">
            <span className="grid min-w-0 flex-1 gap-1">
              <RowLink href={href(v)}>{v.name}</RowLink>
              <span className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                <Badge variant={v.isPublic ? "secondary" : "outline"}>{v.isPublic ? "Public" : "Private"}</Badge>
                {v.creatorName ? <span>{v.creatorName}</span> : null}
                <span>{formatDateTime(v.lastModified, { omitThisYear: true })}</span>
              </span>
            </span>
            {actions(v)}
          </div>
        )}
        list={list}
        pageSize={PAGE_SIZE}
        query={views}
        search={{ label: "Search lead views", placeholder: "Search by name, description or creator" }}
        empty={{
          icon: <Rows3Icon aria-hidden="true" />,
          title: "No lead views yet",
          description: "Create a view to keep a filtered list of leads at hand.",
        }}
        noMatch={noMatchOf("lead view", "lead views")}
      />
      <NewViewDialog open={creating} onOpenChange={setCreating} />
      <RenameViewDialog view={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => (o ? null : setDeleting(null))}
        destructive
        title={`Delete ${deleting?.name ?? ""}?`}
        description="The view is removed for everyone who uses it. Its leads are not touched."
        confirmLabel="Delete view"
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync({ id: deleting.id });
        }}
      />
    </ListPage>
  );
}
