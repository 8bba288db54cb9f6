import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useHasPermission } from "@/lib/permissions";
import { usePermissionAccesses, useSecurityGroups } from "../api";
import { EffectivePermissions } from "../components/effective-permissions";
import { GroupsTab } from "../components/groups-tab";
import { PermissionMatrix } from "../components/permission-matrix";
import { ALL_PERMISSIONS, actorTypeLabels, permissionInfo } from "../permissions";

const TABS = ["groups", "matrix", "accesses", "effective"] as const;
/** At phone width the tabs wrap to two rows: a fixed height (not the list's full height) keeps both inside the list, above the tab's content. */
const TAB = "h-7 flex-none";
type Tab = (typeof TABS)[number];

/** team/security: groups and members, the permission matrix, who holds what, effective permissions. */
export default function SecurityPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const person = params.get("person");
  const tabParam = params.get("tab") as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : person ? "effective" : "groups";
  const go = (patch: Record<string, string | null>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) v ? p.set(k, v) : p.delete(k);
    navigate(`${location}?${p}`, { replace: true });
  };
  const has = useHasPermission();
  const groups = useSecurityGroups();
  const accesses = usePermissionAccesses();

  return (
    <ListPage title="Security" description="Security groups, who holds which permission, and why.">
      <Tabs value={tab} onValueChange={(t) => go({ tab: t })} className="min-w-0">
        <TabsList className="h-auto w-full flex-wrap justify-start">
          <TabsTrigger value="groups" className={TAB}>
            Groups
          </TabsTrigger>
          <TabsTrigger value="matrix" className={TAB}>
            Permission matrix
          </TabsTrigger>
          <TabsTrigger value="accesses" className={TAB}>
            Who holds what
          </TabsTrigger>
          <TabsTrigger value="effective" className={TAB}>
            Effective permissions
          </TabsTrigger>
        </TabsList>
        {groups.isPending || accesses.isPending ? (
          <Skeleton className="mt-4 h-64" />
        ) : groups.isError || accesses.isError ? (
          <QueryError
            error={groups.error ?? accesses.error}
            onRetry={() => {
              groups.refetch();
              accesses.refetch();
            }}
          />
        ) : (
          <>
            <TabsContent value="groups" className="pt-2">
              <GroupsTab groups={groups.data.securityGroups} />
            </TabsContent>
            <TabsContent value="matrix" className="pt-2">
              <PermissionMatrix
                groups={groups.data.securityGroups}
                accesses={accesses.data.tenantPermissionAccesses}
                canGrantAdministrator={has("ADMINISTRATIVE_SETUP")}
              />
            </TabsContent>
            <TabsContent value="accesses" className="pt-2">
              <Card className="gap-0 divide-y py-0">
                {ALL_PERMISSIONS.map((p) => {
                  const holders = accesses.data.tenantPermissionAccesses.filter((a) => a.permission === p);
                  return (
                    <section
                      key={p}
                      className="grid gap-1.5 p-3 sm:grid-cols-[16rem_1fr]"
                      aria-label={permissionInfo[p].label}
                    >
                      <h3 className="grid text-sm">
                        {permissionInfo[p].label}
                        <span className="font-mono text-[0.7rem] text-muted-foreground">{p}</span>
                      </h3>
                      <ul className="flex flex-wrap content-start gap-1">
                        {holders.length === 0 ? <li className="text-muted-foreground text-sm">Nobody</li> : null}
                        {holders.map((h) => (
                          <li key={`${h.actorType}:${h.actorId}`}>
                            <Badge variant={h.actorType === "SECURITY_GROUP" ? "secondary" : "outline"}>
                              {actorTypeLabels[h.actorType]}: {h.actorName}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    </section>
                  );
                })}
              </Card>
            </TabsContent>
            <TabsContent value="effective" className="pt-2">
              <EffectivePermissions personId={person} onPerson={(id) => go({ person: id, tab: "effective" })} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </ListPage>
  );
}
