import { SearchXIcon } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { BackLink } from "@/components/shell/back-link";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import type { RouteParams } from "@/lib/route-table";
import { useSetupMilestones, useSetupPriorities, useSetupSteps, useSetupZoneRoles } from "../api";
import { DeleteStepButton } from "../components/delete-step-button";
import { StepFormCard } from "../components/step-form-card";
import { funnelLabels } from "../labels";
import { useWorkflowSetupPermissions } from "../permissions";

const listHref = (projectId?: string) =>
  projectId ? `/team/project-steps?project=${projectId}` : "/team/project-steps";

/** team/project-steps/{projectStepId}: one step's every field, and deleting it. */
export default function ProjectStepPage({ params }: { params: RouteParams }) {
  const stepId = params.projectStepId ?? "";
  const steps = useSetupSteps();
  const milestones = useSetupMilestones();
  const priorities = useSetupPriorities();
  const { canConfigure, canReadZoneRoles } = useWorkflowSetupPermissions();
  const roles = useSetupZoneRoles(canReadZoneRoles);
  const [, navigate] = useLocation();
  const [refusal, setRefusal] = useState<string | null>(null);

  if (steps.isPending || milestones.isPending || priorities.isPending)
    return (
      <div className="grid grid-cols-1 gap-3" role="status" aria-label="Loading step">
        <BackLink href={listHref()}>Project steps</BackLink>
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-[32rem] max-w-3xl" />
      </div>
    );
  const failed = [steps, milestones, priorities].find((q) => q.isError);
  if (failed)
    return (
      <div className="grid grid-cols-1 gap-3">
        <BackLink href={listHref()}>Project steps</BackLink>
        <QueryError error={failed.error} onRetry={() => failed.refetch()} />
      </div>
    );

  const step = steps.data?.allSteps.find((s) => s.id === stepId);
  if (!step)
    return (
      <div className="grid grid-cols-1 gap-3">
        <DocumentTitle title="Step not found" />
        <BackLink href={listHref()}>Project steps</BackLink>
        <EmptyState
          icon={<SearchXIcon aria-hidden="true" />}
          title="Step not found"
          description="It may have been deleted. The list shows every project's steps."
        />
      </div>
    );

  return (
    <div className="grid max-w-3xl grid-cols-1 gap-3">
      <DocumentTitle title={`${step.description} · ${step.projectDescription}`} />
      <BackLink href={listHref(step.projectId)}>{step.projectDescription} steps</BackLink>
      <PageHeader
        title={step.description}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>{step.projectDescription}</span>
            <span aria-hidden="true">·</span>
            <span className="tabular-nums">Sort level {step.sortLevel}</span>
            <span aria-hidden="true">·</span>
            <span>{funnelLabels[step.funnelPosition]}</span>
            {step.inactive ? <Badge variant="secondary">Inactive</Badge> : null}
          </span>
        }
        actions={
          canConfigure ? (
            <DeleteStepButton step={step} onDeleted={() => navigate(listHref(step.projectId))} onRefused={setRefusal} />
          ) : null
        }
      />
      {refusal ? (
        <Alert variant="destructive">
          <AlertTitle>The step was not deleted</AlertTitle>
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
      <StepFormCard
        step={step}
        canEdit={canConfigure}
        milestones={milestones.data?.projectMilestones ?? []}
        priorities={priorities.data?.priorities ?? []}
        roles={canReadZoneRoles ? (roles.data?.personTerritoryRoles ?? []) : null}
      />
    </div>
  );
}
