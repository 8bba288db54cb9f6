import { GraphQLError, Kind, type ListValueNode, type ValueNode } from "graphql";
import { AppError } from "../../errors.ts";
import type { Person, PersonTerritoryRole } from "../../generated/prisma/client.ts";
import { builder, orKey, resultType } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { refusalAsResult } from "../../validation.ts";
import { WarehouseRef } from "../inventory/inventory.schema.ts";
import type { PersonnelRow } from "./assignments.service.ts";
import { coordinatesSizeRefusal, type ListItems, type ZoneGeometry } from "./geometry.ts";
import { type DeleteOutcome, getMap, type getUsage, type MapRow, type ZoneRow } from "./territories.service.ts";

// The GraphQL types of territory maps, zones, territory roles and assignments, and the permission
// scopes the territory fields declare: changes need TERRITORY_MANAGEMENT; reading needs it or MAPPING.

export const MANAGE = { permission: "TERRITORY_MANAGEMENT" } as const;
/** Reading maps: TERRITORY_MANAGEMENT or MAPPING (view maps). */
export const VIEW = { anyPermission: ["TERRITORY_MANAGEMENT", "MAPPING"] } as {
  anyPermission: ("TERRITORY_MANAGEMENT" | "MAPPING")[];
};

/** Reads are open to integrations too (API keys holding the same permissions); changes are people's. */
export const READ = orKey(VIEW);

/**
 * GeoJSON coordinates (nested arrays of numbers), passed through as JSON and checked by the services,
 * which count the points and rings from the lists' lengths before anything else (geometry.ts zoneSize).
 * A variable's value is passed on untouched: no work here, and no refusal either, because a scalar's
 * error makes the executor print the whole value into its message (a 40,000-point zone became a 600 KB
 * answer). A literal in the document is counted the same way before it is turned into arrays.
 */
const listNodeItems: ListItems = (v) =>
  (v as ValueNode | undefined)?.kind === Kind.LIST ? (v as ListValueNode).values : undefined;
export const GeoJsonCoordinates = builder.scalarType("GeoJSONCoordinates", {
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

export const ZoneGeometryRef = builder.objectRef<ZoneGeometry>("TerritoryZoneData").implement({
  description: "A zone's outline: a GeoJSON Polygon or MultiPolygon geometry.",
  fields: (t) => ({
    type: t.exposeString("type"),
    coordinates: t.field({ type: GeoJsonCoordinates, resolve: (g) => g.coordinates }),
  }),
});

export const ZoneGeometryInput = builder.inputType("TerritoryZoneDataInput", {
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
export const RoleRef = builder.objectRef<RoleRow>("PersonTerritoryRole").implement({
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
export const ZonePersonRef = builder.objectRef<ZonePersonRow>("TerritoryZonePerson").implement({
  fields: (t) => ({
    zoneId: t.exposeID("zoneId"),
    roleId: t.exposeID("roleId"),
    personId: t.exposeID("personId"),
    role: t.field({ type: RoleRef, resolve: (p) => p.role }),
    person: t.field({ type: TerritoryPersonRef, resolve: (p) => p.person }),
  }),
});

type LeadSourceRow = ZoneRow["leadSources"][number];
export const ZoneLeadSourceRef = builder.objectRef<LeadSourceRow>("ZoneLeadSourceAssignment").implement({
  description: "A lead source whose leads a zone takes (sourceId as the lead area names it).",
  fields: (t) => ({
    zoneId: t.exposeID("zoneId"),
    sourceId: t.exposeString("sourceId"),
    sourceName: t.exposeString("sourceName"),
  }),
});

type ZoneWarehouseRow = NonNullable<ZoneRow["warehouse"]>;
export const ZoneWarehouseRef = builder.objectRef<ZoneWarehouseRow>("ZoneWarehouseAssignment").implement({
  fields: (t) => ({
    zoneId: t.exposeID("zoneId"),
    warehouseId: t.exposeID("warehouseId"),
    warehouseExternalId: t.string({ resolve: (w) => w.warehouse.externalId }),
    warehouse: t.field({ type: WarehouseRef, resolve: (w) => w.warehouse }),
  }),
});

export const ZoneRef = builder.objectRef<ZoneRow>("TerritoryZone").implement({
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

export const MapRef = builder.objectRef<MapRow>("TerritoryMap").implement({
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

export const PersonnelRef = builder.objectRef<PersonnelRow>("TerritoryPersonnel").implement({
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
export const UsageRef = builder.objectRef<Usage>("TerritoryMapsUsage").implement({
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

export const DeleteOutcomeRef = resultType<DeleteOutcome>(
  "TerritoryDeleteResult",
  (t) => ({
    requiresConfirmation: t.exposeBoolean("requiresConfirmation"),
    uses: t.exposeStringList("uses"),
  }),
  {
    description:
      "isSuccess false with requiresConfirmation when something uses the record (listed in uses); call again with confirm: true to delete it and remove those.",
  },
);

export const ResultRef2 = resultType("TerritoryAssignmentsResult");

type Match = { zone: ZoneRow | null; personIds: readonly string[] };
export const MatchRef = builder.objectRef<Match>("TerritoryZoneMatch").implement({
  fields: (t) => ({
    zone: t.field({ type: ZoneRef, nullable: true, resolve: (m) => m.zone }),
    personIds: t.idList({ description: "Who holds the asked role in that zone.", resolve: (m) => [...m.personIds] }),
  }),
});

type Basemap = { styleUrl: string | null; pmtilesUrl: string | null; customerPoints: [number, number][] };
export const BasemapRef = builder.objectRef<Basemap>("TerritoryBasemap").implement({
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

export const refusedDelete = (message: string): DeleteOutcome => ({
  isSuccess: false,
  requiresConfirmation: false,
  uses: [],
  message,
});

/** A delete's answer: a refusal the user can act on (bad input, conflict) comes back as isSuccess false. */
export const asDeleteOutcome = (run: () => Promise<DeleteOutcome>) => refusalAsResult(run, refusedDelete);

type MutationFields = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

/**
 * Deleting a record that other records may use (a map, a territory role): refused, with what uses it,
 * unless confirm is true; then those uses are removed with it.
 */
export const confirmedDeleteField = (
  t: MutationFields,
  remove: (ctx: Context, id: string, confirm: boolean) => Promise<DeleteOutcome>,
) =>
  t.field({
    type: DeleteOutcomeRef,
    authScopes: MANAGE,
    args: {
      id: t.arg.id({ required: true }),
      confirm: t.arg.boolean({
        required: false,
        description: "Delete even when something uses it, removing those uses.",
      }),
    },
    resolve: (_r, a, ctx) => asDeleteOutcome(() => remove(ctx, String(a.id), !!a.confirm)),
  });
