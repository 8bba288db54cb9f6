import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { BASEMAP_PATH } from "../territories/basemap.ts";
import { type GeocodeAddressView, geocodeAddress, setGeocodeAddress } from "./geocode-address.service.ts";

// A service address's point, read and placed by hand by whoever has the customer's access.

const GeocodeAddressRef = builder.objectRef<GeocodeAddressView>("GeocodeAddress").implement({
  description: "A service address and where it is on the map.",
  fields: (t) => ({
    customerId: t.exposeID("customerId"),
    addressId: t.exposeID("addressId"),
    accountNumber: t.exposeString("accountNumber"),
    label: t.exposeString("label", { description: "The address on one line." }),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    geocodeConfidence: t.exposeString("geocodeConfidence", { description: "HIGH, LOW, SET_BY_USER or UNKNOWN." }),
    mapStyleUrl: t.string({
      nullable: true,
      description: "The hosted map style, when the server has one (as the territory maps use).",
      resolve: (_a, _x, ctx) => ctx.runtime.config.MAP_STYLE_URL ?? null,
    }),
    mapPmtilesUrl: t.string({
      nullable: true,
      description: "The server's offline basemap archive, when it has one.",
      resolve: (_a, _x, ctx) => (ctx.runtime.config.MAP_PMTILES_PATH ? BASEMAP_PATH : null),
    }),
  }),
});

type PlacedResult = Result & { address: GeocodeAddressView | null };
const PlacedResultRef = resultType<PlacedResult>("GeocodeAddressResult", (t) => ({
  address: t.field({ type: GeocodeAddressRef, nullable: true, resolve: (r) => r.address }),
}));

builder.queryFields((t) => ({
  geocodeAddress: t.field({
    type: GeocodeAddressRef,
    args: { customerId: t.arg.id({ required: true }), addressId: t.arg.id({ required: true }) },
    authScopes: (_r, a) => ({ customerAccess: { customerId: String(a.customerId) } }),
    resolve: (_r, a, ctx) => geocodeAddress(ctx, String(a.customerId), String(a.addressId)),
  }),
}));

builder.mutationFields((t) => ({
  setGeocodeAddress: t.field({
    type: PlacedResultRef,
    description: "Places the service address at the point by hand (confidence SET_BY_USER).",
    args: {
      customerId: t.arg.id({ required: true }),
      addressId: t.arg.id({ required: true }),
      latitude: t.arg.float({ required: true }),
      longitude: t.arg.float({ required: true }),
    },
    authScopes: (_r, a) => ({ customerAccess: { customerId: String(a.customerId) } }),
    resolve: (_r, a, ctx) =>
      refusalAsResult<PlacedResult>(
        async () => {
          const address = await setGeocodeAddress(ctx, String(a.customerId), String(a.addressId), a);
          return { isSuccess: true, message: `Placed ${address.label} on the map.`, address };
        },
        (message) => ({ isSuccess: false, message, address: null }),
      ),
  }),
}));
