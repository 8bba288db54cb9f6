import type { Prisma } from "../generated/prisma/client.ts";

// Demo workflow shortcuts on the demo branch, both for a "New customer sale" project thread:
// - "Set appointment": a "Water taste test at home" at "Appointment" tomorrow for the customer's zone's
//   sales rep (else the step's default), and the thread's open first call resolved;
// - "Close as lost": the thread's open work at "First call", "Appointment" and "Quote" resolved, so it
//   leaves everyone's my work.
// Fixed ids, so every run is alike. The shop's sale workflow is left unset.

type Tx = Prisma.TransactionClient;

const id = (n: number) => `5c0a7c07-0000-4000-a000-${String(n).padStart(12, "0")}`;

export async function seedShortcuts(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const step = (description: string) =>
    tx.projectStep.findFirst({
      where: { branchId, description, project: { description: "New customer sale" } },
      select: { id: true },
    });
  const [firstCall, appointment, quote, salesRep] = await Promise.all([
    step("First call"),
    step("Appointment"),
    step("Quote"),
    tx.personTerritoryRole.findFirst({ where: { branchId, name: "Sales rep" }, select: { id: true } }),
  ]);
  if (!firstCall || !appointment || !quote) return;
  await tx.workflowShortcut.createMany({
    data: [
      {
        id: id(1),
        branchId,
        name: "Set appointment",
        description: "Books the taste test for the zone's sales rep and closes the first call.",
        tableId: "PROJECT_THREAD",
        sortOrder: 10,
        actions: [
          {
            type: "CREATE_ACTIVITY",
            stepId: appointment.id,
            subject: "Water taste test at home",
            details: "Booked with the Set appointment shortcut.",
            ...(salesRep ? { zoneRoleId: salesRep.id } : {}),
            dueInMinutes: 24 * 60,
          },
          { type: "RESOLVE_ACTIVITY", stepId: firstCall.id },
        ],
      },
      {
        id: id(2),
        branchId,
        name: "Close as lost",
        description: "The customer said no: resolves the open sale work so it leaves everyone's my work.",
        tableId: "PROJECT_THREAD",
        sortOrder: 20,
        actions: [
          { type: "RESOLVE_ACTIVITY", stepId: firstCall.id },
          { type: "RESOLVE_ACTIVITY", stepId: appointment.id },
          { type: "RESOLVE_ACTIVITY", stepId: quote.id },
        ],
      },
    ],
  });
}
