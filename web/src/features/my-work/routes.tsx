import { lazyPage } from "@/lib/lazy-page";

// The pages where work is done: my work, one project thread, the activity breakdown; each its own chunk.
export const MyWorkRoute = lazyPage("team-my-work", () => import("./pages/my-work-page"));
export const ProjectThreadRoute = lazyPage("team-project-thread", () => import("./pages/project-thread-page"));
export const ActivityBreakdownRoute = lazyPage(
  "team-activity-breakdown",
  () => import("./pages/activity-breakdown-page"),
);
