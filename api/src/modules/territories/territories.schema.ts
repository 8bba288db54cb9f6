import { builder } from "../../pothos/builder.ts";
import { WarehouseRef } from "../inventory/inventory.schema.ts";
import {
  activityAssignmentZonesBySource,
  listRoles,
  personnelByMap,
  personnelByZone,
  personTerritories,
  zoneLeadSourceAssignments,
  zoneWarehouseAssignments,
} from "./assignments.service.ts";
import { BASEMAP_PATH } from "./basemap.ts";
import { customerPoints, updateMapAssignments, zoneIndex } from "./lookups.service.ts";
import {
  activityAssignmentMap,
  addMap,
  deleteMap,
  duplicateMap,
  editMap,
  editUsage,
  getMap,
  getUsage,
  listMaps,
} from "./territories.service.ts";
import {
  BasemapRef,
  confirmedDeleteField,
  MANAGE,
  MapRef,
  MatchRef,
  PersonnelRef,
  READ,
  ResultRef2,
  RoleRef,
  TerritoryPersonRef,
  UsageRef,
  ZoneLeadSourceRef,
  ZoneWarehouseRef,
} from "./territories.types.ts";
import "./zones.schema.ts";
import "./zone-import.schema.ts";

// Territory maps, zones, territory roles and what is assigned to zones. Changes need TERRITORY_MANAGEMENT; reading needs it or MAPPING; a person's
// territories may also be read with PERSONNEL_MANAGEMENT (the personnel page shows them). This file: the
// reads and the maps' own changes; zones.schema.ts: zones, their assignments and territory roles;
// zone-import.schema.ts: GeoJSON import with preview and undo; territories.types.ts: the types.

builder.queryFields((t) => ({
  territoryMaps: t.field({ type: [MapRef], authScopes: READ, resolve: (_r, _a, ctx) => listMaps(ctx) }),
  territoryMap: t.field({
    type: MapRef,
    authScopes: READ,
    args: { mapId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => getMap(ctx, String(a.mapId)),
  }),
  territoryPersonnelByMap: t.field({
    type: [PersonnelRef],
    authScopes: READ,
    args: { mapId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => personnelByMap(ctx, String(a.mapId)),
  }),
  territoryPersonnelByZone: t.field({
    type: [PersonnelRef],
    authScopes: READ,
    args: { zoneId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => personnelByZone(ctx, String(a.zoneId)),
  }),
  personTerritories: t.field({
    type: [PersonnelRef],
    description: "A person's territory roles and zones over every map.",
    authScopes: { anyPermission: ["TERRITORY_MANAGEMENT", "MAPPING", "PERSONNEL_MANAGEMENT"] },
    args: { personId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => personTerritories(ctx, String(a.personId)),
  }),
  zoneWarehouseAssignments: t.field({
    type: [ZoneWarehouseRef],
    authScopes: READ,
    args: { mapId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => zoneWarehouseAssignments(ctx, String(a.mapId)),
  }),
  zoneLeadSourceAssignments: t.field({
    type: [ZoneLeadSourceRef],
    authScopes: READ,
    args: { mapId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => zoneLeadSourceAssignments(ctx, String(a.mapId)),
  }),
  territoryMapsUsage: t.field({ type: UsageRef, authScopes: READ, resolve: (_r, _a, ctx) => getUsage(ctx) }),
  activityAssignmentMap: t.field({
    type: MapRef,
    nullable: true,
    description: "The map that assigns activities, with its territoryZones (null when none is set).",
    authScopes: READ,
    resolve: (_r, _a, ctx) => activityAssignmentMap(ctx),
  }),
  activityAssignmentZonesBySource: t.field({
    type: [ZoneLeadSourceRef],
    description: "The lead sources of the zones of the map that assigns activities.",
    authScopes: READ,
    resolve: (_r, _a, ctx) => activityAssignmentZonesBySource(ctx),
  }),
  personTerritoryRoles: t.field({ type: [RoleRef], authScopes: READ, resolve: (_r, _a, ctx) => listRoles(ctx) }),
  territoryZoneForPoint: t.field({
    type: MatchRef,
    description: "The zone of a map that contains the point, and who holds the role there (the lookup service).",
    authScopes: READ,
    args: {
      mapId: t.arg.id({ required: true }),
      latitude: t.arg.float({ required: true }),
      longitude: t.arg.float({ required: true }),
      roleId: t.arg.id({ required: false }),
    },
    resolve: async (_r, a, ctx) => {
      const index = await zoneIndex(ctx, String(a.mapId));
      const hit = index.zoneAt(a.longitude, a.latitude);
      if (!hit) return { zone: null, personIds: [] };
      const zone = (await getMap(ctx, String(a.mapId))).zones!.find((z) => z.id === hit.id) ?? null;
      return { zone, personIds: a.roleId ? index.holdersOf(hit.id, String(a.roleId)) : [] };
    },
  }),
  territoryPersonOptions: t.field({
    type: [TerritoryPersonRef],
    description: "Active employees who can be put in zones.",
    authScopes: READ,
    resolve: (_r, _a, ctx) =>
      ctx.db.person.findMany({ where: { inactive: false }, orderBy: [{ lastName: "asc" }, { firstName: "asc" }] }),
  }),
  territoryWarehouseOptions: t.field({
    type: [WarehouseRef],
    description: "Active warehouses a zone can be given.",
    authScopes: READ,
    resolve: (_r, _a, ctx) => ctx.db.warehouse.findMany({ where: { inactive: false }, orderBy: { name: "asc" } }),
  }),
  territoryBasemap: t.field({
    type: BasemapRef,
    authScopes: READ,
    resolve: async (_r, _a, ctx) => ({
      styleUrl: ctx.runtime.config.MAP_STYLE_URL ?? null,
      pmtilesUrl: ctx.runtime.config.MAP_PMTILES_PATH ? BASEMAP_PATH : null,
      customerPoints: await customerPoints(ctx),
    }),
  }),
}));

const EditMapInput = builder.inputType("EditTerritoryMapInput", {
  fields: (t) => ({ id: t.id({ required: true }), name: t.string(), description: t.string() }),
});

const UsageInput = builder.inputType("EditTerritoryMapUsageInput", {
  description: "Fields left out stay as they are; null clears one.",
  fields: (t) => ({
    activityAssignmentMapId: t.id(),
    activityAssignmentRoleId: t.id(),
    workOrderAssignmentMapId: t.id(),
    workOrderAssignmentRoleId: t.id(),
    appointmentAssignmentRoleId: t.id(),
    warehouseMapId: t.id(),
  }),
});

builder.mutationFields((t) => ({
  addTerritoryMap: t.field({
    type: MapRef,
    authScopes: MANAGE,
    args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: false }) },
    resolve: (_r, a, ctx) => addMap(ctx, a),
  }),
  duplicateTerritoryMap: t.field({
    type: MapRef,
    description:
      'A copy of the map with its zones and their assignments; named "<name> (copy)" unless a name is given.',
    authScopes: MANAGE,
    args: { mapId: t.arg.id({ required: true }), name: t.arg.string({ required: false }) },
    resolve: (_r, a, ctx) => duplicateMap(ctx, String(a.mapId), a.name),
  }),
  editTerritoryMap: t.field({
    type: MapRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: EditMapInput, required: true }) },
    resolve: (_r, a, ctx) => editMap(ctx, { ...a.input, id: String(a.input.id) }),
  }),
  deleteTerritoryMap: confirmedDeleteField(t, deleteMap),
  editTerritoryMapUsage: t.field({
    type: UsageRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: UsageInput, required: true }) },
    resolve: (_r, a, ctx) =>
      editUsage(
        ctx,
        Object.fromEntries(
          Object.entries(a.input).map(([k, v]) => [k, v === undefined ? undefined : v === null ? null : String(v)]),
        ),
      ),
  }),
  updateTerritoryMapAssignments: t.field({
    type: ResultRef2,
    description: "Recomputes which zone of the map each geolocated service address lies in.",
    authScopes: MANAGE,
    args: { mapId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => updateMapAssignments(ctx, String(a.mapId)),
  }),
}));
