import { z } from "zod";
import type { ScopedDb } from "../../db/scoped.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { countryOfState, isStateCode, normalizePostalCode } from "../../shared/states.ts";
import { normalizePhone } from "../contacts/contacts.service.ts";

// The new PROSPECT customer an anonymous sign-up makes (where the branch allows it): its address form
// and its messages, and the customer written from it (signup.service.ts tryCreateAccount).

export const addressMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  address: "Address is required",
  city: "City is required",
  state: "State is required",
  postalCode: "ZIP code is required",
  postalCodeFormat: "Enter a 5-digit ZIP code (or a Canadian postal code like K1A 0B1).",
  phone: "Enter a phone number with 10 digits, like (512) 555-0142.",
};

/** The address form of an anonymous sign-up (a new prospect customer). */
export const addressInput = z.object({
  address1: z.string().trim().min(1, addressMessages.address).max(120),
  address2: z.string().trim().max(120).nullish(),
  city: z.string().trim().min(1, addressMessages.city).max(80),
  state: z
    .string()
    .nullish()
    .refine((s) => s != null, addressMessages.state)
    .transform((s) => (s ?? "").trim().toUpperCase())
    .refine(isStateCode, addressMessages.state),
  postalCode: z
    .string()
    .trim()
    .min(1, addressMessages.postalCode)
    .refine((s) => normalizePostalCode(s) !== null, addressMessages.postalCodeFormat),
  phone: z
    .string()
    .trim()
    .nullish()
    .refine((s) => !s || normalizePhone(s) !== null, addressMessages.phone),
});

/**
 * A new PROSPECT customer for an anonymous sign-up: the next account number, a random security code, the
 * address as billing location and service address, and the user as its ADMINISTRATOR contact.
 */
export async function createProspectCustomer(
  ctx: Context,
  db: ScopedDb,
  input: { userId: string; first: string; last: string; email: string; address: z.output<typeof addressInput> },
) {
  const a = input.address;
  const state = a.state;
  const country = countryOfState(state);
  const postalCode = normalizePostalCode(a.postalCode) ?? a.postalCode;
  const rows = await db.$branchQuery<{ max: bigint | null }>(
    (branch) => Prisma.sql`
    SELECT max("accountNumber"::bigint) AS max FROM "Customer"
    WHERE "branchId" = ${branch} AND "accountNumber" ~ '^[0-9]{1,7}$'`,
  );
  const next = Math.max(Number(rows[0]?.max ?? 0) + 1, 100001);
  const accountNumber = String(next);
  const branchId = ctx.branch.id;
  const location = await db.location.create({
    data: {
      branchId,
      address1: a.address1,
      address2: a.address2 ?? "",
      city: a.city,
      state,
      postalCode,
      country,
      firstName: input.first,
      lastName: input.last,
      email: input.email,
    },
    select: { id: true },
  });
  const securityCode = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  const customer = await db.customer.create({
    data: {
      branchId,
      accountNumber,
      securityCode,
      name: `${input.first} ${input.last}`,
      status: "PROSPECT",
      billingLocationId: location.id,
    },
    select: { id: true },
  });
  const street = /^(\d+[A-Za-z]?(?:-\d+)?)\s+(.+)$/.exec(a.address1);
  await db.serviceAddress.create({
    data: {
      branchId,
      customerId: customer.id,
      streetNumber: street?.[1] ?? "",
      streetName: street?.[2] ?? a.address1,
      address2: a.address2 ?? "",
      firstName: input.first,
      lastName: input.last,
      city: a.city,
      state,
      countryId: country,
      postalCode,
    },
  });
  const contact = await db.contact.create({
    data: {
      branchId,
      customerId: customer.id,
      userId: input.userId,
      firstName: input.first,
      lastName: input.last,
      email: input.email,
      role: "ADMINISTRATOR",
    },
    select: { id: true },
  });
  const phone = a.phone ? normalizePhone(a.phone) : null;
  if (phone)
    await db.contactPhone.create({
      data: {
        branchId,
        contactId: contact.id,
        phoneNumber: phone,
        textable: false,
        callable: true,
        phoneTypeId: "MOBILE",
      },
    });
  return accountNumber;
}
