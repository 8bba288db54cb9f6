import { CheckIcon, MinusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { QueryState } from "@/components/shell/query-state";
import { TableHeads } from "@/components/table-heads";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { useEmployeePermissions } from "../api";
import { actorTypeLabels, permissionInfo } from "../permissions";
import { PersonSelect } from "./person-select";

/** One person's effective permissions, each with where it comes from: sorted by label, optionally only those held. */
export function EffectivePermissions({
  personId,
  onPerson,
}: {
  personId: string | null;
  onPerson: (id: string) => void;
}) {
  const eff = useEmployeePermissions(personId);
  const [heldOnly, setHeldOnly] = useState(false);
  const all = [...(eff.data?.employeePermissions ?? [])].sort((a, b) =>
    permissionInfo[a.permission].label.localeCompare(permissionInfo[b.permission].label),
  );
  const held = all.filter((r) => r.effective);
  const rows = heldOnly ? held : all;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <PersonSelect value={personId ?? ""} onValueChange={onPerson} aria-label="Person" className="w-full sm:w-80" />
        <span className="flex items-center gap-2 text-sm">
          <Checkbox id="held-only" checked={heldOnly} onCheckedChange={(v) => setHeldOnly(v === true)} />
          <label htmlFor="held-only">Held only</label>
        </span>
      </div>
      {!personId ? (
        <p className="text-muted-foreground text-sm">Choose a person to see what they may do and why.</p>
      ) : (
        <QueryState query={eff} loading={<Skeleton className="h-40" />}>
          {() => (
            <>
              <p className="text-sm">
                {held.length === 0
                  ? "This person holds no permission: they see nothing in the back office."
                  : `${held.length} of ${all.length} permissions.`}{" "}
                <Link href={`/team/personnel/${personId}`} className="underline">
                  Open their page
                </Link>
              </p>
              <Table aria-label="Effective permissions">
                <TableHeads
                  rowClassName="hover:bg-transparent"
                  columns={["Permission", { label: "Holds", className: "w-16 text-center" }, "From"]}
                />
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.permission} className={r.effective ? "" : "text-muted-foreground"}>
                      <TableCell>
                        <span className="grid">
                          {permissionInfo[r.permission].label}
                          <span className="font-mono text-[0.7rem] text-muted-foreground">{r.permission}</span>
                        </span>
                      </TableCell>
                      <TableCell className="text-center">
                        {r.effective ? (
                          <CheckIcon aria-label="Yes" className="mx-auto size-4 text-success" />
                        ) : (
                          <MinusIcon aria-label="No" className="mx-auto size-4" />
                        )}
                      </TableCell>
                      <TableCell>
                        <span className="flex flex-wrap gap-1">
                          {r.sources.map((s) => (
                            <Badge
                              key={`${s.actorType}:${s.actorId}`}
                              variant={s.actorType === "PERSON" ? "outline" : "secondary"}
                            >
                              {s.actorType === "PERSON"
                                ? "Own grant"
                                : `${actorTypeLabels[s.actorType]}: ${s.actorName}`}
                            </Badge>
                          ))}
                          {r.impliedByAdministrativeSetup ? <Badge variant="info">Administrator</Badge> : null}
                        </span>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
