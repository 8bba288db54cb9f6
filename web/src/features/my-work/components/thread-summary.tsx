import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import type { PinnedValue } from "@/features/custom-fields/display";
import { formatInstantDate, pluralize } from "@/lib/format";
import type { WorkStep } from "../api";
import type { WorkThread } from "../thread-api";
import { whoFor } from "./work-labels";

/** The thread at a glance: for whom, open or closed, its current step, when it started, its pinned fields. */
export function ThreadSummary({
  thread,
  current,
  timeZone,
  pinned = [],
}: {
  thread: WorkThread;
  current: WorkStep | null;
  timeZone: string;
  pinned?: PinnedValue[];
}) {
  return (
    <Card className="py-4">
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 text-sm md:grid-cols-5">
          <Item term={thread.customerId ? "Customer" : thread.leadId ? "Lead" : "For"}>{whoFor(thread)}</Item>
          <Item term="Status">
            {thread.closedAt ? (
              <Badge variant="secondary">Closed {formatInstantDate(thread.closedAt, timeZone)}</Badge>
            ) : (
              <Badge variant="success">Open</Badge>
            )}
          </Item>
          <Item term="Current step">{current?.description ?? (thread.closedAt ? "Finished" : "Not started")}</Item>
          <Item term="Started">{formatInstantDate(thread.createdAt, timeZone)}</Item>
          <Item term="Open work">{pluralize(thread.openActivityCount, "activity", "activities")}</Item>
          {pinned.map((p) => (
            <Item key={p.fieldId} term={p.label}>
              <span className="break-words">{p.value}</span>
            </Item>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
