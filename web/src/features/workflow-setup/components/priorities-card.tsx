import { ArrowDownIcon, ArrowUpIcon, FlagIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { QueryState } from "@/components/shell/query-state";
import { SkeletonBlocks } from "@/components/shell/skeletons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { type SetupPriority, useSetupPriorities, useUpdatePriority } from "../api";
import { PriorityDialog } from "./priority-dialog";

/**
 * The branch's priorities in sort order, inactive ones too. With WORKFLOW_CONFIGURATION: add one,
 * edit one (name, sort order, inactive), and move one up or down (it swaps sort orders with its
 * neighbour; equal sort orders are spread out first so the move always shows).
 */
export function PrioritiesCard({ canEdit, className }: { canEdit: boolean; className?: string }) {
  const query = useSetupPriorities();
  // A move is two saves: no toast, the list shows it.
  const update = useUpdatePriority({ successToast: false });
  const [editing, setEditing] = useState<SetupPriority | null>(null);
  const [open, setOpen] = useState(false);
  const list = query.data?.priorities ?? [];
  const nextSortOrder = list.length ? Math.max(...list.map((p) => p.sortOrder)) + 10 : 10;

  const move = async (index: number, by: -1 | 1) => {
    const a = list[index];
    const b = list[index + by];
    if (!a || !b) return;
    const [sa, sb] = a.sortOrder === b.sortOrder ? [b.sortOrder + by, a.sortOrder] : [b.sortOrder, a.sortOrder];
    await update.run({ id: a.id, input: { sortOrder: sa } });
    await update.run({ id: b.id, input: { sortOrder: sb } });
  };
  const edit = (p: SetupPriority | null) => {
    setEditing(p);
    setOpen(true);
  };

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h2>Priorities</h2>
        </CardTitle>
        <CardDescription>How urgent an activity is, in the order lists show them.</CardDescription>
        {canEdit ? (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => edit(null)}>
              <PlusIcon aria-hidden="true" />
              New priority
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={<SkeletonBlocks label="Loading priorities" className="grid gap-2" blocks={["h-9", "h-9"]} />}
        >
          {() =>
            list.length === 0 ? (
              <EmptyState icon={<FlagIcon aria-hidden="true" />} title="No priorities yet" />
            ) : (
              <ol className="divide-y rounded-md border" aria-label="Priorities">
                {list.map((p, i) => (
                  <li key={p.id} className="flex items-center gap-2 px-3 py-2 text-sm">
                    <span className="w-12 shrink-0 text-muted-foreground text-xs tabular-nums" title="Sort order">
                      {p.sortOrder}
                    </span>
                    <span className={p.inactive ? "flex-1 text-muted-foreground" : "flex-1 font-medium"}>{p.name}</span>
                    {p.inactive ? <Badge variant="secondary">Inactive</Badge> : null}
                    {canEdit ? (
                      <span className="flex">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={`Move ${p.name} up`}
                          disabled={i === 0 || update.isPending}
                          onClick={() => move(i, -1)}
                        >
                          <ArrowUpIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={`Move ${p.name} down`}
                          disabled={i === list.length - 1 || update.isPending}
                          onClick={() => move(i, 1)}
                        >
                          <ArrowDownIcon aria-hidden="true" />
                        </Button>
                        <Button variant="ghost" size="sm" aria-label={`Edit ${p.name}`} onClick={() => edit(p)}>
                          <PencilIcon aria-hidden="true" />
                          Edit
                        </Button>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            )
          }
        </QueryState>
      </CardContent>
      <PriorityDialog open={open} onOpenChange={setOpen} priority={editing} nextSortOrder={nextSortOrder} />
    </Card>
  );
}
