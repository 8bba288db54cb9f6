import { seededRandom } from "../../db/seed-tools.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { ZoneGeometry } from "./geometry.ts";

// Demo territories on the demo branch (Austin, TX, where the demo customers' service addresses are):
// a "Service areas" map of 6 zones covering the customers, each with a driver, a warehouse and lead
// sources, and a "Sales territories" map of 3 bands with the sales people (when the demo has any).
// The usage settings use them: service areas assign work orders and pick warehouses, sales
// territories assign activities and appointments. Fixed data and ids from a fixed-seed generator, so
// every run is alike.

type Tx = Prisma.TransactionClient;

/** A closed ring through the given [lng, lat] corners. */
const ring = (...pts: [number, number][]): ZoneGeometry => ({ type: "Polygon", coordinates: [[...pts, pts[0]!]] });

// Borders shared by neighbours use the same points, so the zones tile the area without gaps.
const W = -97.9;
const MID_N = -97.745;
const MID_S = -97.775;
const E = -97.63;
const N = 30.46;
const MIDLAT_N = 30.33;
const MIDLAT_S = 30.255;
const S = 30.12;

export const DEMO_SERVICE_AREAS: {
  name: string;
  color: string;
  geometry: ZoneGeometry;
  warehouse: "main" | "depot";
}[] = [
  {
    name: "Northwest Hills",
    color: "#2563eb",
    warehouse: "depot",
    geometry: ring([W, MIDLAT_N], [W, 30.4], [-97.86, N], [MID_N, N], [MID_N, 30.39], [MID_N, MIDLAT_N]),
  },
  {
    name: "North Austin",
    color: "#16a34a",
    warehouse: "depot",
    geometry: ring([MID_N, MIDLAT_N], [MID_N, 30.39], [MID_N, N], [-97.67, N], [E, 30.41], [E, MIDLAT_N]),
  },
  {
    name: "West Lake & Central West",
    color: "#9333ea",
    warehouse: "main",
    geometry: ring([W, MIDLAT_S], [W, MIDLAT_N], [MID_N, MIDLAT_N], [MID_N, 30.29], [MID_S, MIDLAT_S]),
  },
  {
    name: "Central & East",
    color: "#ea580c",
    warehouse: "main",
    geometry: ring([MID_S, MIDLAT_S], [MID_N, 30.29], [MID_N, MIDLAT_N], [E, MIDLAT_N], [E, MIDLAT_S]),
  },
  {
    name: "Southwest",
    color: "#0891b2",
    warehouse: "main",
    geometry: ring([W, S], [W, MIDLAT_S], [MID_S, MIDLAT_S], [-97.8, 30.2], [MID_S, S]),
  },
  {
    name: "South Austin",
    color: "#dc2626",
    warehouse: "main",
    geometry: ring([MID_S, S], [-97.8, 30.2], [MID_S, MIDLAT_S], [E, MIDLAT_S], [E, S]),
  },
];

export const DEMO_SALES_TERRITORIES: { name: string; color: string; geometry: ZoneGeometry }[] = [
  { name: "North sales", color: "#0d9488", geometry: ring([W, 30.35], [W, N], [E, N], [E, 30.35]) },
  { name: "Central sales", color: "#ca8a04", geometry: ring([W, 30.24], [W, 30.35], [E, 30.35], [E, 30.24]) },
  { name: "South sales", color: "#be185d", geometry: ring([W, S], [W, 30.24], [E, 30.24], [E, S]) },
];

const LEAD_SOURCES = [
  { sourceId: "website", sourceName: "Website" },
  { sourceId: "referral", sourceName: "Customer referral" },
  { sourceId: "door-hanger", sourceName: "Door hanger" },
  { sourceId: "costco", sourceName: "Costco road show" },
  { sourceId: "trade-show", sourceName: "Home & garden show" },
  { sourceId: "phone", sourceName: "Phone-in" },
];

export async function seedTerritories(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const uuid = seededRandom(9_0520).uuid;
  const [drivers, sales, warehouses] = await Promise.all([
    tx.person.findMany({
      where: { branchId, inactive: false, jobTitle: { contains: "Driver", mode: "insensitive" } },
      orderBy: [{ jobTitle: "asc" }, { lastName: "asc" }, { firstName: "asc" }],
    }),
    tx.person.findMany({
      where: { branchId, inactive: false, jobTitle: { contains: "Sales", mode: "insensitive" } },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    }),
    tx.warehouse.findMany({ where: { branchId }, orderBy: { name: "asc" } }),
  ]);
  const main = warehouses.find((w) => w.externalId === "WH-01") ?? warehouses[0];
  const depot = warehouses.find((w) => w.externalId === "WH-02") ?? main;

  const driverRole = { id: uuid(), branchId, name: "Driver" };
  const salesRole = { id: uuid(), branchId, name: "Sales rep" };
  const installerRole = { id: uuid(), branchId, name: "Installer" };
  await tx.personTerritoryRole.createMany({ data: [driverRole, salesRole, installerRole] });

  const serviceMap = {
    id: uuid(),
    branchId,
    name: "Service areas",
    description: "Delivery zones: who drives each one and which warehouse stocks it.",
  };
  const salesMap = {
    id: uuid(),
    branchId,
    name: "Sales territories",
    description: "Sales reps' territories for new leads and appointments.",
  };
  await tx.territoryMap.createMany({ data: [serviceMap, salesMap] });

  const zones: Prisma.TerritoryZoneCreateManyInput[] = [];
  const persons: Prisma.TerritoryZonePersonCreateManyInput[] = [];
  const zoneWarehouses: Prisma.TerritoryZoneWarehouseCreateManyInput[] = [];
  const sources: Prisma.TerritoryZoneLeadSourceCreateManyInput[] = [];
  DEMO_SERVICE_AREAS.forEach((z, i) => {
    const id = uuid();
    zones.push({ id, branchId, mapId: serviceMap.id, name: z.name, color: z.color, data: z.geometry, sortOrder: i });
    const driver = drivers[i % Math.max(drivers.length, 1)];
    if (driver) persons.push({ id: uuid(), branchId, zoneId: id, roleId: driverRole.id, personId: driver.id });
    const w = z.warehouse === "depot" ? depot : main;
    if (w) zoneWarehouses.push({ zoneId: id, branchId, warehouseId: w.id });
    for (const s of [LEAD_SOURCES[i % LEAD_SOURCES.length]!, LEAD_SOURCES[(i + 2) % LEAD_SOURCES.length]!])
      sources.push({ id: uuid(), branchId, zoneId: id, ...s });
  });
  DEMO_SALES_TERRITORIES.forEach((z, i) => {
    const id = uuid();
    zones.push({ id, branchId, mapId: salesMap.id, name: z.name, color: z.color, data: z.geometry, sortOrder: i });
    const rep = sales[i % Math.max(sales.length, 1)];
    if (rep) persons.push({ id: uuid(), branchId, zoneId: id, roleId: salesRole.id, personId: rep.id });
    sources.push({ id: uuid(), branchId, zoneId: id, ...LEAD_SOURCES[0]! });
  });
  await tx.territoryZone.createMany({ data: zones });
  if (persons.length) await tx.territoryZonePerson.createMany({ data: persons });
  if (zoneWarehouses.length) await tx.territoryZoneWarehouse.createMany({ data: zoneWarehouses });
  await tx.territoryZoneLeadSource.createMany({ data: sources });
  await tx.territoryMapUsage.create({
    data: {
      id: uuid(),
      branchId,
      activityAssignmentMapId: salesMap.id,
      activityAssignmentRoleId: salesRole.id,
      workOrderAssignmentMapId: serviceMap.id,
      workOrderAssignmentRoleId: driverRole.id,
      appointmentAssignmentRoleId: salesRole.id,
      warehouseMapId: serviceMap.id,
    },
  });
}
