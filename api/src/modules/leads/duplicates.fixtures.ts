import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { checkLead, type LeadInput } from "./accept-lead.ts";

// Test leads for the duplicate and merge tests: what was typed, with the keys acceptLead would store,
// written straight to the database (extra columns on top: a zone, a geocode, a status).

export async function makeLead(
  prisma: PrismaClient,
  branchId: string,
  input: LeadInput,
  extra: Partial<Prisma.LeadUncheckedCreateInput> = {},
) {
  const checked = checkLead(input);
  if ("error" in checked) throw new Error(checked.error);
  return prisma.lead.create({ data: { branchId, ...checked.data, ...extra } });
}
