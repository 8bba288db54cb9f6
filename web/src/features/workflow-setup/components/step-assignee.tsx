import { MapPinnedIcon, UserIcon } from "lucide-react";
import type { SetupStep } from "../api";

/** Who gets a step's work, in words: the zone's holder of a territory role, a person, or the project's default. */
export function StepAssignee({
  step,
  personName,
  roleName,
}: {
  step: Pick<SetupStep, "defaultPersonId" | "defaultZoneRoleId">;
  personName: (id: string | null | undefined) => string | null;
  roleName: (id: string) => string | null;
}) {
  if (step.defaultZoneRoleId)
    return (
      <span className="inline-flex items-center gap-1.5">
        <MapPinnedIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
        Zone's {roleName(step.defaultZoneRoleId) ?? "territory role"}
      </span>
    );
  if (step.defaultPersonId)
    return (
      <span className="inline-flex items-center gap-1.5">
        <UserIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
        {personName(step.defaultPersonId)}
      </span>
    );
  return <span className="text-muted-foreground">Project default</span>;
}
