import type { Prisma } from "../generated/prisma/client.ts";
import type { NativeLeadField } from "../generated/prisma/enums.ts";
import { DEMO_DISCARD_REASONS } from "./leads.ts";

// Demo lead rules (team/lead-automations) on the demo branch, after its discard reasons: values no
// other demo or test lead has, so they show how rules read without discarding anyone's test lead.

type Tx = Prisma.TransactionClient;
type Reason = (typeof DEMO_DISCARD_REASONS)[number];

const RULES: { field: NativeLeadField; value: string; reason: Reason }[] = [
  { field: "POSTAL_CODE", value: "00000", reason: "Out of area" },
  { field: "PHONE", value: "555-555-5555", reason: "Bad phone" },
  { field: "EMAIL", value: "test@test.com", reason: "Not interested" },
];

export async function seedLeadRules(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const reasons = await tx.discardReason.findMany({
    where: { branchId: branch.id, name: { in: [...DEMO_DISCARD_REASONS] } },
    select: { id: true, name: true },
  });
  const reasonId = new Map(reasons.map((r) => [r.name, r.id]));
  await tx.leadAutomation.createMany({
    data: RULES.map((r, i) => ({
      id: `1eadd1e0-0000-4000-a000-${String(i + 1).padStart(12, "0")}`,
      branchId: branch.id,
      order: i + 1,
      action: "DISCARD_LEAD" as const,
      nativeFieldName: r.field,
      comparator: "EQUALS" as const,
      value: r.value,
      discardReasonId: reasonId.get(r.reason) ?? null,
    })),
  });
}
