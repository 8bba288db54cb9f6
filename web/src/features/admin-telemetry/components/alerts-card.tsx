import { BellIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { TableHeads } from "@/components/table-heads";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { formatDateTime, timeAgo } from "@/lib/format";
import { type ErrorAlertRow, useRemoveErrorAlert } from "../api";
import { rule } from "./alert-text";
import { useErrorAlertsDialogs } from "./error-alerts-dialogs";

// The alerts, raised ones first: a card per alert on phones, a table from md up. (A handful of
// settings, not a searchable list: no paging or sorting.)

function AlertStatusBadge({ status }: { status: string }) {
  if (status === "RAISED") return <Badge variant="destructive">Raised</Badge>;
  if (status === "WATCHING") return <Badge variant="success">Watching</Badge>;
  return <Badge variant="outline">Disabled</Badge>;
}

function Actions({ a, compact }: { a: ErrorAlertRow; compact?: boolean }) {
  const { editAlert } = useErrorAlertsDialogs();
  const remove = useRemoveErrorAlert();
  return (
    <div className={compact ? "flex justify-end gap-1" : "mt-2 flex gap-2"}>
      <Button
        variant={compact ? "ghost" : "outline"}
        size={compact ? "icon" : "sm"}
        aria-label={compact ? `Edit ${a.name}` : undefined}
        onClick={() => editAlert(a)}
      >
        <PencilIcon aria-hidden="true" />
        {compact ? null : "Edit"}
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant={compact ? "ghost" : "outline"}
            size={compact ? "icon" : "sm"}
            aria-label={compact ? `Delete ${a.name}` : undefined}
          >
            <Trash2Icon aria-hidden="true" />
            {compact ? null : "Delete"}
          </Button>
        }
        title={`Delete the alert "${a.name}"?`}
        description="Its history goes with it."
        destructive
        onConfirm={() => remove.mutateAsync({ alertId: a.id })}
      />
    </div>
  );
}

export function AlertsCard({ alerts }: { alerts: ErrorAlertRow[] }) {
  const sorted = [...alerts].sort((a, b) => Number(b.status === "RAISED") - Number(a.status === "RAISED"));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>Raised alerts come first.</CardDescription>
      </CardHeader>
      <CardContent>
        {!alerts.length ? (
          <EmptyState icon={<BellIcon />} title="No alerts" description="Create one to be told when errors pile up." />
        ) : (
          <>
            <ul className="grid gap-2 md:hidden" aria-label="Alerts">
              {sorted.map((a) => (
                <li key={a.id} className="rounded-lg border p-3">
                  <div className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{a.name}</p>
                      <p className="text-muted-foreground text-sm">{rule(a)}</p>
                    </div>
                    <AlertStatusBadge status={a.status} />
                  </div>
                  <p className="mt-1 text-muted-foreground text-xs">
                    Last raised {timeAgo(a.lastRaised)} · reminders every {a.minutesBetweenAlerts} min
                    {a.slackChannelId ? ` · ${a.slackChannelId}` : ""}
                  </p>
                  <Actions a={a} />
                </li>
              ))}
            </ul>
            <Table aria-label="Alerts" containerClassName="hidden md:block">
              <TableHeads
                columns={[
                  "Name",
                  "Status",
                  "Rule",
                  "Between alerts",
                  "Last raised",
                  "Slack",
                  { label: "Actions", srOnly: true },
                ]}
              />
              <TableBody>
                {sorted.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell className="font-medium">
                      {a.name}
                      {a.recentEvents[0] ? (
                        <div className="font-normal text-muted-foreground text-xs">
                          {a.recentEvents[0].kind.toLowerCase()} {timeAgo(a.recentEvents[0].at)} with{" "}
                          {a.recentEvents[0].errorCount} errors
                        </div>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <AlertStatusBadge status={a.status} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{rule(a)}</TableCell>
                    <TableCell className="whitespace-nowrap">{a.minutesBetweenAlerts} min</TableCell>
                    <TableCell className="whitespace-nowrap" title={formatDateTime(a.lastRaised)}>
                      {a.lastRaised ? timeAgo(a.lastRaised) : "Never"}
                    </TableCell>
                    <TableCell className="font-mono text-xs">{a.slackChannelId || "—"}</TableCell>
                    <TableCell>
                      <Actions a={a} compact />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
