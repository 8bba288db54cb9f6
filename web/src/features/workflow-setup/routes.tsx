import { lazyPage } from "@/lib/lazy-page";

// The workflow setup pages (projects, their steps, milestones, priorities), each its own chunk.
export const ProjectsRoute = lazyPage("team-projects", () => import("./pages/projects-page"));
export const ProjectStepsRoute = lazyPage("team-project-steps", () => import("./pages/project-steps-page"));
export const ProjectStepRoute = lazyPage("team-project-step", () => import("./pages/project-step-page"));
export const ProjectMilestonesRoute = lazyPage(
  "team-project-milestones",
  () => import("./pages/project-milestones-page"),
);
