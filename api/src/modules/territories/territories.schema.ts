import { GraphQLError, Kind, type ListValueNode, type ValueNode } from "graphql";
import { AppError } from "../../errors.ts";
import type { Person, PersonTerritoryRole } from "../../generated/prisma/client.ts";
import { builder, orKey } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { WarehouseRef } from "../inventory/inventory.schema.ts";
import {
  activityAssignmentZonesBySource,
  clearTerritoryRelations,
  createRole,
  deleteRole,
  listRoles,
  type PersonnelRow,
  personnelByMap,
  personnelByZone,
  personTerritories,
  setZoneLeadSource,
  setZonePersons,
  setZoneWarehouse,
  updateRole,
  zoneLeadSourceAssignments,
  zoneWarehouseAssignments,
} from "./assignments.service.ts";
import { BASEMAP_PATH } from "./basemap.ts";
import { coordinatesSizeRefusal, type ListItems, type ZoneGeometry } from "./geometry.ts";
import {
  activityAssignmentMap,
  addMap,
  addZone,
  customerPoints,
  type DeleteOutcome,
  deleteMap,
  deleteZone,
  duplicateMap,
  editMap,
  editUsage,
  getMap,
  getUsage,
  listMaps,
  type MapRow,
  updateMapAssignments,
  updateZone,
  updateZones,
  type ZoneRow,
  zoneIndex,
} from "./territories.service.ts";

// Territory maps, zones, territory roles and what is assigned to zones. Changes need TERRITORY_MANAGEMENT; reading needs it or MAPPING; a person's
// territories may also be read with PERSONNEL_MANAGEMENT (the personnel page shows them).

const MANAGE = { permission: "TERRITORY_MANAGEMENT" } as const;
/** Reading maps: TERRITORY_MANAGEMENT or MAPPING (view maps). */
const VIEW = { anyPermission: ["TERRITORY_MANAGEMENT", "MAPPING"] } as {
  anyPermission: ("TERRITORY_MANAGEMENT" | "MAPPING")[];
};

/** Reads are open to integrations too (API keys holding the same permissions); changes are people's. */
const READ = orKey(VIEW);

/**
 * GeoJSON coordinates (nested arrays of numbers), passed through as JSON and checked by the services,
 * which count the points and rings from the lists' lengths before anything else (geometry.ts zoneSize).
 * A variable's value is passed on untouched: no work here, and no refusal either, because a scalar's
 * error makes the executor print the whole value into its message (a 40,000-point zone became a 600 KB
 * answer). A literal in the document is counted the same way before it is turned into arrays.
 */
const listNodeItems: ListItems = (v) =>
  (v as ValueNode | undefined)?.kind === Kind.LIST ? (v as ListValueNode).values : undefined;
const GeoJsonCoordinates = builder.scalarType("GeoJSONCoordinates", {
  description: "GeoJSON coordinates: nested arrays of [longitude, latitude] numbers.",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (node: ValueNode): unknown => {
    const refusal = coordinatesSizeRefusal(node, listNodeItems);
    if (refusal) throw new AppError("BAD_USER_INPUT", refusal);
    const literal = (n: ValueNode): unknown => {
      switch (n.kind) {
        case Kind.LIST:
          return n.values.map(literal);
        case Kind.INT:
        case Kind.FLOAT:
          return Number(n.value);
        default:
          throw new GraphQLError("GeoJSON coordinates must be nested lists of numbers.");
      }
    };
    return literal(node);
  },
});

const ZoneGeometryRef = builder.objectRef<ZoneGeometry>("TerritoryZoneData").implement({
  description: "A zone's outline: a GeoJSON Polygon or MultiPolygon geometry.",
  fields: (t) => ({
    type: t.exposeString("type"),
    coordinates: t.field({ type: GeoJsonCoordinates, resolve: (g) => g.coordinates }),
  }),
});

const ZoneGeometryInput = builder.inputType("TerritoryZoneDataInput", {
  fields: (t) => ({
    type: t.string({ required: true, description: "Polygon or MultiPolygon." }),
    coordinates: t.field({ type: GeoJsonCoordinates, required: true }),
  }),
});

export const TerritoryPersonRef = builder.objectRef<Person>("TerritoryPerson").implement({
  description: "An employee as territory screens show them.",
  fields: (t) => ({
    id: t.exposeID("id"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    fullName: t.string({ resolve: (p) => `${p.firstName} ${p.lastName}`.trim() }),
    jobTitle: t.exposeString("jobTitle"),
    inactive: t.exposeBoolean("inactive"),
  }),
});

type RoleRow = PersonTerritoryRole & { assignmentCount?: number };
const RoleRef = builder.objectRef<RoleRow>("PersonTerritoryRole").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    assignmentCount: t.int({
      description: "In how many zones someone holds this role.",
      resolve: (r) => r.assignmentCount ?? 0,
    }),
  }),
});

type ZonePersonRow = ZoneRow["persons"][number];
const ZonePersonRef = builder.objectRef<ZonePersonRow>("TerritoryZonePerson").implement({
  fields: (t) => ({
    zoneId: t.exposeID("zoneId"),
    roleId: t.exposeID("roleId"),
    personId: t.exposeID("personId"),
    role: t.field({ type: RoleRef, resolve: (p) => p.role }),
    person: t.field({ type: TerritoryPersonRef, resolve: (p) => p.person }),
  }),
});

type LeadSourceRow = ZoneRow["leadSources"][number];
const ZoneLeadSourceRef = builder.objectRef<LeadSourceRow>("ZoneLeadSourceAssignment").implement({
  description: "A lead source whose leads a zone takes (sourceId as the lead area names it).",
  fields: (t) => ({
    zoneId: t.exposeID("zoneId"),
    sourceId: t.exposeString("sourceId"),
    sourceName: t.exposeString("sourceName"),
  }),
});

type ZoneWarehouseRow = NonNullable<ZoneRow["warehouse"]>;
const ZoneWarehouseRef = builder.objectRef<ZoneWarehouseRow>("ZoneWarehouseAssignment").implement({
  fields: (t) => ({
    zoneId: t.exposeID("zoneId"),
    warehouseId: t.exposeID("warehouseId"),
    warehouseExternalId: t.string({ resolve: (w) => w.warehouse.externalId }),
    warehouse: t.field({ type: WarehouseRef, resolve: (w) => w.warehouse }),
  }),
});

const ZoneRef = builder.objectRef<ZoneRow>("TerritoryZone").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    mapId: t.exposeID("mapId"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    color: t.exposeString("color"),
    sortOrder: t.exposeInt("sortOrder"),
    data: t.field({ type: ZoneGeometryRef, resolve: (z) => z.data as unknown as ZoneGeometry }),
    warehouse: t.field({ type: WarehouseRef, nullable: true, resolve: (z) => z.warehouse?.warehouse ?? null }),
    leadSources: t.field({ type: [ZoneLeadSourceRef], resolve: (z) => z.leadSources }),
    persons: t.field({ type: [ZonePersonRef], resolve: (z) => z.persons }),
  }),
});

const MapRef = builder.objectRef<MapRow>("TerritoryMap").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    zoneCount: t.int({
      resolve: async (m, _a, ctx) => m.zoneCount ?? m.zones?.length ?? (await getMap(ctx, m.id)).zones!.length,
    }),
    territoryZones: t.field({
      type: [ZoneRef],
      resolve: async (m, _a, ctx) => m.zones ?? (await getMap(ctx, m.id)).zones ?? [],
    }),
  }),
});

const PersonnelRef = builder.objectRef<PersonnelRow>("TerritoryPersonnel").implement({
  description: "A person holding a territory role in a zone.",
  fields: (t) => ({
    mapId: t.id({ resolve: (r) => r.zone.mapId }),
    mapName: t.string({ resolve: (r) => r.zone.map.name }),
    zoneId: t.exposeID("zoneId"),
    zoneName: t.string({ resolve: (r) => r.zone.name }),
    zoneColor: t.string({ resolve: (r) => r.zone.color }),
    roleId: t.exposeID("roleId"),
    roleName: t.string({ resolve: (r) => r.role.name }),
    personId: t.exposeID("personId"),
    person: t.field({ type: TerritoryPersonRef, resolve: (r) => r.person }),
  }),
});

type Usage = Awaited<ReturnType<typeof getUsage>>;
const UsageRef = builder.objectRef<Usage>("TerritoryMapsUsage").implement({
  description:
    "Which map and territory role assign activities, work orders and appointments; which map picks warehouses.",
  fields: (t) => ({
    activityAssignmentMapId: t.exposeID("activityAssignmentMapId", { nullable: true }),
    activityAssignmentRoleId: t.exposeID("activityAssignmentRoleId", { nullable: true }),
    workOrderAssignmentMapId: t.exposeID("workOrderAssignmentMapId", { nullable: true }),
    workOrderAssignmentRoleId: t.exposeID("workOrderAssignmentRoleId", { nullable: true }),
    appointmentAssignmentRoleId: t.exposeID("appointmentAssignmentRoleId", { nullable: true }),
    warehouseMapId: t.exposeID("warehouseMapId", { nullable: true }),
  }),
});

const DeleteOutcomeRef = builder.objectRef<DeleteOutcome>("TerritoryDeleteResult").implement({
  description:
    "isSuccess false with requiresConfirmation when something uses the record (listed in uses); call again with confirm: true to delete it and remove those.",
  fields: (t) => ({
    isSuccess: t.exposeBoolean("isSuccess"),
    message: t.exposeString("message"),
    requiresConfirmation: t.exposeBoolean("requiresConfirmation"),
    uses: t.exposeStringList("uses"),
  }),
});

const ResultRef2 = builder.objectRef<{ isSuccess: boolean; message: string }>("TerritoryAssignmentsResult").implement({
  fields: (t) => ({ isSuccess: t.exposeBoolean("isSuccess"), message: t.exposeString("message") }),
});

type Match = { zone: ZoneRow | null; personIds: readonly string[] };
const MatchRef = builder.objectRef<Match>("TerritoryZoneMatch").implement({
  fields: (t) => ({
    zone: t.field({ type: ZoneRef, nullable: true, resolve: (m) => m.zone }),
    personIds: t.idList({ description: "Who holds the asked role in that zone.", resolve: (m) => [...m.personIds] }),
  }),
});

type Basemap = { styleUrl: string | null; pmtilesUrl: string | null; customerPoints: [number, number][] };
const BasemapRef = builder.objectRef<Basemap>("TerritoryBasemap").implement({
  description:
    "What the map page draws under the zones: a hosted style (MAP_STYLE_URL), a local PMTiles archive (MAP_PMTILES_PATH), or neither (the built-in offline basemap), plus the branch's customer points.",
  fields: (t) => ({
    styleUrl: t.exposeString("styleUrl", { nullable: true }),
    pmtilesUrl: t.exposeString("pmtilesUrl", { nullable: true }),
    customerPoints: t.field({
      type: GeoJsonCoordinates,
      description: "[longitude, latitude] of every geolocated active service address.",
      resolve: (b) => b.customerPoints,
    }),
  }),
});

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

const refusedDelete = (message: string): DeleteOutcome => ({
  isSuccess: false,
  requiresConfirmation: false,
  uses: [],
  message,
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
  deleteTerritoryMap: t.field({
    type: DeleteOutcomeRef,
    authScopes: MANAGE,
    args: {
      id: t.arg.id({ required: true }),
      confirm: t.arg.boolean({
        required: false,
        description: "Delete even when something uses it, removing those uses.",
      }),
    },
    resolve: (_r, a, ctx) => refusalAsResult(() => deleteMap(ctx, String(a.id), !!a.confirm), refusedDelete),
  }),
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
    resolve: (_r, a, ctx) =>
      refusalAsResult(() => deleteZone(ctx, String(a.input.id), !!a.input.confirm), refusedDelete),
  }),
  updateTerritoryMapAssignments: t.field({
    type: ResultRef2,
    description: "Recomputes which zone of the map each geolocated service address lies in.",
    authScopes: MANAGE,
    args: { mapId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => updateMapAssignments(ctx, String(a.mapId)),
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
  deletePersonTerritoryRole: t.field({
    type: DeleteOutcomeRef,
    authScopes: MANAGE,
    args: {
      id: t.arg.id({ required: true }),
      confirm: t.arg.boolean({
        required: false,
        description: "Delete even when something uses it, removing those uses.",
      }),
    },
    resolve: (_r, a, ctx) => refusalAsResult(() => deleteRole(ctx, String(a.id), !!a.confirm), refusedDelete),
  }),
}));
