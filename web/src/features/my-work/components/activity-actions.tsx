import {
  CalendarClockIcon,
  CheckIcon,
  CircleSlashIcon,
  EllipsisIcon,
  ExternalLinkIcon,
  PencilIcon,
  RotateCcwIcon,
  UserRoundIcon,
} from "lucide-react";
import { toast } from "sonner";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { LeadThreadActivity } from "@/features/leads/lead-page/api";
import { usePatchActivity, type WorkActivity } from "../api";

// What one does to an activity: resolve it (one click, with Undo in the toast), cancel or reopen it,
// and open the dialogs that reschedule, reassign or edit it. Where the viewer may not be allowed all of
// it (the lead page lists anyone's activities), the page passes the activity's `viewerCan` from the
// server and only those actions are shown.

export const threadHref = (threadId: string) => `/team/project-threads/${threadId}`;

type Status = "ACTIVE" | "RESOLVED" | "CANCELLED";
const done: Record<Status, string> = { RESOLVED: "Resolved", CANCELLED: "Cancelled", ACTIVE: "Reopened" };

/** Sets an activity's status; resolving and cancelling offer Undo (unless that closed the thread). */
export function useActivityStatus() {
  const patch = usePatchActivity({ successToast: false });
  const setStatus = async (a: Pick<WorkActivity, "id" | "subject" | "status">, status: Status) => {
    const r = await patch.run({ id: a.id, input: { status } });
    const saved = r?.patchActivity.activity;
    if (!saved) return;
    const text = `${done[status]} “${saved.subject}”.`;
    const undo = status !== "ACTIVE" && !saved.threadClosed;
    toast.success(saved.threadClosed && status === "RESOLVED" ? `${text} Its thread is now closed.` : text, {
      action: undo ? { label: "Undo", onClick: () => void setStatus(saved, a.status as Status) } : undefined,
    });
  };
  return { setStatus, pending: patch.isPending };
}

export type ActivityDialogKind = "reschedule" | "reassign" | "edit";

/**
 * What may be done to an activity: the server's Activity.viewerCan, typed from the lead page's query that
 * selects it (the only page that gets it from the server).
 */
export type ActivityCan = LeadThreadActivity["viewerCan"];

/** Whether any action is allowed (else a page shows none). */
export const canAny = (can: ActivityCan) => Object.values(can).some(Boolean);

/** The Resolve button and the menu of the other actions. */
export function ActivityActions({
  activity,
  onOpen,
  showThreadLink,
  compact,
  can,
}: {
  activity: Pick<WorkActivity, "id" | "subject" | "status" | "threadId" | "threadClosed">;
  onOpen: (kind: ActivityDialogKind) => void;
  showThreadLink?: boolean;
  compact?: boolean;
  /** What the viewer may do (the server's viewerCan); left out, everything the activity's status allows. */
  can?: ActivityCan;
}) {
  const { setStatus, pending } = useActivityStatus();
  const open = activity.status === "ACTIVE";
  const may = can ?? {
    resolve: open,
    cancel: open,
    reopen: !open && !activity.threadClosed,
    reschedule: open,
    reassign: open,
    edit: true,
  };
  // The menu's items, in order; an item the viewer may not use is left out.
  const items = [
    { shown: may.reschedule, icon: CalendarClockIcon, label: "Reschedule", onSelect: () => onOpen("reschedule") },
    { shown: may.reassign, icon: UserRoundIcon, label: "Reassign", onSelect: () => onOpen("reassign") },
    { shown: may.edit, icon: PencilIcon, label: "Edit", onSelect: () => onOpen("edit") },
    {
      shown: may.cancel,
      icon: CircleSlashIcon,
      label: "Cancel activity",
      variant: "destructive" as const,
      onSelect: () => setStatus(activity, "CANCELLED"),
    },
    { shown: may.reopen, icon: RotateCcwIcon, label: "Reopen", onSelect: () => setStatus(activity, "ACTIVE") },
  ];
  const menu = items.some((item) => item.shown) || showThreadLink;
  return (
    // A click in the menu (a portal, but a React child) must not reach a clickable table row.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from bubbling
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops clicks from bubbling
    <div className="flex shrink-0 items-center justify-end gap-1" onClick={(e) => e.stopPropagation()}>
      {may.resolve ? (
        <Button
          size="sm"
          variant="outline"
          disabled={pending}
          aria-label={`Resolve ${activity.subject}`}
          onClick={() => setStatus(activity, "RESOLVED")}
        >
          <CheckIcon aria-hidden="true" />
          {compact ? null : <span className="max-sm:sr-only">Resolve</span>}
        </Button>
      ) : null}
      {menu ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon-sm" variant="ghost" aria-label={`More actions for ${activity.subject}`}>
              <EllipsisIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {items.map((item) =>
              item.shown ? (
                <DropdownMenuItem key={item.label} variant={item.variant} onSelect={item.onSelect}>
                  <item.icon aria-hidden="true" />
                  {item.label}
                </DropdownMenuItem>
              ) : null,
            )}
            {showThreadLink ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <Link href={threadHref(activity.threadId)}>
                    <ExternalLinkIcon aria-hidden="true" />
                    Open project thread
                  </Link>
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}
