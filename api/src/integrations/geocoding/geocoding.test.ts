import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { geocoderKnows } from "../../../test/geocoder-addresses.ts";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { ConfigError, parseConfig } from "../../config.ts";
import { normalizeWords, splitHouseNumber } from "./offline.ts";
import type { AddressSuggestion } from "./types.ts";

// autocompleteAddress through GraphQL: the offline default (the branch's streets and postal-code
// centroids) and the Mapbox-compatible provider, run against a local HTTP server that answers in
// Mapbox Geocoding v6's format.

const AUTOCOMPLETE = `query Ac($q: String!, $lat: Float, $lng: Float, $limit: Int) {
  autocompleteAddress(query: $q, latitude: $lat, longitude: $lng, limit: $limit) {
    address county label latitude longitude city state postalCode } }`;

/** What the API answers is the provider interface's suggestion, as it is. */
type Suggestion = AddressSuggestion;

describe("offline geocoder (the embedded default)", () => {
  let server: TestServer;
  let c: Client;

  beforeAll(async () => {
    server = await createTestServer();
    const f = factories(server.prisma);
    const branch = await f.branch({ host: "geo" });
    const elsewhere = await f.branch({ host: "geo-other" });
    await geocoderKnows(server.prisma, branch.id, [
      ["1100", "Congress Ave", "78701", 30.274, -97.7404],
      ["1300", "Congress Ave", "78701", 30.276, -97.7408],
      ["1500", "S Congress Ave", "78704", 30.2489, -97.7502],
      ["212", "Cedar Ln", "78745", 30.2074, -97.7963],
      ["77", "Cedarwood Ln", "78701", 30.2701, -97.7411],
      ["9", "Pecan St", "78702", 30.2634, -97.716],
    ]);
    await geocoderKnows(server.prisma, elsewhere.id, [["5", "Congress Ave", "55401", 44.98, -93.27]]);
    c = new Client(server.url, "geo");
  }, 120_000);
  afterAll(() => server.close(), 30_000);

  const ask = async (vars: Record<string, unknown>) => {
    const r = await c.gql<{ autocompleteAddress: Suggestion[] }>(AUTOCOMPLETE, vars);
    expect(r.errors).toBeUndefined();
    return r.data!.autocompleteAddress;
  };

  test("a typed house number on a known street, at the street's mean position", async () => {
    const [first, ...rest] = await ask({ q: "1100 Congress" });
    expect(first).toEqual({
      address: "1100 Congress Ave",
      county: null,
      label: "1100 Congress Ave, Austin, TX 78701",
      latitude: 30.275,
      longitude: -97.7406,
      city: "Austin",
      state: "TX",
      postalCode: "78701",
    });
    expect(rest.map((r) => r.label)).toEqual(["1100 S Congress Ave, Austin, TX 78704"]);
  });

  test("ranked by text match first, then distance from the given point", async () => {
    // both Congress streets match equally: the one nearer the point comes first
    const nearSouth = await ask({ q: "congress avenue", lat: 30.245, lng: -97.75 });
    expect(nearSouth.map((r) => r.postalCode)).toEqual(["78704", "78701"]);
    const nearNorth = await ask({ q: "congress avenue", lat: 30.28, lng: -97.74 });
    expect(nearNorth.map((r) => r.postalCode)).toEqual(["78701", "78704"]);
    // "Cedar Ln" matches the whole word: it beats the nearer "Cedarwood Ln" (a prefix match)
    const cedar = await ask({ q: "cedar", lat: 30.2701, lng: -97.7411 });
    expect(cedar.map((r) => r.address)).toEqual(["Cedar Ln", "Cedarwood Ln"]);
  });

  test("postal codes by their centroid; other branches' streets and customers' house numbers never show", async () => {
    const zips = await ask({ q: "7870", lat: 30.25, lng: -97.75 });
    expect(zips.map((r) => r.label)).toEqual(["Austin, TX 78704", "Austin, TX 78701", "Austin, TX 78702"]);
    expect(zips[1]).toMatchObject({ address: "", latitude: 30.273367, longitude: -97.740767 });
    const all = await ask({ q: "congress", limit: 10 });
    expect(all.map((r) => r.address).sort()).toEqual(["Congress Ave", "S Congress Ave"]);
    expect(JSON.stringify(all)).not.toContain("1300");
    expect(JSON.stringify(all)).not.toContain("55401");
    expect(await ask({ q: "elm street" })).toEqual([]);
    expect(await ask({ q: "co" })).toEqual([]); // fewer than 3 characters
  });

  test("bad coordinates are refused with a message", async () => {
    const r = await c.gql(AUTOCOMPLETE, { q: "congress", lat: 123 });
    expect(r.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(r.errors?.[0]?.message).toBe("Latitude must be between -90 and 90.");
  });

  test("words and house numbers", () => {
    expect(normalizeWords("S. Congress Avenue, Austin")).toEqual(["s", "congress", "ave", "austin"]);
    expect(splitHouseNumber("1100 Congress")).toEqual({ houseNumber: "1100", rest: "Congress" });
    expect(splitHouseNumber("78701")).toEqual({ houseNumber: null, rest: "78701" });
    expect(splitHouseNumber("78701 Austin").houseNumber).toBe("78701"); // reads as a number on a street
  });
});

describe("Mapbox-compatible provider (a local stand-in)", () => {
  let server: TestServer;
  let standIn: ReturnType<typeof Bun.serve>;
  const seen: URL[] = [];

  beforeAll(async () => {
    standIn = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(req) {
        const url = new URL(req.url);
        seen.push(url);
        if (url.pathname !== "/search/geocode/v6/forward") return new Response("not found", { status: 404 });
        if (url.searchParams.get("access_token") !== "test-token")
          return Response.json({ message: "Not Authorized - Invalid Token" }, { status: 401 });
        if (url.searchParams.get("q")?.startsWith("9999")) return new Response("upstream error", { status: 503 });
        return Response.json({
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              id: "dXJuOm1ieGFkcjox",
              geometry: { type: "Point", coordinates: [-97.740405, 30.274031] },
              properties: {
                mapbox_id: "dXJuOm1ieGFkcjox",
                feature_type: "address",
                full_address: "1100 Congress Avenue, Austin, Texas 78701, United States",
                name: "1100 Congress Avenue",
                name_preferred: "1100 Congress Avenue",
                place_formatted: "Austin, Texas 78701, United States",
                coordinates: { longitude: -97.740405, latitude: 30.274031, accuracy: "rooftop" },
                context: {
                  address: {
                    mapbox_id: "dXJuOm1ieGFkcjox",
                    address_number: "1100",
                    street_name: "Congress Avenue",
                    name: "1100 Congress Avenue",
                  },
                  street: { mapbox_id: "s1", name: "Congress Avenue" },
                  postcode: { mapbox_id: "p1", name: "78701" },
                  place: { mapbox_id: "pl1", name: "Austin", wikidata_id: "Q16559" },
                  district: { mapbox_id: "d1", name: "Travis County", wikidata_id: "Q110412" },
                  region: { mapbox_id: "r1", name: "Texas", region_code: "TX", region_code_full: "US-TX" },
                  country: { mapbox_id: "c1", name: "United States", country_code: "US", country_code_alpha_3: "USA" },
                },
              },
            },
            {
              type: "Feature",
              id: "dXJuOm1ieHBsYzo",
              geometry: { type: "Point", coordinates: [-97.7426, 30.2713] },
              properties: {
                feature_type: "postcode",
                full_address: "78701, Austin, Texas, United States",
                name: "78701",
                place_formatted: "Austin, Texas, United States",
                coordinates: { longitude: -97.7426, latitude: 30.2713 },
                context: {
                  place: { name: "Austin" },
                  district: { name: "Travis County" },
                  region: { name: "Texas", region_code: "TX" },
                  country: { name: "United States", country_code: "US" },
                },
              },
            },
            { type: "Feature", properties: { name: "no position" } },
          ],
          attribution: "NOTICE: © 2026 Mapbox and its suppliers.",
        });
      },
    });
    server = await createTestServer({
      GEOCODER_PROVIDER: "mapbox",
      GEOCODER_URL: `http://127.0.0.1:${standIn.port}`,
      GEOCODER_API_KEY: "test-token",
      GEOCODER_TIMEOUT_MS: "2000",
    });
    const f = factories(server.prisma);
    const branch = await f.branch({ host: "geo-mapbox" });
    await geocoderKnows(server.prisma, branch.id, [["1100", "Congress Ave", "78701", 30.274, -97.7404]]);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    standIn.stop(true);
  }, 30_000);

  test("asks the provider with the query, token, proximity and limit; maps its features", async () => {
    const c = new Client(server.url, "geo-mapbox");
    const r = await c.gql<{ autocompleteAddress: Suggestion[] }>(AUTOCOMPLETE, {
      q: "1100 Congress",
      lat: 30.27,
      lng: -97.74,
      limit: 4,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.autocompleteAddress).toEqual([
      {
        address: "1100 Congress Avenue",
        county: "Travis County",
        label: "1100 Congress Avenue, Austin, Texas 78701",
        latitude: 30.274031,
        longitude: -97.740405,
        city: "Austin",
        state: "TX",
        postalCode: "78701",
      },
      {
        address: "",
        county: "Travis County",
        label: "78701, Austin, Texas",
        latitude: 30.2713,
        longitude: -97.7426,
        city: "Austin",
        state: "TX",
        postalCode: "78701",
      },
    ]);
    const url = seen.at(-1)!;
    expect(url.searchParams.get("q")).toBe("1100 Congress");
    expect(url.searchParams.get("access_token")).toBe("test-token");
    expect(url.searchParams.get("proximity")).toBe("-97.74,30.27");
    expect(url.searchParams.get("autocomplete")).toBe("true");
    expect(url.searchParams.get("limit")).toBe("4");
  });

  test("when the provider fails, the answer comes from the offline index", async () => {
    const c = new Client(server.url, "geo-mapbox");
    const before = seen.length;
    const r = await c.gql<{ autocompleteAddress: Suggestion[] }>(AUTOCOMPLETE, { q: "9999 congress" });
    expect(seen.length).toBe(before + 1); // the provider was asked and answered 503
    expect(r.errors).toBeUndefined();
    expect(r.data!.autocompleteAddress.map((s) => [s.label, s.county])).toEqual([
      ["9999 Congress Ave, Austin, TX 78701", null],
    ]);
  });

  test("a provider that cannot be reached falls back as well", async () => {
    const down = await createTestServer({
      GEOCODER_PROVIDER: "mapbox",
      GEOCODER_URL: "http://127.0.0.1:9", // discard port: connection refused
      GEOCODER_API_KEY: "test-token",
    });
    try {
      const f = factories(down.prisma);
      const branch = await f.branch({ host: "geo-down" });
      await geocoderKnows(down.prisma, branch.id, [["1", "Lamar Blvd", "78703", 30.29, -97.76]]);
      const r = await new Client(down.url, "geo-down").gql<{ autocompleteAddress: Suggestion[] }>(AUTOCOMPLETE, {
        q: "2200 lamar",
      });
      expect(r.data!.autocompleteAddress.map((s) => s.label)).toEqual(["2200 Lamar Blvd, Austin, TX 78703"]);
    } finally {
      await down.close();
    }
  }, 60_000);
});

describe("configuration and limits", () => {
  test("GEOCODER_PROVIDER=mapbox needs GEOCODER_API_KEY", () => {
    expect(() => parseConfig({ GEOCODER_PROVIDER: "mapbox" })).toThrow(ConfigError);
    expect(() => parseConfig({ GEOCODER_PROVIDER: "google" })).toThrow(/GEOCODER_PROVIDER/);
    expect(parseConfig({}).GEOCODER_PROVIDER).toBe("offline");
  });
});
