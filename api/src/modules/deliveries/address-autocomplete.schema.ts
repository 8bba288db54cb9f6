import { AppError } from "../../errors.ts";
import {
  type AddressSuggestion,
  AUTOCOMPLETE_MAX_LENGTH,
  AUTOCOMPLETE_MIN_LENGTH,
  geocoderFor,
} from "../../integrations/geocoding/geocoder.ts";
import { builder } from "../../pothos/builder.ts";

// autocompleteAddress(query, latitude, longitude): address suggestions near a point. Public: the new-customer form asks
// before anyone has signed in; a limit per user (or address when signed out) keeps a billed provider
// from being drained, counted in the shared throttle (auth/throttle.ts) so every container sees it.

const AddressAutocompleteResultRef = builder.objectRef<AddressSuggestion>("AddressAutocompleteResult").implement({
  fields: (t) => ({
    address: t.exposeString("address", { description: 'Street line, "1100 Congress Ave"; empty for a postal code.' }),
    county: t.exposeString("county", { nullable: true }),
    label: t.exposeString("label", { description: "The whole address on one line." }),
    latitude: t.exposeFloat("latitude"),
    longitude: t.exposeFloat("longitude"),
    city: t.exposeString("city", { nullable: true }),
    state: t.exposeString("state", { nullable: true, description: 'State or province code, "TX".' }),
    postalCode: t.exposeString("postalCode", { nullable: true }),
  }),
});

export const AUTOCOMPLETE_LIMIT = { limit: 60, windowMs: 60_000 };

builder.queryField("autocompleteAddress", (t) =>
  t.field({
    authScopes: { public: true },
    type: [AddressAutocompleteResultRef],
    description:
      "Addresses matching what has been typed, best first (ranked by text match, then distance from latitude/longitude when given).",
    args: {
      query: t.arg.string({ required: true }),
      latitude: t.arg.float(),
      longitude: t.arg.float(),
      limit: t.arg.int({ defaultValue: 5, description: "1 to 10." }),
    },
    resolve: async (_r, args, ctx) => {
      const query = args.query.trim().replace(/\s+/g, " ");
      if (query.length > AUTOCOMPLETE_MAX_LENGTH)
        throw new AppError("BAD_USER_INPUT", `Type at most ${AUTOCOMPLETE_MAX_LENGTH} characters.`);
      const { latitude, longitude } = args;
      if (latitude != null && (!Number.isFinite(latitude) || Math.abs(latitude) > 90))
        throw new AppError("BAD_USER_INPUT", "Latitude must be between -90 and 90.");
      if (longitude != null && (!Number.isFinite(longitude) || Math.abs(longitude) > 180))
        throw new AppError("BAD_USER_INPUT", "Longitude must be between -180 and 180.");
      if (query.length < AUTOCOMPLETE_MIN_LENGTH) return [];
      const who = ctx.viewer ? `user:${ctx.viewer.userId}` : `ip:${ctx.ip}`;
      const { limit, windowMs } = AUTOCOMPLETE_LIMIT;
      if (!(await ctx.runtime.throttle.reserve(`autocomplete:${ctx.branch.id}:${who}`, limit, windowMs)).ok)
        throw new AppError("RATE_LIMITED");
      return geocoderFor(ctx.runtime).autocomplete({
        branchId: ctx.branch.id,
        query,
        latitude: latitude ?? null,
        longitude: longitude ?? null,
        limit: Math.min(Math.max(args.limit ?? 5, 1), 10),
      });
    },
  }),
);
