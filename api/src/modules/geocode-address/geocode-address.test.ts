import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { factories } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// Placing a service address by hand: CUSTOMER_ACCESS reads and places it; the point is stored with
// confidence SET_BY_USER and the address moves to the zone it now lies in on every map; a point off the
// globe or another branch's address is refused; without the permission, refused.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string };
type Place = { label: string; latitude: number | null; longitude: number | null; geocodeConfidence: string };
const FIELDS = "label latitude longitude geocodeConfidence";
const READ = `query($c: ID!, $a: ID!){ geocodeAddress(customerId: $c, addressId: $a){ ${FIELDS} } }`;
const SET = `mutation($c: ID!, $a: ID!, $lat: Float!, $lng: Float!){ setGeocodeAddress(customerId: $c, addressId: $a, latitude: $lat, longitude: $lng){ isSuccess message address { ${FIELDS} } } }`;
const square = (w: number, s: number, e: number, n: number) => ({
  type: "Polygon",
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});

describe("geocode address", () => {
  test("placed by hand with SET_BY_USER and put in the zone it lies in", async () => {
    const f = factories(server.prisma);
    const customer = await f.customer(branch.branchId, `GEO${Date.now() % 100000}`);
    const address = await f.serviceAddress(branch.branchId, customer.id, { streetNumber: "12", streetName: "Oak St" });
    const map = await server.prisma.territoryMap.create({ data: { branchId: branch.branchId, name: "Geo map" } });
    const [west, east] = await Promise.all(
      [
        ["West", square(-98, 30, -97.75, 30.5)],
        ["East", square(-97.75, 30, -97.5, 30.5)],
      ].map(([name, data]) =>
        server.prisma.territoryZone.create({
          data: { branchId: branch.branchId, mapId: map.id, name: name as string, data: data as object },
        }),
      ),
    );
    const clerk = await employee(branch, ["CUSTOMER_ACCESS"]);
    const ids = { c: customer.id, a: address.id };
    const read = await clerk.gql<{ geocodeAddress: Place }>(READ, ids);
    expect(read.data!.geocodeAddress).toMatchObject({
      label: "12 Oak St, Austin, TX 78701",
      latitude: null,
      geocodeConfidence: "UNKNOWN",
    });

    const placed = await clerk.gql<{ setGeocodeAddress: R & { address: Place } }>(SET, {
      ...ids,
      lat: 30.25,
      lng: -97.8,
    });
    expect(placed.data!.setGeocodeAddress).toMatchObject({
      isSuccess: true,
      message: "Placed 12 Oak St, Austin, TX 78701 on the map.",
      address: { latitude: 30.25, longitude: -97.8, geocodeConfidence: "SET_BY_USER" },
    });
    const zoneOf = async () =>
      (await server.prisma.territoryAddressZone.findMany({ where: { serviceAddressId: address.id } })).map(
        (z) => z.zoneId,
      );
    expect(await zoneOf()).toEqual([west!.id]);
    await clerk.gql(SET, { ...ids, lat: 30.25, lng: -97.6 });
    expect(await zoneOf()).toEqual([east!.id]);
    await clerk.gql(SET, { ...ids, lat: 31, lng: -97.6 });
    expect(await zoneOf()).toEqual([]);

    const off = await clerk.gql<{ setGeocodeAddress: R }>(SET, { ...ids, lat: 91, lng: 0 });
    expect(off.data!.setGeocodeAddress).toMatchObject({
      isSuccess: false,
      message: "Latitude must be between -90 and 90.",
    });
    const elsewhere = await (await employee(other, ["CUSTOMER_ACCESS"])).gql(SET, { ...ids, lat: 30, lng: -97 });
    expect(elsewhere.errors?.[0]?.message).toBe("Service address not found.");
    const none = await (await employee(branch, ["LEAD_ADMIN"])).gql(SET, { ...ids, lat: 30, lng: -97 });
    expect(none.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const row = await server.prisma.serviceAddress.findUniqueOrThrow({ where: { id: address.id } });
    expect([row.latitude, row.longitude, row.geocodeConfidence]).toEqual([31, -97.6, "SET_BY_USER"]);
  });
});
