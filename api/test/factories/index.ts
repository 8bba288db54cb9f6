import type { PrismaClient } from "../../src/generated/prisma/client.ts";
import { type BranchOptions, makeBranch } from "./branch.ts";
import { type CatalogueItemOptions, makeCatalogueItem } from "./catalogue.ts";
import { type CustomerOptions, makeCustomer, makeServiceAddress } from "./customer.ts";
import { makeOrder, type OrderOptions } from "./order.ts";
import { makeUser, type UserOptions } from "./user.ts";
import { workflowFactories } from "./workflow.ts";

// Factories: each test file makes its own branches, people and records, written straight to the
// database (the API under test is not used to set a test up). Unique names and numbers by default.

export { DEFAULT_PASSWORD } from "./user.ts";

export function factories(prisma: PrismaClient) {
  return {
    branch: (opts?: BranchOptions) => makeBranch(prisma, opts),
    /** A user; an employee with `employee: true` or `permissions: [...]` (their grants). */
    user: (branchId: string, opts?: UserOptions) => makeUser(prisma, branchId, opts),
    customer: (branchId: string, accountNumber: string, opts?: CustomerOptions) =>
      makeCustomer(prisma, branchId, accountNumber, opts),
    serviceAddress: (branchId: string, customerId: string, opts?: Parameters<typeof makeServiceAddress>[3]) =>
      makeServiceAddress(prisma, branchId, customerId, opts),
    catalogueItem: (branchId: string, opts?: CatalogueItemOptions) => makeCatalogueItem(prisma, branchId, opts),
    order: (branchId: string, opts: OrderOptions) => makeOrder(prisma, branchId, opts),
    /** Workflow projects with steps, threads and activities. */
    workflow: workflowFactories(prisma),
  };
}

export type Factories = ReturnType<typeof factories>;
