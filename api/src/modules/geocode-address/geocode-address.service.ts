import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { zoneIndex } from "../territories/lookups.service.ts";

// Placing a service address by hand (team/geocode-address/{customerId}/{addressId}): where the
// geocoder could not find it, or found it wrongly, someone puts the pin where it is. The point is
// stored with confidence SET_BY_USER, and the address's zone on every territory map is placed again
// (TerritoryAddressZone), so the maps agree with the pin at once.

export type GeocodeAddressView = {
  customerId: string;
  addressId: string;
  accountNumber: string;
  label: string;
  latitude: number | null;
  longitude: number | null;
  geocodeConfidence: string;
};

const pointSchema = z.object({
  latitude: z.number().min(-90, "Latitude must be between -90 and 90.").max(90, "Latitude must be between -90 and 90."),
  longitude: z
    .number()
    .min(-180, "Longitude must be between -180 and 180.")
    .max(180, "Longitude must be between -180 and 180."),
});

async function requireAddress(ctx: Context, customerId: string, addressId: string) {
  const address =
    addressId.length <= 100 && customerId.length <= 100
      ? await ctx.db.serviceAddress.findFirst({
          where: { id: addressId, customerId },
          include: { customer: { select: { accountNumber: true } } },
        })
      : null;
  if (!address) throw new AppError("NOT_FOUND", "Service address not found.");
  return address;
}

export async function geocodeAddress(ctx: Context, customerId: string, addressId: string): Promise<GeocodeAddressView> {
  const a = await requireAddress(ctx, customerId, addressId);
  const street = [`${a.streetNumber} ${a.streetName}`.trim(), a.address2].filter(Boolean).join(" ");
  return {
    customerId: a.customerId,
    addressId: a.id,
    accountNumber: a.customer.accountNumber,
    label: [street, a.city, `${a.state} ${a.postalCode}`.trim()].filter(Boolean).join(", "),
    latitude: a.latitude,
    longitude: a.longitude,
    geocodeConfidence: a.geocodeConfidence,
  };
}

/** Stores the point with SET_BY_USER and re-places the address in the zones of every map. */
export async function setGeocodeAddress(
  ctx: Context,
  customerId: string,
  addressId: string,
  point: { latitude: number; longitude: number },
) {
  const p = parseInput(pointSchema, point);
  await requireAddress(ctx, customerId, addressId);
  const maps = await ctx.db.territoryMap.findMany({ select: { id: true } });
  const zones: { mapId: string; zoneId: string }[] = [];
  for (const m of maps) {
    const zone = (await zoneIndex(ctx, m.id)).zoneAt(p.longitude, p.latitude);
    if (zone) zones.push({ mapId: m.id, zoneId: zone.id });
  }
  await ctx.db.$transaction(async (tx) => {
    await tx.serviceAddress.update({
      where: { id: addressId },
      data: { latitude: p.latitude, longitude: p.longitude, geocodeConfidence: "SET_BY_USER" },
    });
    await tx.territoryAddressZone.deleteMany({ where: { serviceAddressId: addressId } });
    if (zones.length)
      await tx.territoryAddressZone.createMany({
        data: zones.map((z) => ({ ...z, serviceAddressId: addressId, branchId: ctx.branch.id })),
      });
  });
  return geocodeAddress(ctx, customerId, addressId);
}
