import type { PrismaClient } from "../src/generated/prisma/client.ts";
import { square } from "../src/modules/territories/test-shapes.ts";
import { factories } from "./factories/index.ts";

/** A service address on file: house number, street, postal code, latitude, longitude. */
export type KnownAddress = [streetNumber: string, streetName: string, postalCode: string, lat: number, lng: number];

/**
 * What the embedded (offline) geocoder knows: the branch's own service addresses, here `rows` in
 * Austin, TX, all of one new customer's.
 */
export async function geocoderKnows(p: PrismaClient, branchId: string, rows: KnownAddress[]) {
  const customer = await factories(p).customer(branchId, `9${Math.floor(Math.random() * 1e5)}`);
  await p.serviceAddress.createMany({
    data: rows.map(([streetNumber, streetName, postalCode, latitude, longitude]) => ({
      branchId,
      customerId: customer.id,
      streetNumber,
      streetName,
      city: "Austin",
      state: "TX",
      postalCode,
      latitude,
      longitude,
    })),
  });
}

/**
 * The lead map of the arrival tests: zones North (longitude 0..1) and South (1..2), latitude 0..1, on
 * the branch's lead segregation map, and the addresses the geocoder knows. Returns the zones' ids.
 */
export async function northSouthLeadMap(p: PrismaClient, branchId: string, addresses: KnownAddress[]) {
  const map = await p.territoryMap.create({ data: { branchId, name: "Lead map" } });
  const zone = (name: string, lng: number) =>
    p.territoryZone.create({ data: { branchId, mapId: map.id, name, data: square(lng, 0) } });
  const [north, south] = [await zone("North", 0), await zone("South", 1)];
  await p.leadConfiguration.create({ data: { branchId, leadSegregationMapId: map.id } });
  await geocoderKnows(p, branchId, addresses);
  return { north: north.id, south: south.id };
}
