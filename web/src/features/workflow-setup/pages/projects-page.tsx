import { FlagIcon, ListOrderedIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { type PageLink, PageLinks } from "@/components/page-links";
import { Button } from "@/components/ui/button";
import { type SetupProject, useSetupPriorities, useSetupProjects } from "../api";
import { PrioritiesCard } from "../components/priorities-card";
import { ProjectDialog } from "../components/project-dialog";
import { ProjectList } from "../components/project-list";
import { ReadOnlyNotice } from "../components/read-only-notice";
import { useWorkflowSetupPermissions } from "../permissions";

/** Beside the projects: their milestones and every project's steps. */
const LINKS: readonly PageLink[] = [
  { href: "/team/project-milestones", icon: FlagIcon, label: "Milestones" },
  { href: "/team/project-steps", icon: ListOrderedIcon, label: "All steps" },
];

/**
 * team/projects: the processes the team follows (a sale, an install, a service call) with their
 * types, defaults and flags, and the branch's priorities. Each project opens its steps.
 */
export default function ProjectsPage() {
  const projects = useSetupProjects();
  const priorities = useSetupPriorities();
  const { canConfigure } = useWorkflowSetupPermissions();
  const [editing, setEditing] = useState<SetupProject | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (project: SetupProject | null) => {
    setEditing(project);
    setOpen(true);
  };

  return (
    <ListPage
      title="Projects"
      description="The processes your team follows: a sale, an install, a service call. Open one to set up its steps."
      actions={
        <PageLinks links={LINKS}>
          {canConfigure ? (
            <Button onClick={() => edit(null)}>
              <PlusIcon aria-hidden="true" />
              New project
            </Button>
          ) : null}
        </PageLinks>
      }
    >
      {canConfigure ? null : <ReadOnlyNotice what="the projects and priorities" />}
      <div className="grid grid-cols-1 items-start gap-4 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <ProjectList
          projects={projects.data?.projects}
          priorities={priorities.data?.priorities ?? []}
          query={projects}
          onEdit={canConfigure ? edit : undefined}
        />
        <PrioritiesCard canEdit={canConfigure} className="max-w-2xl" />
      </div>
      {canConfigure ? (
        <ProjectDialog
          open={open}
          onOpenChange={setOpen}
          project={editing}
          priorities={priorities.data?.priorities ?? []}
        />
      ) : null}
    </ListPage>
  );
}
