import { Badge } from "@/components/ui/badge";
import type { WorkActivity } from "../api";
import type { Due } from "../time";

// How an activity's due state, status and customer (or lead) are written.

const dueBadges: Record<Due, { label: string; variant: "destructive" | "warning" | "secondary" }> = {
  overdue: { label: "Overdue", variant: "destructive" },
  today: { label: "Today", variant: "warning" },
  upcoming: { label: "Upcoming", variant: "secondary" },
};

export function DueBadge({ due }: { due: Due }) {
  const b = dueBadges[due];
  return <Badge variant={b.variant}>{b.label}</Badge>;
}

const statusBadges = {
  ACTIVE: { label: "Open", variant: "info" },
  RESOLVED: { label: "Resolved", variant: "success" },
  CANCELLED: { label: "Cancelled", variant: "secondary" },
  DELETED: { label: "Deleted", variant: "outline" },
} as const;

export function StatusBadge({ status }: { status: WorkActivity["status"] }) {
  const b = statusBadges[status];
  return <Badge variant={b.variant}>{b.label}</Badge>;
}

/** The customer's name, else the lead's, else "No customer". */
export const whoFor = (a: Pick<WorkActivity, "customerName" | "leadId" | "leadName">) =>
  a.customerName ?? (a.leadId ? (a.leadName ?? `Lead ${a.leadId}`) : "No customer");
