import { clock } from "../clock.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { ZoneGeometry } from "../modules/territories/geometry.ts";
import { ZoneIndex } from "../modules/territories/zone-lookup.ts";

// The demo's lead pipeline (team/lead-pipeline) and lead setup (team/lead-setup): the "Sales
// territories" map is the segregation map, so every demo lead with coordinates is placed in its zone
// (as acceptLead places an arriving one), and 60 open demo leads (20 unassigned and 40 assigned, the
// newest of each; not duplicates, not yet customers) have a thread of "New customer sale" at a step:
// earlier steps resolved, the current one open, for the person the lead is assigned to. Nobody is held
// to zones.
// Deterministic: fixed ids, the leads and steps chosen by their order; runs after the leads seed.

type Tx = Prisma.TransactionClient;

const DAY_MS = 86_400_000;
const PIPELINE_LEADS = 60;
/** How many of the leads stand at each step, in step order (First call ... Installed). */
const AT_STEP = [20, 15, 12, 8, 5];
const id = (kind: string, n: number) => `1ead${kind}-0000-4000-b000-${String(n).padStart(12, "0")}`;

export async function seedLeadPipeline(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const [map, project] = await Promise.all([
    tx.territoryMap.findFirst({ where: { branchId, name: "Sales territories" } }),
    tx.project.findFirst({
      where: { branchId, description: "New customer sale" },
      include: { steps: { orderBy: { sortLevel: "asc" } } },
    }),
  ]);

  if (map) {
    await tx.leadConfiguration.create({ data: { branchId, leadSegregationMapId: map.id } });
    const zones = await tx.territoryZone.findMany({ where: { mapId: map.id } });
    const index = new ZoneIndex(
      map.id,
      map.version,
      zones.map((z) => ({ ...z, geometry: z.data as unknown as ZoneGeometry })),
    );
    const located = await tx.lead.findMany({
      where: { branchId, latitude: { not: null }, longitude: { not: null } },
      select: { id: true, latitude: true, longitude: true },
    });
    const byZone = new Map<string, string[]>();
    for (const l of located) {
      const zone = index.zoneAt(l.longitude!, l.latitude!);
      if (zone) byZone.set(zone.id, [...(byZone.get(zone.id) ?? []), l.id]);
    }
    // In SQL, so lastEdited stays as the leads seed made it.
    for (const [zoneId, ids] of byZone)
      await tx.$executeRaw`UPDATE "Lead" SET "zoneId" = ${zoneId} WHERE id = ANY(${ids}::text[])`;
  }

  if (!project || project.steps.length < AT_STEP.length) return;
  // The 20 newest unassigned leads and the 40 newest assigned ones, newest first: the newest stand at
  // the first step, the oldest furthest along.
  const open = (status: "UNASSIGNED" | "ASSIGNED", take: number) =>
    tx.lead.findMany({
      where: { branchId, status, duplicateOfId: null, customerId: null },
      orderBy: [{ enteredTime: "desc" }, { id: "asc" }],
      select: { id: true, enteredTime: true, personId: true },
      take,
    });
  const leads = [...(await open("UNASSIGNED", 20)), ...(await open("ASSIGNED", PIPELINE_LEADS - 20))].sort(
    (a, b) => b.enteredTime.getTime() - a.enteredTime.getTime() || a.id.localeCompare(b.id),
  );
  const now = clock.now().getTime();
  const threads: Prisma.ProjectThreadCreateManyInput[] = [];
  const activities: Prisma.ActivityCreateManyInput[] = [];
  let at = 0;
  leads.forEach((lead, n) => {
    while (at < AT_STEP.length - 1 && n >= AT_STEP.slice(0, at + 1).reduce((a, b) => a + b, 0)) at++;
    const threadId = id("7a11", n + 1);
    const start = lead.enteredTime.getTime() + 3_600_000;
    threads.push({ id: threadId, branchId, projectId: project.id, leadId: lead.id, createdAt: new Date(start) });
    for (let s = 0; s <= at; s++) {
      const step = project.steps[s]!;
      // Spread the steps between the lead's arrival and now, the current one the latest.
      const time = new Date(Math.min(now - 3_600_000, start + ((now - start) * s) / (at + 1)));
      const current = s === at;
      activities.push({
        id: id("ac71", activities.length + 1),
        branchId,
        threadId,
        stepId: step.id,
        subject: step.description,
        scheduledTime: current ? new Date(time.getTime() + ((n % 7) - 2) * DAY_MS) : time,
        lengthMinutes: step.defaultLengthMinutes,
        status: current ? "ACTIVE" : "RESOLVED",
        priorityId: project.defaultPriorityId,
        assignedPersonId: lead.personId ?? project.defaultPersonId,
        enteredTime: time,
        resolvedTime: current ? null : new Date(time.getTime() + 3_600_000),
      });
    }
  });
  await tx.projectThread.createMany({ data: threads });
  await tx.activity.createMany({ data: activities });
}
