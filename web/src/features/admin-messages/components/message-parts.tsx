import { MailIcon, MessageSquareIcon, PhoneIcon } from "lucide-react";
import type { DataColumn } from "@/components/data-list/data-table";
import { Badge } from "@/components/ui/badge";
import { formatDateTime, pluralize } from "@/lib/format";
import { type MessageDeliveryStatus, type OutboundMessage, PLATFORM_LABELS, STATUS_LABELS, statusTone } from "../api";

// The message audit's columns and its phone card: when, branch, type, recipient, the message (subject,
// preview, error), delivery status and size (a text's segments, a robo call's length).

const PLATFORM_ICONS = { EMAIL: MailIcon, SMS: MessageSquareIcon, PHONE: PhoneIcon } as const;

/** "Nov 21, 10:15 AM" (the year only when it is not this one). */
const sentAt = (m: OutboundMessage) => formatDateTime(m.createdAt, { omitThisYear: true });

export function DeliveryStatusBadge({ status }: { status: MessageDeliveryStatus }) {
  const tone = statusTone(status);
  return (
    <Badge variant={tone === "success" ? "success" : tone === "pending" ? "secondary" : "destructive"}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

function Size({ m }: { m: OutboundMessage }) {
  if (m.platform === "SMS") return <>{pluralize(m.segments, "segment")}</>;
  // a robo call's length
  if (m.platform === "PHONE") return <>{m.durationSeconds ? `${m.durationSeconds} s` : "—"}</>;
  return null;
}

function Text({ m }: { m: OutboundMessage }) {
  return (
    <>
      {m.subject ? <span className="font-medium">{m.subject}</span> : null}
      <span className="line-clamp-2 text-muted-foreground text-xs">{m.preview}</span>
      {m.error ? <span className="text-destructive text-xs">{m.error}</span> : null}
    </>
  );
}

export const messageColumns: DataColumn<OutboundMessage, "createdAt">[] = [
  { header: "Sent", className: "whitespace-nowrap tabular-nums", cell: sentAt },
  { header: "Branch", className: "whitespace-nowrap", cell: (m) => m.branchName || "—" },
  {
    header: "Type",
    className: "whitespace-nowrap",
    cell: (m) => {
      const Icon = PLATFORM_ICONS[m.platform];
      return (
        <span className="inline-flex items-center gap-1.5">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {PLATFORM_LABELS[m.platform]}
        </span>
      );
    },
  },
  { header: "Recipient", className: "whitespace-nowrap font-mono text-xs", cell: (m) => m.recipient },
  {
    header: "Message",
    className: "min-w-56 whitespace-normal",
    cell: (m) => (
      <div className="grid max-w-md gap-0.5">
        <Text m={m} />
      </div>
    ),
  },
  { header: "Status", className: "whitespace-nowrap", cell: (m) => <DeliveryStatusBadge status={m.status} /> },
  { header: "Size", className: "whitespace-nowrap text-right tabular-nums", cell: (m) => <Size m={m} /> },
];

/** Phones: one card per message. */
export function MessageCard({ m }: { m: OutboundMessage }) {
  const Icon = PLATFORM_ICONS[m.platform];
  return (
    <div className="grid gap-1 px-3 py-2.5 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <Icon aria-label={PLATFORM_LABELS[m.platform]} className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate font-mono text-xs">{m.recipient}</span>
        </span>
        <DeliveryStatusBadge status={m.status} />
      </div>
      <div className="flex justify-between gap-2 text-muted-foreground text-xs">
        <span>
          {sentAt(m)} · {m.branchName || "—"}
        </span>
        <span className="tabular-nums">
          <Size m={m} />
        </span>
      </div>
      <Text m={m} />
    </div>
  );
}
