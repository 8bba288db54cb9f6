import { MailIcon, MessageSquareIcon, PhoneIcon, SearchIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import {
  type MessageDeliveryStatus,
  type MessagePlatform,
  type OutboundMessage,
  PLATFORM_LABELS,
  STATUS_LABELS,
  statusTone,
  useMessageAudit,
} from "../api";

const PAGE_SIZE = 25;
const ALL = "all";
const PLATFORMS = Object.keys(PLATFORM_LABELS) as MessagePlatform[];
const STATUSES = Object.keys(STATUS_LABELS) as MessageDeliveryStatus[];
const PERIODS: Record<string, { label: string; days: number | null }> = {
  "7": { label: "Last 7 days", days: 7 },
  "30": { label: "Last 30 days", days: 30 },
  "90": { label: "Last 90 days", days: 90 },
  all: { label: "All time", days: null },
};

type State = {
  q: string;
  page: number;
  branch: string | null;
  platform: MessagePlatform | null;
  status: MessageDeliveryStatus | null;
  period: string;
};

/** Filters live in the address (?q=&branch=&platform=&status=&period=&page=), so a view can be linked. */
function readState(search: string): State {
  const p = new URLSearchParams(search);
  const platform = p.get("platform") as MessagePlatform | null;
  const status = p.get("status") as MessageDeliveryStatus | null;
  const period = p.get("period") ?? "30";
  return {
    q: p.get("q") ?? "",
    page: Math.max(1, Number.parseInt(p.get("page") ?? "1", 10) || 1),
    branch: p.get("branch"),
    platform: platform && PLATFORMS.includes(platform) ? platform : null,
    status: status && STATUSES.includes(status) ? status : null,
    period: period in PERIODS ? period : "30",
  };
}

function writeState(search: string, s: State): string {
  const p = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value ? p.set(key, value) : p.delete(key));
  set("q", s.q.trim() || null);
  set("page", s.page > 1 ? String(s.page) : null);
  set("branch", s.branch);
  set("platform", s.platform);
  set("status", s.status);
  set("period", s.period !== "30" ? s.period : null);
  const text = p.toString();
  return text ? `?${text}` : "";
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const PLATFORM_ICONS = { EMAIL: MailIcon, SMS: MessageSquareIcon, PHONE: PhoneIcon } as const;

export function DeliveryStatusBadge({ status }: { status: MessageDeliveryStatus }) {
  const tone = statusTone(status);
  return (
    <Badge variant={tone === "success" ? "success" : tone === "pending" ? "secondary" : "destructive"}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

function Detail({ m }: { m: OutboundMessage }) {
  if (m.platform === "SMS") return <>{m.segments === 1 ? "1 segment" : `${m.segments} segments`}</>;
  // a robo call's length
  if (m.platform === "PHONE") return <>{m.durationSeconds ? `${m.durationSeconds} s` : "—"}</>;
  return null;
}

function LoadingRows() {
  return (
    <div role="status" aria-label="Loading messages" className="grid gap-2 p-4">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

/** admin/message-audit: every outbound message of every branch with its delivery status. */
export default function MessageAuditPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = useMemo(() => readState(search), [search]);
  const update = (patch: Partial<State>) =>
    navigate(`/admin/message-audit${writeState(search, { ...state, page: 1, ...patch })}`, { replace: true });

  const [query, setQuery] = useState(state.q);
  useEffect(() => setQuery(state.q), [state.q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the pause
  useEffect(() => {
    if (query.trim() === state.q.trim()) return;
    const t = setTimeout(() => update({ q: query }), 300);
    return () => clearTimeout(t);
  }, [query]);

  // The period starts at midnight (local) N days ago; fixed for the page's life so the query key is stable.
  const start = useMemo(() => {
    const days = PERIODS[state.period]?.days;
    if (!days) return null;
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    d.setDate(d.getDate() - days + 1);
    return d.toISOString();
  }, [state.period]);

  const audit = useMessageAudit({
    branchId: state.branch,
    platform: state.platform,
    status: state.status,
    search: state.q.trim() || null,
    start,
    skip: (state.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  const page = audit.data?.messageAudit;
  const branches = page?.branches ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Text/Call Usage" />
      <PageHeader
        title="Text/Call Usage"
        description="Every message the platform sent for a branch — mail now, texts and robo calls as messaging arrives — with its delivery status."
      />
      <Card className="gap-0 py-0">
        <div className="grid gap-3 border-b p-3 md:grid-cols-[1fr_auto]">
          <div className="relative">
            <SearchIcon
              aria-hidden="true"
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search messages"
              placeholder="Search recipient, subject or text"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="pl-8"
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Select value={state.branch ?? ALL} onValueChange={(v) => update({ branch: v === ALL ? null : v })}>
              <SelectTrigger aria-label="Branch" className="sm:w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All branches</SelectItem>
                {branches.map((b) => (
                  <SelectItem key={b.id} value={b.id}>
                    {b.company} ({b.host})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={state.platform ?? ALL}
              onValueChange={(v) => update({ platform: v === ALL ? null : (v as MessagePlatform) })}
            >
              <SelectTrigger aria-label="Type" className="sm:w-32">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All types</SelectItem>
                {PLATFORMS.map((p) => (
                  <SelectItem key={p} value={p}>
                    {PLATFORM_LABELS[p]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={state.status ?? ALL}
              onValueChange={(v) => update({ status: v === ALL ? null : (v as MessageDeliveryStatus) })}
            >
              <SelectTrigger aria-label="Delivery status" className="sm:w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Any status</SelectItem>
                {STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={state.period} onValueChange={(v) => update({ period: v })}>
              <SelectTrigger aria-label="Period" className="sm:w-36">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(PERIODS).map(([k, p]) => (
                  <SelectItem key={k} value={k}>
                    {p.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        {audit.isError && !page ? (
          <div className="p-4">
            <QueryError error={audit.error} onRetry={() => audit.refetch()} />
          </div>
        ) : !page ? (
          <LoadingRows />
        ) : page.messages.length === 0 ? (
          <EmptyState
            className="m-4"
            icon={<MailIcon />}
            title="No messages"
            description="Nothing was sent that matches these filters."
          />
        ) : (
          <>
            <ul aria-label="Outbound messages" className="divide-y md:hidden">
              {page.messages.map((m) => {
                const Icon = PLATFORM_ICONS[m.platform];
                return (
                  <li key={m.id} className="grid gap-1 px-3 py-2.5 text-sm">
                    <div className="flex items-center justify-between gap-2">
                      <span className="inline-flex min-w-0 items-center gap-1.5">
                        <Icon
                          aria-label={PLATFORM_LABELS[m.platform]}
                          className="size-4 shrink-0 text-muted-foreground"
                        />
                        <span className="truncate font-mono text-xs">{m.recipient}</span>
                      </span>
                      <DeliveryStatusBadge status={m.status} />
                    </div>
                    <div className="flex justify-between gap-2 text-muted-foreground text-xs">
                      <span>
                        {timeFormat.format(new Date(m.createdAt))} · {m.branchName || "—"}
                      </span>
                      <span className="tabular-nums">
                        <Detail m={m} />
                      </span>
                    </div>
                    {m.subject ? <span className="font-medium">{m.subject}</span> : null}
                    <span className="line-clamp-2 text-muted-foreground text-xs">{m.preview}</span>
                    {m.error ? <span className="text-destructive text-xs">{m.error}</span> : null}
                  </li>
                );
              })}
            </ul>
            <Table aria-label="Outbound messages" containerClassName="hidden md:block">
              <TableHeader>
                <TableRow>
                  <TableHead>Sent</TableHead>
                  <TableHead>Branch</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Recipient</TableHead>
                  <TableHead className="min-w-56">Message</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Size</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {page.messages.map((m) => {
                  const Icon = PLATFORM_ICONS[m.platform];
                  return (
                    <TableRow key={m.id}>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {timeFormat.format(new Date(m.createdAt))}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{m.branchName || "—"}</TableCell>
                      <TableCell className="whitespace-nowrap">
                        <span className="inline-flex items-center gap-1.5">
                          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                          {PLATFORM_LABELS[m.platform]}
                        </span>
                      </TableCell>
                      <TableCell className="whitespace-nowrap font-mono text-xs">{m.recipient}</TableCell>
                      <TableCell className="whitespace-normal">
                        <div className="grid max-w-md gap-0.5">
                          {m.subject ? <span className="font-medium">{m.subject}</span> : null}
                          <span className="line-clamp-2 text-muted-foreground text-xs">{m.preview}</span>
                          {m.error ? <span className="text-destructive text-xs">{m.error}</span> : null}
                        </div>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        <DeliveryStatusBadge status={m.status} />
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">
                        <Detail m={m} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </>
        )}
      </Card>
      {page ? (
        <Pagination
          page={state.page}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          onPage={(p) => update({ page: p })}
          label="messages"
        />
      ) : null}
    </div>
  );
}
