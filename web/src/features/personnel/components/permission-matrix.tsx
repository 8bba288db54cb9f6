import { useMemo, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import {
  type ActorType,
  type Permission,
  type PermissionAccess,
  type SecurityGroup,
  useActivePersonnel,
  useApiKeys,
  useToggleEmployeePermission,
} from "../api";
import { ALL_PERMISSIONS, actorTypeLabels, permissionInfo } from "../permissions";

type Actor = { type: ActorType; id: string; name: string };

/**
 * Actors × permissions: one column per actor of the chosen kind (groups, people, API keys), one row
 * per permission, a checkbox per cell that grants or revokes at once.
 */
export function PermissionMatrix({
  groups,
  accesses,
  canGrantAdministrator,
}: {
  groups: SecurityGroup[];
  accesses: PermissionAccess[];
  canGrantAdministrator: boolean;
}) {
  const [kind, setKind] = useState<ActorType>("SECURITY_GROUP");
  const people = useActivePersonnel();
  const keys = useApiKeys();
  const toggle = useToggleEmployeePermission();
  const [pending, setPending] = useState<string | null>(null);

  const actors: Actor[] = useMemo(() => {
    if (kind === "SECURITY_GROUP") return groups.map((g) => ({ type: kind, id: g.id, name: g.name }));
    if (kind === "API_KEYS") return (keys.data?.apiKeys ?? []).map((k) => ({ type: kind, id: k.id, name: k.name }));
    return (people.data?.activePersonnel ?? []).map((p) => ({ type: kind, id: p.id, name: p.fullName }));
  }, [kind, groups, keys.data, people.data]);
  const held = useMemo(() => new Set(accesses.map((a) => `${a.actorType}:${a.actorId}:${a.permission}`)), [accesses]);

  const flip = async (actor: Actor, permission: Permission, granted: boolean) => {
    const key = `${actor.type}:${actor.id}:${permission}`;
    setPending(key);
    await toggle.run({ input: { actorType: actor.type, actorId: actor.id, permission, granted } });
    setPending(null);
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Select value={kind} onValueChange={(v) => setKind(v as ActorType)}>
          <SelectTrigger aria-label="Actors" className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="SECURITY_GROUP">Security groups</SelectItem>
            <SelectItem value="PERSON">People</SelectItem>
            <SelectItem value="API_KEYS">API keys</SelectItem>
          </SelectContent>
        </Select>
        <p className="text-muted-foreground text-sm">
          Tick a box to grant a permission to that {actorTypeLabels[kind].toLowerCase()}; untick to revoke it.
        </p>
      </div>
      {actors.length === 0 ? (
        <p className="text-muted-foreground text-sm">No {kind === "API_KEYS" ? "API keys" : "actors"} yet.</p>
      ) : (
        <div className="max-h-[70vh] overflow-auto rounded-md border">
          <table className="w-full border-collapse text-sm" aria-label="Permission matrix">
            <thead className="sticky top-0 z-10 bg-card">
              <tr>
                <th
                  scope="col"
                  className="sticky left-0 z-20 bg-card p-2 text-left font-medium text-muted-foreground text-xs"
                >
                  Permission
                </th>
                {actors.map((a) => (
                  <th key={a.id} scope="col" className="min-w-24 p-2 text-center font-medium text-xs">
                    {a.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ALL_PERMISSIONS.map((p) => (
                <tr key={p} className="border-t hover:bg-muted/40">
                  <th scope="row" className="sticky left-0 bg-card p-2 text-left font-normal">
                    <span className="grid">
                      {permissionInfo[p].label}
                      <span className="font-mono text-[0.7rem] text-muted-foreground">{p}</span>
                    </span>
                  </th>
                  {actors.map((a) => {
                    const key = `${a.type}:${a.id}:${p}`;
                    const on = held.has(key);
                    return (
                      <td key={a.id} className={cn("p-2 text-center", on && "bg-primary/5")}>
                        <Checkbox
                          aria-label={`${a.name}: ${permissionInfo[p].label}`}
                          checked={on}
                          disabled={pending === key || (p === "ADMINISTRATIVE_SETUP" && !canGrantAdministrator)}
                          onCheckedChange={(v) => flip(a, p, v === true)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
