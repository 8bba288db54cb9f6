import type { PrismaClient } from "../../src/generated/prisma/client.ts";

export type CustomerOptions = { userId?: string; securityCode?: string };

/** A customer account; with `userId`, that user is its administrator contact. */
export async function makeCustomer(
  prisma: PrismaClient,
  branchId: string,
  accountNumber: string,
  opts: CustomerOptions = {},
) {
  const customer = await prisma.customer.create({
    data: { branchId, accountNumber, securityCode: opts.securityCode ?? "1111", name: `Customer ${accountNumber}` },
  });
  if (opts.userId)
    await prisma.contact.create({
      data: {
        branchId,
        customerId: customer.id,
        userId: opts.userId,
        firstName: "Test",
        lastName: "User",
        role: "ADMINISTRATOR",
      },
    });
  return customer;
}

/** A service address of the customer (a made-up street in Austin unless told otherwise). */
export async function makeServiceAddress(
  prisma: PrismaClient,
  branchId: string,
  customerId: string,
  opts: { streetNumber?: string; streetName?: string; city?: string; state?: string; postalCode?: string } = {},
) {
  return prisma.serviceAddress.create({
    data: {
      branchId,
      customerId,
      streetNumber: opts.streetNumber ?? "100",
      streetName: opts.streetName ?? "Test St",
      city: opts.city ?? "Austin",
      state: opts.state ?? "TX",
      postalCode: opts.postalCode ?? "78701",
    },
  });
}
