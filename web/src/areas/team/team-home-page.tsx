import { ArrowRightIcon, LockIcon } from "lucide-react";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { TeamHomeCounts } from "@/features/personnel/components/team-home-counts";
import { useBranchBranding } from "@/lib/branding";
import type { Overview } from "@/lib/overview";
import { offeredNavGroups } from "./team-pages";

/** team index: a greeting and a map of the back office, by domain. */
export function TeamHomePage({ user }: { user: Overview }) {
  const { branding } = useBranchBranding();
  const groups = offeredNavGroups(user.employeePermissions);
  return (
    <div className="grid gap-6">
      <DocumentTitle title="Team" />
      <PageHeader
        title={`Welcome back${user.firstName ? `, ${user.firstName}` : ""}`}
        description={`The ${branding?.name ?? "team"} back office. Pick up where you left off.`}
      />
      <TeamHomeCounts />
      {groups.length === 0 ? (
        <EmptyState
          icon={<LockIcon aria-hidden="true" />}
          title="Nothing here for you yet"
          description="Your account has no back-office permissions. Ask your manager or administrator to give you access to the pages you need."
          className="bg-card"
        />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => (
          <li key={group.id}>
            <Card className="h-full gap-3">
              <CardHeader className="flex items-center gap-2">
                <span className="flex size-8 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <group.icon aria-hidden="true" className="size-4" />
                </span>
                <CardTitle asChild>
                  <h2>{group.label}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-0.5">
                  {group.pages.slice(0, 5).map((page) => (
                    <li key={page.path}>
                      <Link
                        href={page.path}
                        className="group flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {page.title}
                        <ArrowRightIcon
                          aria-hidden="true"
                          className="size-3.5 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100"
                        />
                      </Link>
                    </li>
                  ))}
                  {group.pages.length > 5 ? (
                    <li className="px-2 pt-1 text-muted-foreground text-xs">
                      and {group.pages.length - 5} more in the menu
                    </li>
                  ) : null}
                </ul>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
