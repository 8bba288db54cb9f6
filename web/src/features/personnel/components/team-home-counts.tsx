import { KeyRoundIcon, MailIcon, ShieldCheckIcon, UsersIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { graphql } from "@/lib/graphql";
import { useHasPermission } from "@/lib/permissions";
import { useGqlQuery } from "@/lib/query-client";

// Counts on the team home page that matter to the employee: only those their permissions let them
// read (each query is asked for only then, so nobody is sent to the forbidden page from home).

const PeopleCountsQuery = graphql(`
  query TeamHomePeopleCounts {
    personnel(take: 100) {
      totalCount
      items {
        id
        invitePending
      }
    }
  }
`);
const SecurityCountsQuery = graphql(`
  query TeamHomeSecurityCounts {
    securityGroups {
      id
    }
    apiKeys {
      id
    }
  }
`);

/** One count; `value` null while it loads (a placeholder of the same size, so nothing moves when it arrives). */
function Count({ icon, label, value, href }: { icon: ReactNode; label: string; value: number | null; href: string }) {
  return (
    <Link href={href} className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <Card className="flex-row items-center gap-3 p-4 hover:bg-muted/60">
        <span className="flex size-9 items-center justify-center rounded-md bg-primary/10 text-primary">{icon}</span>
        <span className="grid">
          {value === null ? (
            <Skeleton className="my-1 h-5 w-10" />
          ) : (
            <span className="font-semibold text-xl tabular-nums">{formatNumber(value)}</span>
          )}
          <span className="text-muted-foreground text-sm">{label}</span>
        </span>
      </Card>
    </Link>
  );
}

export function TeamHomeCounts() {
  const has = useHasPermission();
  const people = useGqlQuery(PeopleCountsQuery, {}, { enabled: has("PERSONNEL_MANAGEMENT") });
  const security = useGqlQuery(SecurityCountsQuery, {}, { enabled: has("SECURITY_USERS_AND_POLICIES") });
  const items: ReactNode[] = [];
  // The cards are known before the numbers are: each is drawn at once and its number filled in.
  if (has("PERSONNEL_MANAGEMENT")) {
    const list = people.data?.personnel;
    items.push(
      <Count
        key="people"
        icon={<UsersIcon aria-hidden="true" className="size-4" />}
        label="Active employees"
        value={list ? list.totalCount : null}
        href="/team/personnel"
      />,
      <Count
        key="invited"
        icon={<MailIcon aria-hidden="true" className="size-4" />}
        label="Invitations not accepted yet"
        value={list ? list.items.filter((p) => p.invitePending).length : null}
        href="/team/personnel"
      />,
    );
  }
  if (has("SECURITY_USERS_AND_POLICIES")) {
    const data = security.data;
    items.push(
      <Count
        key="groups"
        icon={<ShieldCheckIcon aria-hidden="true" className="size-4" />}
        label="Security groups"
        value={data ? data.securityGroups.length : null}
        href="/team/security"
      />,
      <Count
        key="keys"
        icon={<KeyRoundIcon aria-hidden="true" className="size-4" />}
        label="API keys"
        value={data ? data.apiKeys.length : null}
        href="/team/api-keys"
      />,
    );
  }
  if (!items.length) return null;
  return (
    <section aria-label="At a glance" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {items}
    </section>
  );
}
