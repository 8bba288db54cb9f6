import { ChevronDownIcon, XIcon, ZapIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { describeRequestError } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { type Execution, type Shortcut, useExecuteShortcut, useShortcuts } from "../api";

// "Run shortcut" on a project thread: the active shortcuts for project threads (run on this thread)
// and for activities (run on its open activities), and what each did to each record afterwards.

type Target = { label: string; count: number };

/** The menu button; renders nothing when no shortcut applies here. */
export function RunShortcutMenu({
  threadId,
  openActivityCount,
  openActivityIds,
  onRan,
}: {
  threadId: string;
  /** The thread's open activities (all of them, not only those its page shows). */
  openActivityCount: number;
  /** Reads their ids when a shortcut on them runs (a long thread's page does not hold them all). */
  openActivityIds: () => Promise<string[]>;
  onRan: (execution: Execution, shortcut: Shortcut) => void;
}) {
  const shortcuts = useShortcuts({ tableIds: ["PROJECT_THREAD", "ACTIVITY"], includeInactive: false });
  // One key per click: a double click or a retry after a lost reply runs it once.
  const key = useRef("");
  const execute = useExecuteShortcut();
  const list = shortcuts.data?.workflowShortcuts ?? [];
  if (!list.length) return null;
  const targetOf = (s: Shortcut): Target =>
    s.tableId === "PROJECT_THREAD"
      ? { label: "this thread", count: 1 }
      : {
          label: openActivityCount === 1 ? "1 open activity" : `${openActivityCount} open activities`,
          count: openActivityCount,
        };
  const run = async (s: Shortcut) => {
    if (execute.isPending) return;
    key.current = crypto.randomUUID();
    let entityIds: string[];
    try {
      entityIds = s.tableId === "PROJECT_THREAD" ? [threadId] : await openActivityIds();
    } catch (error) {
      toast.error(describeRequestError(error));
      return;
    }
    const result = await execute.run({ shortcutId: s.id, entityIds, idempotencyKey: key.current });
    if (result) onRan(result.executeWorkflowShortcut, s);
  };
  const groups = [
    { title: "On this thread", items: list.filter((s) => s.tableId === "PROJECT_THREAD") },
    { title: "On its open activities", items: list.filter((s) => s.tableId === "ACTIVITY") },
  ].filter((g) => g.items.length);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={execute.isPending}>
          <ZapIcon aria-hidden="true" />
          Run shortcut
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        {groups.map((g, i) => (
          <div key={g.title}>
            {i > 0 ? <DropdownMenuSeparator /> : null}
            <DropdownMenuLabel className="text-muted-foreground text-xs">{g.title}</DropdownMenuLabel>
            {g.items.map((s) => {
              const target = targetOf(s);
              return (
                <DropdownMenuItem key={s.id} disabled={!target.count} onSelect={() => void run(s)}>
                  <span className="grid min-w-0 gap-0.5">
                    <span className="truncate">{s.name}</span>
                    {s.description ? (
                      <span className="line-clamp-2 text-muted-foreground text-xs">{s.description}</span>
                    ) : null}
                  </span>
                </DropdownMenuItem>
              );
            })}
          </div>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** What the last run did, record by record. */
export function ShortcutOutcome({
  execution,
  shortcut,
  onDismiss,
}: {
  execution: Execution;
  shortcut: Pick<Shortcut, "name">;
  onDismiss: () => void;
}) {
  const failed = execution.results.filter((r) => !r.isSuccess).length;
  const variant = failed === 0 ? "success" : failed === execution.results.length ? "destructive" : "warning";
  return (
    <Alert
      variant={variant}
      role="status"
      aria-label={`${shortcut.name} outcome`}
      action={
        <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={onDismiss}>
          <XIcon aria-hidden="true" />
        </Button>
      }
    >
      <AlertTitle>{execution.message}</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-1">
          {execution.results.map((r) => (
            <li key={r.entityId}>
              <span className="font-medium">{r.isSuccess ? "Done" : "Not done"}:</span> {r.message}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/** The state a page keeps for the outcome panel. */
export function useShortcutOutcome() {
  const [last, setLast] = useState<{ execution: Execution; shortcut: Shortcut } | null>(null);
  return {
    last,
    onRan: (execution: Execution, shortcut: Shortcut) => setLast({ execution, shortcut }),
    dismiss: () => setLast(null),
  };
}
