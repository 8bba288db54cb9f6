import { builder } from "../../pothos/builder.ts";
import {
  clearTerritoryRelations,
  createRole,
  deleteRole,
  setZoneLeadSource,
  setZonePersons,
  setZoneWarehouse,
  updateRole,
} from "./assignments.service.ts";
import {
  asDeleteOutcome,
  confirmedDeleteField,
  DeleteOutcomeRef,
  MANAGE,
  RoleRef,
  ZoneGeometryInput,
  ZoneRef,
} from "./territories.types.ts";
import { addZone, deleteZone, updateZone, updateZones } from "./zones.service.ts";

// A map's zones, who and what is assigned to them, and territory roles (changes need TERRITORY_MANAGEMENT).

const AddZoneInput = builder.inputType("AddTerritoryZoneInput", {
  fields: (t) => ({
    mapId: t.id({ required: true }),
    name: t.string({ required: true }),
    description: t.string(),
    color: t.string({ description: "#rrggbb" }),
    data: t.field({ type: ZoneGeometryInput, required: true }),
  }),
});

const UpdateZoneInput = builder.inputType("UpdateTerritoryZoneInput", {
  description: "Fields left out stay as they are.",
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
    description: t.string(),
    color: t.string(),
    sortOrder: t.int(),
    data: t.field({ type: ZoneGeometryInput }),
  }),
});

const BulkZoneInput = builder.inputType("TerritoryZoneBulkItemInput", {
  description: "With an id: that zone is changed; without: a zone is added (name and data required).",
  fields: (t) => ({
    id: t.id(),
    name: t.string(),
    description: t.string(),
    color: t.string(),
    sortOrder: t.int(),
    data: t.field({ type: ZoneGeometryInput }),
  }),
});

const UpdateZonesInput = builder.inputType("UpdateTerritoryZonesInput", {
  fields: (t) => ({
    mapId: t.id({ required: true }),
    zones: t.field({ type: [BulkZoneInput], required: true }),
  }),
});

const DeleteZoneInput = builder.inputType("DeleteTerritoryZoneInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    confirm: t.boolean({ description: "Delete even when something uses the zone, removing those uses." }),
  }),
});

const ZoneWarehouseInput = builder.inputType("SetZoneWarehouseInput", {
  fields: (t) => ({ zoneId: t.id({ required: true }), warehouseId: t.id({ description: "Empty: no warehouse." }) }),
});

const LeadSourceInput = builder.inputType("ZoneLeadSourceInput", {
  fields: (t) => ({ sourceId: t.string({ required: true }), sourceName: t.string() }),
});

const ZoneLeadSourceInput = builder.inputType("SetZoneLeadSourceInput", {
  description: "The zone's lead sources become exactly these.",
  fields: (t) => ({
    zoneId: t.id({ required: true }),
    leadSources: t.field({ type: [LeadSourceInput], required: true }),
  }),
});

const UpdateRoleInput = builder.inputType("UpdatePersonTerritoryRoleInput", {
  fields: (t) => ({ id: t.id({ required: true }), name: t.string({ required: true }) }),
});

builder.mutationFields((t) => ({
  addTerritoryZone: t.field({
    type: ZoneRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: AddZoneInput, required: true }) },
    resolve: (_r, a, ctx) => addZone(ctx, { ...a.input, mapId: String(a.input.mapId) }),
  }),
  updateTerritoryZone: t.field({
    type: ZoneRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: UpdateZoneInput, required: true }) },
    resolve: (_r, a, ctx) => updateZone(ctx, { ...a.input, id: String(a.input.id) }),
  }),
  updateTerritoryZones: t.field({
    type: [ZoneRef],
    description: "Changes and adds several zones of one map at once (e.g. a GeoJSON import); all or nothing.",
    authScopes: MANAGE,
    args: { input: t.arg({ type: UpdateZonesInput, required: true }) },
    resolve: (_r, a, ctx) =>
      updateZones(ctx, {
        mapId: String(a.input.mapId),
        zones: a.input.zones.map((z) => ({ ...z, id: z.id == null ? null : String(z.id) })),
      }),
  }),
  deleteTerritoryZone: t.field({
    type: DeleteOutcomeRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: DeleteZoneInput, required: true }) },
    resolve: (_r, a, ctx) => asDeleteOutcome(() => deleteZone(ctx, String(a.input.id), !!a.input.confirm)),
  }),
  setZoneWarehouse: t.field({
    type: ZoneRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: ZoneWarehouseInput, required: true }) },
    resolve: (_r, a, ctx) =>
      setZoneWarehouse(ctx, {
        zoneId: String(a.input.zoneId),
        warehouseId: a.input.warehouseId ? String(a.input.warehouseId) : null,
      }),
  }),
  setZoneLeadSource: t.field({
    type: ZoneRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: ZoneLeadSourceInput, required: true }) },
    resolve: (_r, a, ctx) => setZoneLeadSource(ctx, { ...a.input, zoneId: String(a.input.zoneId) }),
  }),
  setZonePersons: t.field({
    type: ZoneRef,
    description: "The persons holding the role in the zone become exactly personIds.",
    authScopes: MANAGE,
    args: {
      zoneId: t.arg.id({ required: true }),
      personIds: t.arg.idList({ required: true }),
      roleId: t.arg.id({ required: true }),
    },
    resolve: (_r, a, ctx) => setZonePersons(ctx, String(a.zoneId), a.personIds.map(String), String(a.roleId)),
  }),
  clearTerritoryRelations: t.field({
    type: ZoneRef,
    description: "Removes who holds the role in the zone (every role when roleId is left out).",
    authScopes: MANAGE,
    args: { zoneId: t.arg.id({ required: true }), roleId: t.arg.id({ required: false }) },
    resolve: (_r, a, ctx) => clearTerritoryRelations(ctx, String(a.zoneId), a.roleId ? String(a.roleId) : null),
  }),
  createPersonTerritoryRole: t.field({
    type: RoleRef,
    authScopes: MANAGE,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => createRole(ctx, a.name),
  }),
  updatePersonTerritoryRole: t.field({
    type: RoleRef,
    authScopes: MANAGE,
    args: { input: t.arg({ type: UpdateRoleInput, required: true }) },
    resolve: (_r, a, ctx) => updateRole(ctx, { id: String(a.input.id), name: a.input.name }),
  }),
  deletePersonTerritoryRole: confirmedDeleteField(t, deleteRole),
}));
