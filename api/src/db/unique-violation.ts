/** A write refused by a unique index (Prisma's P2002): someone else wrote the same key first. */
export const isUniqueViolation = (e: unknown) =>
  typeof e === "object" && e !== null && (e as { code?: string }).code === "P2002";
