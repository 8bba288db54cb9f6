import type { Prisma } from "../generated/prisma/client.ts";

// Demo automations on the demo branch, owned by Eric Employee (whose my work shows a run's failure):
// - "Schedule the install after a sale": when an activity at "Sold" of "New customer sale" is
//   resolved, an "Installed" activity two days later for the zone's installer (else the step's default);
// - "Thank the customer after a service call": when "Resolved" of "Service call" is resolved, a mail
//   to the customer's administrator contacts.
// Fixed ids, so every run is alike.

type Tx = Prisma.TransactionClient;

const id = (n: number) => `a070a710-0000-4000-a000-${String(n).padStart(12, "0")}`;

export async function seedAutomations(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const step = (project: string, description: string) =>
    tx.projectStep.findFirst({
      where: { branchId, description, project: { description: project } },
      select: { id: true },
    });
  const [sold, installed, resolved, installer, eric] = await Promise.all([
    step("New customer sale", "Sold"),
    step("New customer sale", "Installed"),
    step("Service call", "Resolved"),
    tx.personTerritoryRole.findFirst({ where: { branchId, name: "Installer" }, select: { id: true } }),
    tx.user.findFirst({ where: { branchId, email: "employee@demo.test" }, select: { personId: true } }),
  ]);
  const data: Prisma.AutomationCreateManyInput[] = [];
  if (sold && installed)
    data.push({
      id: id(1),
      branchId,
      name: "Schedule the install after a sale",
      event: "ACTIVITY_RESOLVED",
      conditions: [{ nativeFieldName: "stepId", comparator: "EQUALS", value: sold.id, values: [] }],
      actions: [
        {
          type: "CREATE_ACTIVITY",
          stepId: installed.id,
          subject: "Install the system",
          details: "Scheduled by the automation when the sale was signed.",
          ...(installer ? { zoneRoleId: installer.id } : {}),
          dueInMinutes: 2 * 24 * 60,
        },
      ],
      status: "ON",
      ownerPersonId: eric?.personId ?? null,
    });
  if (resolved)
    data.push({
      id: id(2),
      branchId,
      name: "Thank the customer after a service call",
      event: "ACTIVITY_RESOLVED",
      conditions: [{ nativeFieldName: "stepId", comparator: "EQUALS", value: resolved.id, values: [] }],
      actions: [
        {
          type: "SEND_MAIL",
          to: "CUSTOMER",
          address: "",
          subject: "Thank you for letting us fix it",
          body: "Our technician has finished the service call. Reply to this mail if anything is still not right.",
        },
      ],
      status: "ON",
      ownerPersonId: eric?.personId ?? null,
    });
  if (data.length) await tx.automation.createMany({ data });
}
