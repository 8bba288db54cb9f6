import { clock } from "../clock.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { sealSecret, secretHint } from "../integrations/retailer/secret-box.ts";
import { demoFeed, STAND_IN_PATH } from "../integrations/retailer/stand-in.ts";

// The demo's retailer connection: Costco, pointing at the stand-in the development server serves
// (/retailer-stand-in), with its stores, services and employees as the stand-in lists them. Referrals
// arrive with the first poll (a minute after the start) or "Check now" on team/costco-import. The
// Costco Austin lead source (store 681) receives the store's referrals.

type Tx = Prisma.TransactionClient;
export const DEMO_RETAILER_ACCOUNT = "routewater-austin";
const DEMO_SECRET = "demo-costco-feed-secret";

export async function seedRetailer(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const source = await tx.leadSource.findFirst({
    where: { branchId, retailStoreType: "COSTCO" },
    select: { id: true },
  });
  await tx.retailerSettings.create({
    data: {
      branchId,
      retailer: "COSTCO",
      baseUrl: STAND_IN_PATH,
      accountId: DEMO_RETAILER_ACCOUNT,
      // Sealed with the server's secret as the server would (SESSION_SECRET, or the embedded mode's).
      secretEncrypted: sealSecret(DEMO_SECRET, process.env.SESSION_SECRET),
      secretHint: secretHint(DEMO_SECRET),
      pollMinutes: 5,
      defaultLeadSourceId: source?.id ?? null,
      nextPollAt: clock.now(),
    },
  });
  const feed = demoFeed(DEMO_RETAILER_ACCOUNT);
  const key = { branchId, retailer: "COSTCO" as const };
  await tx.retailerStore.createMany({
    data: feed.stores.map((s) => ({
      ...key,
      storeNumber: s.storeNumber,
      name: s.name,
      city: s.city,
      stateCode: s.state,
      leadSourceId: s.storeNumber === "681" ? (source?.id ?? null) : null,
    })),
  });
  await tx.retailerService.createMany({ data: feed.services.map((s) => ({ ...key, code: s.code, name: s.name })) });
  await tx.retailerEmployee.createMany({
    data: feed.employees.map((e) => ({ ...key, employeeId: e.employeeId, name: e.name, storeNumber: e.storeNumber })),
  });
}
