import { SearchIcon, UserRoundSearchIcon } from "lucide-react";
import { type ReactNode, useDeferredValue, useState } from "react";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { type PlatformUser, useFindUsers } from "../api";
import { userTypeLabels } from "../format";

/** Finds users of every branch by name or email; `action` renders each result's button. */
export function UserSearch({ label, action }: { label: string; action: (user: PlatformUser) => ReactNode }) {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const q = useFindUsers(deferred);
  const users = q.data?.findUsers ?? [];
  const ready = deferred.trim().length >= 2;
  return (
    <div className="grid gap-3">
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor="user-search">{label}</Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            id="user-search"
            type="search"
            placeholder="Name or email, at least 2 characters"
            className="pl-8"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {!ready ? null : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : q.isPending ? (
        <Skeleton className="h-24" />
      ) : users.length === 0 ? (
        <EmptyState icon={<UserRoundSearchIcon />} title="No users match" description="Try part of a name or email." />
      ) : (
        <ul className="grid gap-2" aria-label="Users found">
          {users.map((u) => (
            <li
              key={u.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3"
              data-testid="user-result"
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {`${u.firstName} ${u.lastName}`.trim() || u.email}
                  <Badge variant={u.type === "SUPER_ADMIN" ? "accent" : u.type === "EMPLOYEE" ? "info" : "secondary"}>
                    {userTypeLabels[u.type]}
                  </Badge>
                </span>
                <span className="truncate text-muted-foreground text-xs">
                  {u.email} · #{u.branchNumber} {u.branchCompany} ({u.branchHost}) · last sign-in{" "}
                  {formatDateTime(u.lastLoginAt)}
                </span>
              </div>
              {action(u)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
