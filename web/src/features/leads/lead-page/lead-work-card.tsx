import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { FormDialog, SelectField, TextField, useZodForm } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { ActionableActivity } from "@/features/my-work/api";
import {
  ActivityActions,
  type ActivityDialogKind,
  canAny,
  threadHref,
} from "@/features/my-work/components/activity-actions";
import { ActivityDialogs, type OpenActivityDialog } from "@/features/my-work/components/activity-dialogs";
import { useBranchTimeZone } from "@/features/my-work/time";
import { formatDateTime, fromDateTimeInput, toDateTimeInput } from "@/lib/format";
import { type LeadThread, useAddLeadActivity, useLeadProjects, useLeadThreads } from "./api";

// The lead's project threads (its marketing project's steps, as the pipeline shows them) with their
// first 25 activities (a longer thread links to its page, which shows the rest a page at a time), each
// resolved, cancelled, reopened, rescheduled, reassigned or edited with my work's own actions and
// dialogs (the workflow's patchActivity), showing only what the server says the viewer may do to it
// (viewerCan: their own activities, anyone's with CUSTOMER_ACCESS); and an activity to add at a step:
// it goes to the lead's open thread of the project, or starts one.

const activitySchema = z.object({
  projectId: z.string().min(1, "Choose the project."),
  stepId: z.string().min(1, "Choose the step."),
  subject: z.string().trim().min(1, "Subject is required.").max(200, "Subject must be at most 200 characters."),
  scheduledTime: z.string().min(1, "Choose when it is scheduled."),
});

const STATUS: Record<string, string> = { ACTIVE: "Open", RESOLVED: "Done", CANCELLED: "Cancelled" };

function Thread({
  thread,
  onOpen,
}: {
  thread: LeadThread;
  /** Set when the viewer works the lead: each activity gets Resolve and the menu my work has. */
  onOpen?: (kind: ActivityDialogKind, activity: ActionableActivity) => void;
}) {
  const activities = thread.timeline.activities;
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
        {thread.projectDescription}
        {thread.closedAt ? <Badge variant="secondary">Closed</Badge> : <Badge variant="outline">Open</Badge>}
      </p>
      {activities.length === 0 ? (
        <p className="text-muted-foreground text-sm">No activities yet.</p>
      ) : (
        <ol className="grid gap-1.5" aria-label={`Activities of ${thread.projectDescription}`}>
          {activities.map((a) => (
            <li key={a.id} className="flex items-start gap-2 text-sm">
              <span className="grid min-w-0 flex-1 gap-0.5 sm:grid-cols-[1fr_auto] sm:gap-3">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{a.stepDescription}</span>: {a.subject}
                </span>
                <span className="text-muted-foreground text-xs sm:text-right">
                  {STATUS[a.status] ?? a.status} · {formatDateTime(a.scheduledTime)}
                  {a.assignedPersonName ? ` · ${a.assignedPersonName}` : ""}
                </span>
              </span>
              {onOpen && canAny(a.viewerCan) ? (
                <ActivityActions activity={a} can={a.viewerCan} onOpen={(kind) => onOpen(kind, a)} compact />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {thread.timeline.hasMore ? (
        <Link href={threadHref(thread.id)} className="text-sm underline-offset-4 hover:underline">
          All {thread.activityCount} activities on the thread's page
        </Link>
      ) : null}
    </li>
  );
}

function AddActivityDialog({ leadId, open, onClose }: { leadId: string; open: boolean; onClose: () => void }) {
  const projects = useLeadProjects(open);
  const add = useAddLeadActivity();
  const form = useZodForm(activitySchema, {
    projectId: "",
    stepId: "",
    subject: "",
    scheduledTime: toDateTimeInput(new Date()),
  });
  const projectId = useWatch({ control: form.control, name: "projectId" });
  const active = (projects.data?.projects ?? [])
    .filter((p) => !p.inactive)
    .sort((a, b) => Number(b.marketing) - Number(a.marketing) || a.description.localeCompare(b.description));
  const steps = active.find((p) => p.id === projectId)?.steps.filter((s) => !s.inactive) ?? [];
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (o ? null : onClose())}
      form={form}
      title="Add an activity"
      description="On the lead's open thread of the project, or a new one."
      formLabel="Add an activity"
      submitLabel="Add activity"
      pending={add.isPending}
      onSubmit={(v) =>
        add.mutateQuietly({
          leadId,
          input: {
            projectId: v.projectId,
            stepId: v.stepId,
            subject: v.subject,
            scheduledTime: fromDateTimeInput(v.scheduledTime) ?? new Date().toISOString(),
          },
        })
      }
    >
      <SelectField
        control={form.control}
        name="projectId"
        label="Project"
        required
        placeholder={projects.isPending ? "Loading…" : "Choose the project"}
        options={active.map((p) => ({
          value: p.id,
          label: p.marketing ? `${p.description} (marketing)` : p.description,
        }))}
      />
      <SelectField
        control={form.control}
        name="stepId"
        label="Step"
        required
        disabled={!projectId}
        placeholder={projectId ? "Choose the step" : "Choose the project first"}
        options={steps.map((s) => ({ value: s.id, label: s.description }))}
      />
      <TextField control={form.control} name="subject" label="Subject" required autoComplete="off" />
      <TextField control={form.control} name="scheduledTime" label="Scheduled" required type="datetime-local" />
    </FormDialog>
  );
}

export function LeadWorkCard({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  const threads = useLeadThreads(leadId);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<OpenActivityDialog>(null);
  const timeZone = useBranchTimeZone();
  const list = threads.data?.leadProjectThreads;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>Projects and activities</h2>
        </CardTitle>
        {canEdit ? (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            Add activity
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!list ? (
          <Skeleton className="h-20" />
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">Not on a project yet.</p>
        ) : (
          <ul className="grid gap-3">
            {list.map((t) => (
              <Thread
                key={t.id}
                thread={t}
                onOpen={canEdit ? (kind, activity) => setDialog({ kind, activity }) : undefined}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {canEdit ? <AddActivityDialog leadId={leadId} open={adding} onClose={() => setAdding(false)} /> : null}
      <ActivityDialogs dialog={dialog} timeZone={timeZone} onClose={() => setDialog(null)} />
    </Card>
  );
}
