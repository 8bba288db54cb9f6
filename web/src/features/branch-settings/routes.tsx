import { lazyPage } from "@/lib/lazy-page";

// One page under two menu entries, with its own title and description in each.
const load = () => import("./pages/portal-settings-page");
export const WebSettingsRoute = lazyPage("team-portal-settings", load, {
  props: { title: "Web settings", description: "Your customer portal: features, payments and sign-up." },
});
export const MobileAndWebRoute = lazyPage("team-portal-settings", load, {
  props: {
    title: "Mobile and web",
    description: "What customers get in the portal and the app: features, payments and sign-up.",
  },
});
