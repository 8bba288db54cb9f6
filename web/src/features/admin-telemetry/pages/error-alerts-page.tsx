import { BellIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import {
  type ErrorAlertRow,
  type ExclusionRow,
  refusalMessage,
  type Severity,
  useAddErrorAlertExclusion,
  useErrorAlerts,
  useRefreshTelemetry,
  useRemoveErrorAlert,
  useRemoveErrorAlertExclusion,
  useUpsertErrorAlert,
} from "../api";
import { ago, formatWhen } from "../components/period";
import { SEVERITIES, severityLabel } from "../components/severity";

// admin/error-alerts: alerts (threshold of errors in a window, by severity) and the exclusions that keep
// known errors out of them. The server evaluates the alerts every minute and mails super admins (and
// Slack) when one is raised or cleared.

function AlertStatusBadge({ status }: { status: string }) {
  if (status === "RAISED") return <Badge variant="destructive">Raised</Badge>;
  if (status === "WATCHING") return <Badge variant="success">Watching</Badge>;
  return <Badge variant="outline">Disabled</Badge>;
}

type AlertForm = {
  name: string;
  windowMinutes: string;
  threshold: string;
  severity: Severity;
  minutesBetweenAlerts: string;
  slackChannelId: string;
  disabled: boolean;
};

const emptyAlert: AlertForm = {
  name: "",
  windowMinutes: "15",
  threshold: "20",
  severity: "ERROR",
  minutesBetweenAlerts: "60",
  slackChannelId: "",
  disabled: false,
};

function whole(label: string, value: string): number {
  const n = Number(value);
  if (!value.trim() || !Number.isInteger(n)) throw new Error(`${label} must be a whole number.`);
  return n;
}

function AlertEditDialog({
  alert,
  open,
  onOpenChange,
}: {
  alert: ErrorAlertRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const upsert = useUpsertErrorAlert();
  const refresh = useRefreshTelemetry();
  const [form, setForm] = useState<AlertForm>(() =>
    alert
      ? {
          name: alert.name,
          windowMinutes: String(alert.windowMinutes),
          threshold: String(alert.threshold),
          severity: alert.severity,
          minutesBetweenAlerts: String(alert.minutesBetweenAlerts),
          slackChannelId: alert.slackChannelId,
          disabled: alert.status === "DISABLED",
        }
      : emptyAlert,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const enabledId = useId();
  const set = (k: keyof AlertForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await upsert.mutateAsync({
        input: {
          id: alert?.id ?? null,
          name: form.name,
          windowMinutes: whole("Window", form.windowMinutes),
          threshold: whole("Threshold", form.threshold),
          severity: form.severity,
          minutesBetweenAlerts: whole("Minutes between alerts", form.minutesBetweenAlerts),
          slackChannelId: form.slackChannelId,
          disabled: form.disabled,
        },
      });
      await refresh();
      toast.success(alert ? "Alert saved." : "Alert created.");
      onOpenChange(false);
    } catch (err) {
      setProblem(refusalMessage(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{alert ? "Edit alert" : "New alert"}</DialogTitle>
          <DialogDescription>
            Raised when at least the threshold of errors of this severity or worse arrive within the window.
          </DialogDescription>
        </DialogHeader>
        {alert?.recentEvents.length ? (
          <section aria-label="History" className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
            <h3 className="font-medium">History</h3>
            <ul className="grid gap-0.5 text-muted-foreground text-xs">
              {alert.recentEvents.map((ev) => (
                <li key={ev.id}>
                  <span className="font-medium text-foreground">{eventLabel(ev.kind)}</span> {formatWhen(ev.at)} with{" "}
                  {ev.errorCount} errors · mailed to {ev.mailedTo}
                  {ev.slackSent ? " · Slack" : ""}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={alert ? "Edit alert" : "New alert"}>
          <FormField label="Name" required>
            <Input value={form.name} onChange={set("name")} maxLength={100} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Severity" description="This severity or worse counts.">
              {(control) => (
                <Select
                  value={form.severity}
                  onValueChange={(v) => setForm((f) => ({ ...f, severity: v as Severity }))}
                >
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {SEVERITIES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {severityLabel(s)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
            <FormField label="Threshold" required description="Errors within the window.">
              <Input inputMode="numeric" value={form.threshold} onChange={set("threshold")} />
            </FormField>
            <FormField label="Window (minutes)" required>
              <Input inputMode="numeric" value={form.windowMinutes} onChange={set("windowMinutes")} />
            </FormField>
            <FormField label="Minutes between alerts" required description="Reminders while it stays raised.">
              <Input inputMode="numeric" value={form.minutesBetweenAlerts} onChange={set("minutesBetweenAlerts")} />
            </FormField>
          </div>
          <FormField label="Slack channel" description="Optional, e.g. #wtd-alerts (used when Slack is configured).">
            <Input value={form.slackChannelId} onChange={set("slackChannelId")} spellCheck={false} />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch
              id={enabledId}
              checked={!form.disabled}
              onCheckedChange={(on) => setForm((f) => ({ ...f, disabled: !on }))}
            />
            <Label htmlFor={enabledId}>Enabled</Label>
          </div>
          {problem ? (
            <Alert variant="destructive">
              <AlertDescription className="whitespace-pre-line">{problem}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={upsert.isPending}>
              {upsert.isPending ? <Spinner /> : null}
              {alert ? "Save alert" : "Create alert"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A local date-time input value (YYYY-MM-DDTHH:mm) for an instant. */
function localInput(d: Date) {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function ExclusionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddErrorAlertExclusion();
  const refresh = useRefreshTelemetry();
  const [form, setForm] = useState(() => ({
    message: "",
    program: "",
    lineNum: "",
    start: localInput(new Date()),
    end: localInput(new Date(Date.now() + 30 * 86_400_000)),
    comment: "",
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const start = new Date(form.start);
      if (Number.isNaN(start.getTime())) throw new Error("Start is required.");
      const end = form.end ? new Date(form.end) : null;
      await add.mutateAsync({
        input: {
          message: form.message,
          program: form.program,
          lineNum: form.lineNum.trim() ? whole("Line", form.lineNum) : null,
          start: start.toISOString(),
          end: end && !Number.isNaN(end.getTime()) ? end.toISOString() : null,
          comment: form.comment,
        },
      });
      await refresh();
      toast.success("Exclusion added.");
      onOpenChange(false);
    } catch (err) {
      setProblem(refusalMessage(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New exclusion</DialogTitle>
          <DialogDescription>
            Errors that match (message contains, program and line equal, where given) count for no alert during the
            period. They are still listed under Wtd Errors.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="New exclusion">
          <FormField label="Message contains">
            <Input value={form.message} onChange={set("message")} maxLength={2000} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Program">
              <Input value={form.program} onChange={set("program")} maxLength={200} />
            </FormField>
            <FormField label="Line">
              <Input inputMode="numeric" value={form.lineNum} onChange={set("lineNum")} />
            </FormField>
            <FormField label="Start" required>
              <Input type="datetime-local" value={form.start} onChange={set("start")} />
            </FormField>
            <FormField label="End" description="Empty: until removed.">
              <Input type="datetime-local" value={form.end} onChange={set("end")} />
            </FormField>
          </div>
          <FormField label="Comment">
            <Textarea value={form.comment} onChange={set("comment")} maxLength={500} rows={2} />
          </FormField>
          {problem ? (
            <Alert variant="destructive">
              <AlertDescription className="whitespace-pre-line">{problem}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? <Spinner /> : null}
              Add exclusion
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const eventLabel = (kind: string) =>
  kind === "RAISED" ? "Raised" : kind === "REMINDED" ? "Reminder" : kind === "CLEARED" ? "Cleared" : kind;

/** "≥ 10 fatal in 24 h", "≥ 40 error or worse in 15 min". */
function rule(a: ErrorAlertRow) {
  const what =
    a.severity === "FATAL"
      ? "fatal"
      : a.severity === "INFO"
        ? "errors of any severity"
        : `${severityLabel(a.severity).toLowerCase()} or worse`;
  const window = a.windowMinutes % 60 === 0 ? `${a.windowMinutes / 60} h` : `${a.windowMinutes} min`;
  return `≥ ${a.threshold} ${what} in ${window}`;
}

function exclusionPeriod(x: ExclusionRow) {
  return `${formatWhen(x.start)} – ${x.end ? formatWhen(x.end) : "until removed"}`;
}

/** admin/error-alerts */
export default function ErrorAlertsPage() {
  const [activeOnly, setActiveOnly] = useState(true);
  const data = useErrorAlerts(activeOnly);
  const removeAlert = useRemoveErrorAlert();
  const removeExclusion = useRemoveErrorAlertExclusion();
  const refresh = useRefreshTelemetry();
  const [editing, setEditing] = useState<ErrorAlertRow | "new" | null>(null);
  const [addingExclusion, setAddingExclusion] = useState(false);
  const activeOnlyId = useId();

  const alerts = data.data?.errorAlerts ?? [];
  const exclusions = data.data?.errorAlertExclusions ?? [];
  const sortedAlerts = [...alerts].sort((a, b) => Number(b.status === "RAISED") - Number(a.status === "RAISED"));

  const remove = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      await refresh();
      toast.success(done);
    } catch (err) {
      toast.error(refusalMessage(err));
      throw err;
    }
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Error Alert Setup" />
      <PageHeader
        title="Error Alert Setup"
        description="Alerts watch every branch's errors each minute and mail the super admins (and Slack) when one is raised or cleared."
        actions={
          <Button onClick={() => setEditing("new")}>
            <PlusIcon aria-hidden="true" />
            New alert
          </Button>
        }
      />
      {data.error && !data.data ? <QueryError error={data.error} onRetry={() => data.refetch()} /> : null}
      {data.isPending ? <Skeleton className="h-48" /> : null}
      {data.data ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Alerts</CardTitle>
              <CardDescription>Raised alerts come first.</CardDescription>
            </CardHeader>
            <CardContent>
              {!alerts.length ? (
                <EmptyState
                  icon={<BellIcon />}
                  title="No alerts"
                  description="Create one to be told when errors pile up."
                />
              ) : (
                <>
                  <ul className="grid gap-2 md:hidden" aria-label="Alerts">
                    {sortedAlerts.map((a) => (
                      <li key={a.id} className="rounded-lg border p-3">
                        <div className="flex items-start gap-2">
                          <div className="min-w-0 flex-1">
                            <p className="font-medium">{a.name}</p>
                            <p className="text-muted-foreground text-sm">{rule(a)}</p>
                          </div>
                          <AlertStatusBadge status={a.status} />
                        </div>
                        <p className="mt-1 text-muted-foreground text-xs">
                          Last raised {a.lastRaised ? ago(a.lastRaised) : "never"} · reminders every{" "}
                          {a.minutesBetweenAlerts} min{a.slackChannelId ? ` · ${a.slackChannelId}` : ""}
                        </p>
                        <div className="mt-2 flex gap-2">
                          <Button variant="outline" size="sm" onClick={() => setEditing(a)}>
                            <PencilIcon aria-hidden="true" />
                            Edit
                          </Button>
                          <ConfirmDialog
                            trigger={
                              <Button variant="outline" size="sm">
                                <Trash2Icon aria-hidden="true" />
                                Delete
                              </Button>
                            }
                            title={`Delete the alert "${a.name}"?`}
                            description="Its history goes with it."
                            destructive
                            onConfirm={() => remove(() => removeAlert.mutateAsync({ alertId: a.id }), "Alert deleted.")}
                          />
                        </div>
                      </li>
                    ))}
                  </ul>
                  <Table aria-label="Alerts" containerClassName="hidden md:block">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Name</TableHead>
                        <TableHead>Status</TableHead>
                        <TableHead>Rule</TableHead>
                        <TableHead>Between alerts</TableHead>
                        <TableHead>Last raised</TableHead>
                        <TableHead>Slack</TableHead>
                        <TableHead>
                          <span className="sr-only">Actions</span>
                        </TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {sortedAlerts.map((a) => (
                        <TableRow key={a.id}>
                          <TableCell className="font-medium">
                            {a.name}
                            {a.recentEvents[0] ? (
                              <div className="font-normal text-muted-foreground text-xs">
                                {a.recentEvents[0].kind.toLowerCase()} {ago(a.recentEvents[0].at)} with{" "}
                                {a.recentEvents[0].errorCount} errors
                              </div>
                            ) : null}
                          </TableCell>
                          <TableCell>
                            <AlertStatusBadge status={a.status} />
                          </TableCell>
                          <TableCell className="whitespace-nowrap">{rule(a)}</TableCell>
                          <TableCell className="whitespace-nowrap">{a.minutesBetweenAlerts} min</TableCell>
                          <TableCell className="whitespace-nowrap" title={formatWhen(a.lastRaised)}>
                            {a.lastRaised ? ago(a.lastRaised) : "Never"}
                          </TableCell>
                          <TableCell className="font-mono text-xs">{a.slackChannelId || "—"}</TableCell>
                          <TableCell>
                            <div className="flex justify-end gap-1">
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Edit ${a.name}`}
                                onClick={() => setEditing(a)}
                              >
                                <PencilIcon aria-hidden="true" />
                              </Button>
                              <ConfirmDialog
                                trigger={
                                  <Button variant="ghost" size="icon" aria-label={`Delete ${a.name}`}>
                                    <Trash2Icon aria-hidden="true" />
                                  </Button>
                                }
                                title={`Delete the alert "${a.name}"?`}
                                description="Its history goes with it."
                                destructive
                                onConfirm={() =>
                                  remove(() => removeAlert.mutateAsync({ alertId: a.id }), "Alert deleted.")
                                }
                              />
                            </div>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Exclusions</CardTitle>
              <CardDescription>Known errors that count for no alert while their period lasts.</CardDescription>
              <CardAction>
                <Button variant="outline" onClick={() => setAddingExclusion(true)}>
                  <PlusIcon aria-hidden="true" />
                  New exclusion
                </Button>
              </CardAction>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="flex items-center gap-3">
                <Switch id={activeOnlyId} checked={activeOnly} onCheckedChange={setActiveOnly} />
                <Label htmlFor={activeOnlyId}>Active only</Label>
              </div>
              {!exclusions.length ? (
                <p className="text-muted-foreground text-sm">
                  {activeOnly ? "No exclusion is active now." : "No exclusions."}
                </p>
              ) : (
                <Table aria-label="Exclusions">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Message contains</TableHead>
                      <TableHead>Program · line</TableHead>
                      <TableHead>Period</TableHead>
                      <TableHead>Comment</TableHead>
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {exclusions.map((x) => (
                      <TableRow key={x.id}>
                        <TableCell className="max-w-72">{x.message || "Any"}</TableCell>
                        <TableCell className="whitespace-nowrap font-mono text-xs">
                          {x.program || "any"} · {x.lineNum ?? "any"}
                        </TableCell>
                        <TableCell className="min-w-48">{exclusionPeriod(x)}</TableCell>
                        <TableCell className="max-w-72 text-muted-foreground">{x.comment || "—"}</TableCell>
                        <TableCell>
                          <div className="flex justify-end">
                            <ConfirmDialog
                              trigger={
                                <Button
                                  variant="ghost"
                                  size="icon"
                                  aria-label={`Remove exclusion ${x.message || x.program}`}
                                >
                                  <Trash2Icon aria-hidden="true" />
                                </Button>
                              }
                              title="Remove this exclusion?"
                              description="Matching errors count for alerts again."
                              confirmLabel="Remove"
                              destructive
                              onConfirm={() =>
                                remove(() => removeExclusion.mutateAsync({ exclusionId: x.id }), "Exclusion removed.")
                              }
                            />
                          </div>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </>
      ) : null}
      {editing ? (
        <AlertEditDialog
          key={editing === "new" ? "new" : editing.id}
          alert={editing === "new" ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      {addingExclusion ? <ExclusionDialog open onOpenChange={setAddingExclusion} /> : null}
    </div>
  );
}
