import { FolderKanbanIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { PageLinks } from "@/components/page-links";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { type SetupMilestone, useSetupMilestones, useSetupSteps } from "../api";
import { MilestoneDialog } from "../components/milestone-dialog";
import { MilestoneList } from "../components/milestone-list";
import { ReadOnlyNotice } from "../components/read-only-notice";
import { useWorkflowSetupPermissions } from "../permissions";

/** team/project-milestones: the stages reports count (Sold, Installed), and how many steps mark each. */
export default function ProjectMilestonesPage() {
  const milestones = useSetupMilestones();
  const steps = useSetupSteps();
  const { canConfigure } = useWorkflowSetupPermissions();
  const [editing, setEditing] = useState<SetupMilestone | null>(null);
  const [open, setOpen] = useState(false);
  const list = milestones.data?.projectMilestones ?? [];
  const nextSortOrder = list.length ? Math.max(...list.map((m) => m.sortOrder)) + 10 : 10;
  const edit = (m: SetupMilestone | null) => {
    setEditing(m);
    setOpen(true);
  };

  return (
    <div className="grid max-w-5xl grid-cols-1 gap-4">
      <DocumentTitle title="Project milestones" />
      <PageHeader
        title="Project milestones"
        description="Stages such as Sold or Installed that mark progress across projects. Reports count steps by them."
        actions={
          <PageLinks links={[{ href: "/team/projects", icon: FolderKanbanIcon, label: "Projects" }]}>
            {canConfigure ? (
              <Button onClick={() => edit(null)}>
                <PlusIcon aria-hidden="true" />
                New milestone
              </Button>
            ) : null}
          </PageLinks>
        }
      />
      {canConfigure ? null : <ReadOnlyNotice what="the milestones" />}
      <MilestoneList
        milestones={milestones.data?.projectMilestones}
        steps={steps.data?.allSteps}
        query={milestones}
        onEdit={canConfigure ? edit : undefined}
      />
      {canConfigure ? (
        <MilestoneDialog open={open} onOpenChange={setOpen} milestone={editing} nextSortOrder={nextSortOrder} />
      ) : null}
    </div>
  );
}
