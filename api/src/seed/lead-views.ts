import type { Prisma } from "../generated/prisma/client.ts";

// Three public lead views on the demo branch, the kinds a team keeps: the new leads of the week to
// work, the website's leads month by month, and the discarded ones by reason's source. Fixed ids.

type Tx = Prisma.TransactionClient;

export async function seedLeadViews(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const [creator, website] = await Promise.all([
    tx.user.findFirst({ where: { branchId, email: "employee@demo.test" }, select: { personId: true } }),
    tx.leadSource.findFirst({ where: { branchId, name: "Website" }, select: { id: true } }),
  ]);
  const common = { branchId, creatorPersonId: creator?.personId ?? null, isPublic: true };
  await tx.leadView.createMany({
    data: [
      {
        ...common,
        id: "00000000-0000-4000-8000-00000000c701",
        name: "New this week",
        description: "Leads of the last 7 days nobody has taken yet.",
        filter: { statuses: ["UNASSIGNED"], lastDays: 7 },
        columns: ["number", "name", "phone", "city", "source", "enteredTime"],
      },
      {
        ...common,
        id: "00000000-0000-4000-8000-00000000c702",
        name: "Website leads by month",
        description: "Everything the website brought, counted month by month.",
        filter: website ? { sourceIds: [website.id] } : {},
        groupBy: "MONTH",
        columns: ["number", "name", "status", "person", "enteredTime"],
      },
      {
        ...common,
        id: "00000000-0000-4000-8000-00000000c703",
        name: "Discarded leads",
        description: "Discarded leads and why, by source.",
        filter: { statuses: ["DISCARDED"] },
        groupBy: "SOURCE",
        columns: ["number", "name", "source", "discardReason", "enteredTime"],
      },
    ],
  });
}
