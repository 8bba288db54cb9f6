import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { FormDialog, SelectField, useZodForm } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, fromDateTimeInput, toDateTimeInput } from "@/lib/format";
import { type LeadThread, useAddLeadActivity, useLeadProjects, useLeadThreads } from "./api";

// The lead's project threads (its marketing project's steps, as the pipeline shows them) with their
// activities, and an activity to add at a step: it goes to the lead's open thread of the project, or
// starts one.

const activitySchema = z.object({
  projectId: z.string().min(1, "Choose the project."),
  stepId: z.string().min(1, "Choose the step."),
  subject: z.string().trim().min(1, "Subject is required.").max(200, "Subject must be at most 200 characters."),
  scheduledTime: z.string().min(1, "Choose when it is scheduled."),
});

const STATUS: Record<string, string> = { ACTIVE: "Open", RESOLVED: "Done", CANCELLED: "Cancelled" };

function Thread({ thread }: { thread: LeadThread }) {
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
        {thread.projectDescription}
        {thread.closedAt ? <Badge variant="secondary">Closed</Badge> : <Badge variant="outline">Open</Badge>}
      </p>
      {thread.activities.length === 0 ? (
        <p className="text-muted-foreground text-sm">No activities yet.</p>
      ) : (
        <ol className="grid gap-1.5">
          {thread.activities.map((a) => (
            <li key={a.id} className="grid gap-0.5 text-sm sm:grid-cols-[1fr_auto] sm:gap-3">
              <span>
                <span className="font-medium">{a.stepDescription}</span>: {a.subject}
              </span>
              <span className="text-muted-foreground text-xs sm:text-right">
                {STATUS[a.status] ?? a.status} · {formatDateTime(a.scheduledTime)}
                {a.assignedPersonName ? ` · ${a.assignedPersonName}` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
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
      <FormField label="Subject" required error={form.formState.errors.subject?.message}>
        <Input autoComplete="off" {...form.register("subject")} />
      </FormField>
      <FormField label="Scheduled" required error={form.formState.errors.scheduledTime?.message}>
        <Input type="datetime-local" {...form.register("scheduledTime")} />
      </FormField>
    </FormDialog>
  );
}

export function LeadWorkCard({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  const threads = useLeadThreads(leadId);
  const [adding, setAdding] = useState(false);
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
              <Thread key={t.id} thread={t} />
            ))}
          </ul>
        )}
      </CardContent>
      {canEdit ? <AddActivityDialog leadId={leadId} open={adding} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}
