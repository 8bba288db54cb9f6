import { Route, Switch } from "wouter";
import { AreaNotFound } from "@/components/shell/area-not-found";
import { TeamLoginPage } from "@/features/account/pages/team-login-page";
import { ForbiddenPage } from "@/features/system/pages/forbidden-page";
import { renderPageRoutes, useAnyPath } from "@/lib/route-table";
import { TeamGuard } from "./team-guard";
import { TeamHomePage } from "./team-home-page";
import { TeamLayout, TeamToolLayout } from "./team-layout";
import { teamLayoutPages, teamToolPages, teamToolPaths } from "./team-pages";

/** The team area (/team/...): its sign-in, full-width tools, and the side-navigation layout. */
export default function TeamArea() {
  const toolPattern = useAnyPath(teamToolPaths);
  return (
    <Switch>
      <Route path="/team/login" component={TeamLoginPage} />
      <Route path={toolPattern}>
        <TeamGuard>
          {(user) => (
            <TeamToolLayout user={user}>
              <Switch>{renderPageRoutes(teamToolPages)}</Switch>
            </TeamToolLayout>
          )}
        </TeamGuard>
      </Route>
      <Route>
        <TeamGuard>
          {(user) => (
            <TeamLayout user={user}>
              <Switch>
                <Route path="/team">
                  <TeamHomePage user={user} />
                </Route>
                <Route path="/team/forbidden">
                  <ForbiddenPage />
                </Route>
                {renderPageRoutes(teamLayoutPages)}
                <Route>
                  <AreaNotFound area="team" />
                </Route>
              </Switch>
            </TeamLayout>
          )}
        </TeamGuard>
      </Route>
    </Switch>
  );
}
