import type { Prisma, PrismaClient } from "../../src/generated/prisma/client.ts";

// Custom fields written straight to the database (unique names by default), for tests that need a
// table's fields in place without going through the configuration operations.

export function customFieldFactory(prisma: PrismaClient) {
  return (branchId: string, data: Partial<Prisma.CustomFieldUncheckedCreateInput> = {}) =>
    prisma.customField.create({
      data: {
        branchId,
        name: `Field ${crypto.randomUUID().slice(0, 8)}`,
        tableId: "PERSON",
        type: "TEXT",
        ...data,
      },
    });
}
