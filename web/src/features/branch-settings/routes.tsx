import { lazyPage } from "@/lib/lazy-page";

// One page module under two menu entries, each with its own part of the portal settings.
const load = () => import("./pages/portal-settings-page");
export const WebSettingsRoute = lazyPage("team-portal-settings", load, { props: { variant: "web" } });
export const MobileAndWebRoute = lazyPage("team-portal-settings", load, { props: { variant: "mobile" } });
