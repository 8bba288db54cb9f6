import { FolderKanbanIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { useSetupMilestones, useSetupProjects, useSetupSteps } from "../api";
import { NewStepDialog } from "../components/new-step-dialog";
import { ReadOnlyNotice } from "../components/read-only-notice";
import { StepList, useStepFacets } from "../components/step-list";
import { useWorkflowSetupPermissions } from "../permissions";

/**
 * team/project-steps: every project's steps (?project= narrows to one), each opening its page; with
 * WORKFLOW_CONFIGURATION, "New step" adds one to the chosen project.
 */
export default function ProjectStepsPage() {
  const projects = useSetupProjects();
  const milestones = useSetupMilestones();
  const steps = useSetupSteps();
  const facets = useStepFacets();
  const { canConfigure } = useWorkflowSetupPermissions();
  const [adding, setAdding] = useState(false);
  const projectList = projects.data?.projects ?? [];
  const projectId = facets.value("project");
  const project = projectList.find((p) => p.id === projectId);

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={project ? `${project.description} · Project steps` : "Project steps"} />
      <PageHeader
        title={project ? `${project.description} steps` : "Project steps"}
        description={
          project
            ? "The steps this project moves through, from the lowest sort level up."
            : "The steps each project moves through. Choose a project to see its steps in order."
        }
        actions={
          <>
            <LinkButton href="/team/projects" variant="outline" icon={FolderKanbanIcon}>
              Projects
            </LinkButton>
            {canConfigure ? (
              <Button onClick={() => setAdding(true)} disabled={!projects.data}>
                <PlusIcon aria-hidden="true" />
                New step
              </Button>
            ) : null}
          </>
        }
      />
      {canConfigure ? null : <ReadOnlyNotice what="the project steps" />}
      <StepList projects={projectList} milestones={milestones.data?.projectMilestones ?? []} facets={facets} />
      {canConfigure ? (
        <NewStepDialog
          open={adding}
          onOpenChange={setAdding}
          projectId={project?.id ?? ""}
          projects={projectList}
          steps={steps.data?.allSteps ?? []}
          milestones={milestones.data?.projectMilestones ?? []}
          onCreated={(id) => facets.set("project", id)}
        />
      ) : null}
    </div>
  );
}
