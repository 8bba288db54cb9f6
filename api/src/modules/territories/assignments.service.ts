import { z } from "zod";
import type { Context } from "../../auth/context.ts";
import { AppError, badInput } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { parseInput } from "../../validation.ts";
import {
  bumpVersion,
  type DeleteOutcome,
  getUsage,
  requireZone,
  type ZoneRow,
  zoneInclude,
} from "./territories.service.ts";

// What is assigned to a zone (the persons holding a territory role there, its warehouse, its lead
// sources) and the territory roles themselves.

const roleName = z.string().trim().min(1, "Role name is required.").max(60, "Role name must be at most 60 characters.");

const loadZone = (ctx: Context, zoneId: string): Promise<ZoneRow> =>
  ctx.db.territoryZone.findUniqueOrThrow({ where: { id: zoneId }, include: zoneInclude });

async function requireRole(ctx: Context, roleId: string) {
  const role = await ctx.db.personTerritoryRole.findUnique({ where: { id: roleId } });
  if (!role) throw new AppError("NOT_FOUND", "Territory role not found.");
  return role;
}

// ───────────── persons in zones ─────────────

/** The persons holding `roleId` in the zone become exactly `personIds` (active employees of the branch). */
export async function setZonePersons(ctx: Context, zoneId: string, personIds: string[], roleId: string) {
  const zone = await requireZone(ctx.db, zoneId);
  await requireRole(ctx, roleId);
  const ids = [...new Set(personIds)];
  if (ids.length > 50) throw badInput("At most 50 persons can hold a role in one zone.");
  const people = await ctx.db.person.findMany({
    where: { id: { in: ids } },
    select: { id: true, inactive: true, firstName: true, lastName: true },
  });
  if (people.length !== ids.length) throw badInput("Some of the chosen persons do not exist.");
  const inactive = people.find((p) => p.inactive);
  if (inactive)
    throw badInput(`${inactive.firstName} ${inactive.lastName} is inactive and cannot hold a territory role.`);
  await ctx.db.$transaction(async (tx) => {
    await tx.territoryZonePerson.deleteMany({ where: { zoneId, roleId } });
    if (ids.length)
      await tx.territoryZonePerson.createMany({
        data: ids.map((personId) => ({ branchId: ctx.branch.id, zoneId, roleId, personId })),
      });
    await bumpVersion(tx, ctx, zone.mapId);
  });
  return loadZone(ctx, zoneId);
}

/** Removes who holds `roleId` in the zone (every role when no role is given). */
export async function clearTerritoryRelations(ctx: Context, zoneId: string, roleId?: string | null) {
  const zone = await requireZone(ctx.db, zoneId);
  if (roleId) await requireRole(ctx, roleId);
  await ctx.db.$transaction(async (tx) => {
    await tx.territoryZonePerson.deleteMany({ where: { zoneId, ...(roleId ? { roleId } : {}) } });
    await bumpVersion(tx, ctx, zone.mapId);
  });
  return loadZone(ctx, zoneId);
}

export type PersonnelRow = Prisma.TerritoryZonePersonGetPayload<{
  include: { person: true; role: true; zone: { include: { map: true } } };
}>;
const personnelInclude = { person: true, role: true, zone: { include: { map: true } } } as const;
const personnelOrder = [{ zone: { name: "asc" } }, { role: { name: "asc" } }] as const;

export async function personnelByMap(ctx: Context, mapId: string): Promise<PersonnelRow[]> {
  if (!(await ctx.db.territoryMap.findUnique({ where: { id: mapId } })))
    throw new AppError("NOT_FOUND", "Territory map not found.");
  return ctx.db.territoryZonePerson.findMany({
    where: { zone: { mapId } },
    include: personnelInclude,
    orderBy: [...personnelOrder],
  });
}

export async function personnelByZone(ctx: Context, zoneId: string): Promise<PersonnelRow[]> {
  await requireZone(ctx.db, zoneId);
  return ctx.db.territoryZonePerson.findMany({
    where: { zoneId },
    include: personnelInclude,
    orderBy: [...personnelOrder],
  });
}

/** A person's territory roles and zones, over every map. */
export async function personTerritories(ctx: Context, personId: string): Promise<PersonnelRow[]> {
  if (!(await ctx.db.person.findUnique({ where: { id: personId } })))
    throw new AppError("NOT_FOUND", "Person not found.");
  return ctx.db.territoryZonePerson.findMany({
    where: { personId },
    include: personnelInclude,
    orderBy: [{ zone: { map: { name: "asc" } } }, ...personnelOrder],
  });
}

// ───────────── warehouses and lead sources ─────────────

/** The zone's warehouse (an active one), or none when warehouseId is empty. */
export async function setZoneWarehouse(ctx: Context, input: { zoneId: string; warehouseId?: string | null }) {
  await requireZone(ctx.db, input.zoneId);
  if (input.warehouseId) {
    const w = await ctx.db.warehouse.findUnique({ where: { id: input.warehouseId } });
    if (!w) throw badInput("That warehouse does not exist.");
    if (w.inactive) throw badInput(`The warehouse "${w.name}" is inactive.`);
    await ctx.db.territoryZoneWarehouse.upsert({
      where: { zoneId: input.zoneId },
      create: { branchId: ctx.branch.id, zoneId: input.zoneId, warehouseId: w.id },
      update: { warehouseId: w.id },
    });
  } else await ctx.db.territoryZoneWarehouse.deleteMany({ where: { zoneId: input.zoneId } });
  return loadZone(ctx, input.zoneId);
}

export async function zoneWarehouseAssignments(ctx: Context, mapId: string) {
  if (!(await ctx.db.territoryMap.findUnique({ where: { id: mapId } })))
    throw new AppError("NOT_FOUND", "Territory map not found.");
  return ctx.db.territoryZoneWarehouse.findMany({ where: { zone: { mapId } }, include: { warehouse: true } });
}

const leadSources = z
  .array(
    z.object({
      sourceId: z
        .string()
        .trim()
        .min(1, "Every lead source needs an id.")
        .max(100, "Lead source ids are at most 100 characters."),
      sourceName: z.string().trim().max(100, "Lead source names are at most 100 characters.").optional().nullable(),
    }),
  )
  .max(100, "At most 100 lead sources per zone.");

/**
 * The zone's lead sources become exactly these. Lead sources are not stored entities yet (the lead
 * area brings them): the id is kept as given, with its name for display.
 */
export async function setZoneLeadSource(
  ctx: Context,
  input: { zoneId: string; leadSources: { sourceId: string; sourceName?: string | null }[] },
) {
  const sources = parseInput(leadSources, input.leadSources);
  await requireZone(ctx.db, input.zoneId);
  const unique = [...new Map(sources.map((s) => [s.sourceId, s])).values()];
  await ctx.db.$transaction(async (tx) => {
    await tx.territoryZoneLeadSource.deleteMany({ where: { zoneId: input.zoneId } });
    if (unique.length)
      await tx.territoryZoneLeadSource.createMany({
        data: unique.map((s) => ({
          branchId: ctx.branch.id,
          zoneId: input.zoneId,
          sourceId: s.sourceId,
          sourceName: s.sourceName || s.sourceId,
        })),
      });
  });
  return loadZone(ctx, input.zoneId);
}

export async function zoneLeadSourceAssignments(ctx: Context, mapId: string) {
  if (!(await ctx.db.territoryMap.findUnique({ where: { id: mapId } })))
    throw new AppError("NOT_FOUND", "Territory map not found.");
  return ctx.db.territoryZoneLeadSource.findMany({ where: { zone: { mapId } }, orderBy: { sourceName: "asc" } });
}

/** The lead sources of the zones of the map that assigns activities (none when no such map is set). */
export async function activityAssignmentZonesBySource(ctx: Context) {
  const { activityAssignmentMapId } = await getUsage(ctx);
  if (!activityAssignmentMapId) return [];
  return zoneLeadSourceAssignments(ctx, activityAssignmentMapId);
}

// ───────────── territory roles ─────────────

export async function listRoles(ctx: Context) {
  const roles = await ctx.db.personTerritoryRole.findMany({
    orderBy: { name: "asc" },
    include: { _count: { select: { zones: true } } },
  });
  return roles.map(({ _count, ...r }) => ({ ...r, assignmentCount: _count.zones }));
}

async function uniqueRoleName(ctx: Context, wanted: string, exceptId?: string) {
  const clash = await ctx.db.personTerritoryRole.findFirst({
    where: { name: { equals: wanted, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw new AppError("CONFLICT", `A territory role named "${clash.name}" already exists.`);
}

export async function createRole(ctx: Context, wanted: string) {
  const n = parseInput(roleName, wanted);
  await uniqueRoleName(ctx, n);
  const role = await ctx.db.personTerritoryRole.create({ data: { branchId: ctx.branch.id, name: n } });
  return { ...role, assignmentCount: 0 };
}

export async function updateRole(ctx: Context, input: { id: string; name: string }) {
  await requireRole(ctx, input.id);
  const n = parseInput(roleName, input.name);
  await uniqueRoleName(ctx, n, input.id);
  await ctx.db.personTerritoryRole.update({ where: { id: input.id }, data: { name: n } });
  return (await listRoles(ctx)).find((r) => r.id === input.id)!;
}

const ROLE_USAGE = {
  activityAssignmentRoleId: "assigns activities",
  workOrderAssignmentRoleId: "assigns work orders",
  appointmentAssignmentRoleId: "assigns appointments",
} as const;

export async function deleteRole(ctx: Context, id: string, confirm: boolean): Promise<DeleteOutcome> {
  const role = await requireRole(ctx, id);
  const usage = await getUsage(ctx);
  const keys = (Object.keys(ROLE_USAGE) as (keyof typeof ROLE_USAGE)[]).filter((k) => usage[k] === id);
  const holders = await ctx.db.territoryZonePerson.findMany({
    where: { roleId: id },
    select: { zone: { select: { mapId: true } } },
  });
  const uses = [
    ...keys.map((k) => `the map usage settings (the role that ${ROLE_USAGE[k]})`),
    ...(holders.length ? [`${holders.length} person assignment${holders.length === 1 ? "" : "s"} in zones`] : []),
  ];
  if (uses.length && !confirm)
    return {
      isSuccess: false,
      requiresConfirmation: true,
      uses,
      message: `The role "${role.name}" is in use: ${uses.join("; ")}. Confirm to delete it and remove those.`,
    };
  const mapIds = [...new Set(holders.map((h) => h.zone.mapId))];
  await ctx.db.$transaction(async (tx) => {
    if (keys.length) await tx.territoryMapUsage.updateMany({ data: Object.fromEntries(keys.map((k) => [k, null])) });
    await tx.personTerritoryRole.delete({ where: { id } }); // its zone assignments cascade
    for (const mapId of mapIds) await bumpVersion(tx, ctx, mapId);
  });
  return { isSuccess: true, requiresConfirmation: false, uses, message: `Deleted the role "${role.name}".` };
}
