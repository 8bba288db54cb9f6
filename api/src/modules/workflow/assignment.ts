import type { Context } from "../../runtime.ts";
import { zoneIndex } from "../territories/lookups.service.ts";
import { getUsage } from "../territories/territories.service.ts";

// Who gets a new activity when the caller names nobody, in this order:
// 1. the person holding the step's zone role (defaultZoneRoleId) in the zone, on the map that assigns
//    activities (the territories' usage settings), that holds the customer's first active service
//    address (the oldest one; it must be geolocated);
// 2. the step's default person;
// 3. the project's default person;
// 4. nobody: the activity is unassigned (it shows as such).
// A candidate who has become inactive is passed over. Territories are only read here.

type StepDefaults = { defaultZoneRoleId: string | null; defaultPersonId: string | null };
type ProjectDefaults = { defaultPersonId: string | null };

/** The person holding `roleId` in the zone of the customer's first active service address, if any. */
export async function zoneRoleHolder(ctx: Context, customerId: string, roleId: string): Promise<string[]> {
  const { activityAssignmentMapId: mapId } = await getUsage(ctx);
  if (!mapId) return [];
  const address = await ctx.db.serviceAddress.findFirst({
    where: { customerId, inactive: false },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { latitude: true, longitude: true },
  });
  if (address?.latitude == null || address.longitude == null) return [];
  const index = await zoneIndex(ctx, mapId).catch(() => null); // a map deleted meanwhile: no zone
  const zone = index?.zoneAt(address.longitude, address.latitude);
  return zone && index ? [...index.holdersOf(zone.id, roleId)] : [];
}

/** The default assignee of work at `step` for the thread's customer (null: unassigned). */
export async function defaultAssignee(
  ctx: Context,
  step: StepDefaults,
  project: ProjectDefaults,
  customerId: string | null,
): Promise<string | null> {
  const candidates = [
    ...(step.defaultZoneRoleId && customerId ? await zoneRoleHolder(ctx, customerId, step.defaultZoneRoleId) : []),
    step.defaultPersonId,
    project.defaultPersonId,
  ].filter((id): id is string => !!id);
  if (!candidates.length) return null;
  const active = await ctx.db.person.findMany({
    where: { id: { in: candidates }, inactive: false },
    select: { id: true },
  });
  const ok = new Set(active.map((p) => p.id));
  return candidates.find((id) => ok.has(id)) ?? null;
}
