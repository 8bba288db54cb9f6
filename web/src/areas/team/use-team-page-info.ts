import { matchRoute, useLocation, useRouter } from "wouter";
import { teamDetailPages, teamNavGroups, teamToolPages } from "./team-pages";

/** The current team page's title and the domain group it belongs to (for the breadcrumb). */
export function useTeamPageInfo(): { group: string | null; title: string } {
  const [location] = useLocation();
  const { parser } = useRouter();
  const path = location.replace(/\/$/, "").toLowerCase();
  if (path === "/team") return { group: null, title: "Home" };

  const pages = [...teamNavGroups.flatMap((g) => g.pages), ...teamToolPages, ...teamDetailPages];
  const page = pages.find((p) => matchRoute(parser, p.path, location)[0]);

  // The group whose listed page is the longest prefix of the location (lead-forms/7 -> Leads).
  let group: string | null = null;
  let best = 0;
  for (const g of teamNavGroups) {
    for (const p of g.pages) {
      const prefix = p.path.toLowerCase();
      if ((path === prefix || path.startsWith(`${prefix}/`)) && prefix.length > best) {
        best = prefix.length;
        group = g.label;
      }
    }
  }
  return { group, title: page?.title ?? (path === "/team/forbidden" ? "Forbidden" : "Page not found") };
}
