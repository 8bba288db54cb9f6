import { type ComponentType, type ReactNode, useMemo } from "react";
import { Route, useRouter } from "wouter";
import { NotYetAvailable } from "@/components/shell/not-yet-available";

/** Route params as wouter gives them. */
export type RouteParams = Record<string, string | undefined>;

/**
 * One entry of an area's route table. `component` is the page; without one the page is not built yet
 * and shows the shared "not yet available" panel with `title` and `description`.
 */
export type PageRoute = {
  path: string;
  title: string;
  description?: string;
  component?: ComponentType<{ params: RouteParams }>;
  /** A built page is offered to employees holding any of these (ADMINISTRATIVE_SETUP holds all). */
  permissions?: string[];
};

export function renderPageRoutes(routes: PageRoute[]): ReactNode[] {
  return routes.map((route) => (
    <Route key={route.path} path={route.path}>
      {(params: RouteParams) =>
        route.component ? (
          <route.component params={params} />
        ) : (
          <NotYetAvailable title={route.title} description={route.description} />
        )
      }
    </Route>
  ));
}

/** One RegExp matching any of `paths` (wouter patterns), for a <Route path> that wraps a group in a layout. */
export function useAnyPath(paths: string[]): RegExp {
  const { parser } = useRouter();
  return useMemo(
    () => new RegExp(paths.map((p) => `(?:${(parser(p).pattern as RegExp).source})`).join("|"), "i"),
    [parser, paths],
  );
}
