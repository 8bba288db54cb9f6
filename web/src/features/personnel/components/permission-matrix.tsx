import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
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

type Actor = { type: ActorType; id: string; name: string; members?: string[] };
type Change = { actor: Actor; permission: Permission; granted: boolean };

/**
 * Permissions that hand over the branch (everything, or who may do what, or its people): granting one is
 * confirmed first, naming who gains it.
 */
const BROAD: ReadonlySet<Permission> = new Set([
  "ADMINISTRATIVE_SETUP",
  "SECURITY_USERS_AND_POLICIES",
  "PERSONNEL_MANAGEMENT",
]);

/** Who gains a permission given to this actor, in words. */
function gainers(actor: Actor): string {
  if (actor.type !== "SECURITY_GROUP") return actor.name;
  const names = actor.members ?? [];
  if (names.length === 0) return `${actor.name} (no members yet; anyone added later)`;
  const shown = names.slice(0, 5).join(", ");
  const more = names.length > 5 ? ` and ${names.length - 5} more` : "";
  return `the ${names.length} member${names.length === 1 ? "" : "s"} of ${actor.name}: ${shown}${more}`;
}

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
  // The answer is shown here, with Undo, rather than by the hook.
  const toggle = useToggleEmployeePermission({ successToast: false });
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Change | null>(null);

  const actors: Actor[] = useMemo(() => {
    if (kind === "SECURITY_GROUP")
      return groups.map((g) => ({ type: kind, id: g.id, name: g.name, members: g.members.map((m) => m.fullName) }));
    if (kind === "API_KEYS") return (keys.data?.apiKeys ?? []).map((k) => ({ type: kind, id: k.id, name: k.name }));
    return (people.data?.activePersonnel ?? []).map((p) => ({ type: kind, id: p.id, name: p.fullName }));
  }, [kind, groups, keys.data, people.data]);
  const held = useMemo(() => new Set(accesses.map((a) => `${a.actorType}:${a.actorId}:${a.permission}`)), [accesses]);

  const flip = async ({ actor, permission, granted }: Change, undoing = false) => {
    const key = `${actor.type}:${actor.id}:${permission}`;
    setPending(key);
    const r = await toggle.run({ input: { actorType: actor.type, actorId: actor.id, permission, granted } });
    setPending(null);
    if (!r) return;
    const message = r.toggleEmployeePermission.message;
    if (undoing) toast.success(message);
    else
      toast.success(message, {
        action: { label: "Undo", onClick: () => void flip({ actor, permission, granted: !granted }, true) },
      });
  };
  const ask = (change: Change) =>
    change.granted && BROAD.has(change.permission) ? setConfirming(change) : flip(change);

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
                          onCheckedChange={(v) => ask({ actor: a, permission: p, granted: v === true })}
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
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? `Give ${confirming.actor.name} ${permissionInfo[confirming.permission].label}?` : ""}
        description={
          confirming
            ? `${permissionInfo[confirming.permission].label} will be held by ${gainers(confirming.actor)}.`
            : undefined
        }
        confirmLabel="Grant"
        onConfirm={async () => {
          if (confirming) await flip(confirming);
          setConfirming(null);
        }}
      />
    </div>
  );
}
