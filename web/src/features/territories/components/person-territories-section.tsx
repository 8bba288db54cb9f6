import { MapIcon } from "lucide-react";
import { Link } from "wouter";
import { QueryError } from "@/components/shell/query-error";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePersonTerritories } from "../api";

/**
 * A person's territory roles and zones over every map, for the person page. Self-contained: give it
 * the person's id. Readable with TERRITORY_MANAGEMENT, MAPPING or PERSONNEL_MANAGEMENT.
 */
export function PersonTerritoriesSection({ personId }: { personId: string }) {
  const q = usePersonTerritories(personId);
  const rows = q.data?.personTerritories ?? [];
  const byMap = new Map<string, { mapName: string; rows: typeof rows }>();
  for (const r of rows) {
    const entry = byMap.get(r.mapId) ?? { mapName: r.mapName, rows: [] };
    entry.rows.push(r);
    byMap.set(r.mapId, entry);
  }
  return (
    <Card className="gap-3 p-4" aria-labelledby={`territories-${personId}`}>
      <h2 id={`territories-${personId}`} className="flex items-center gap-2 font-semibold">
        <MapIcon className="size-4" aria-hidden="true" />
        Territories
      </h2>
      {q.isPending ? (
        <Skeleton className="h-12" />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">No territory roles in any zone.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Territory roles and zones">
          {[...byMap.entries()].map(([mapId, entry]) => (
            <li key={mapId} className="grid gap-1">
              <Link href={`/team/territories/${mapId}`} className="font-medium text-sm hover:underline">
                {entry.mapName}
              </Link>
              <ul className="flex flex-wrap gap-1.5">
                {entry.rows.map((r) => (
                  <li
                    key={`${r.zoneId}-${r.roleId}`}
                    className="flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs"
                  >
                    <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: r.zoneColor }} />
                    {r.zoneName}
                    <span className="text-muted-foreground">· {r.roleName}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
