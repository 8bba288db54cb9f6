import { KeyRoundIcon, type LucideIcon, MailIcon, ShieldCheckIcon, UsersIcon } from "lucide-react";
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

/** One count of the home page; `value` undefined while it loads. */
type CountItem = { icon: LucideIcon; label: string; value: number | undefined; href: string };

/** One count; a placeholder of the same size while it loads, so nothing moves when it arrives. */
function Count({ icon: Icon, label, value, href }: CountItem) {
  return (
    <Link href={href} className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <Card className="flex-row items-center gap-3 p-4 hover:bg-muted/60">
        <span className="flex size-9 items-center justify-center rounded-md bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span className="grid">
          {value === undefined ? (
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
  const counts: CountItem[] = [];
  // The cards are known before the numbers are: each is drawn at once and its number filled in.
  if (has("PERSONNEL_MANAGEMENT")) {
    const list = people.data?.personnel;
    counts.push(
      { icon: UsersIcon, label: "Active employees", value: list?.totalCount, href: "/team/personnel" },
      {
        icon: MailIcon,
        label: "Invitations not accepted yet",
        value: list?.items.filter((p) => p.invitePending).length,
        href: "/team/personnel",
      },
    );
  }
  if (has("SECURITY_USERS_AND_POLICIES")) {
    const data = security.data;
    counts.push(
      { icon: ShieldCheckIcon, label: "Security groups", value: data?.securityGroups.length, href: "/team/security" },
      { icon: KeyRoundIcon, label: "API keys", value: data?.apiKeys.length, href: "/team/api-keys" },
    );
  }
  if (!counts.length) return null;
  return (
    <section aria-label="At a glance" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {counts.map((c) => (
        <Count key={c.label} {...c} />
      ))}
    </section>
  );
}
