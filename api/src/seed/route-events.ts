import { clock } from "../clock.ts";
import { todayIn } from "../db/seed-clock.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { addDays } from "./dates.ts";

// Demo route events on the demo branch (docs/decisions/0760-route-events.md), as the product owner
// asked: three automations owned by Eric Employee, making their activities at "Call received" of the
// "Service call" project —
// - "Follow up a posted delivery": when a delivery work order is posted, an activity for Eric to ask how
//   it went (the next day);
// - "Call about an expiring autopay card": when a card paying autopay expires within 30 days, an
//   activity for the office (Eric) to call the customer for a new one;
// - "Say sorry for a skipped stop": when a driver skips a stop, an activity to call the customer, then a
//   mail to the customer's contacts.
// Their run history: a posted delivery and an expiring card that each made their activity (in Eric's my
// work), and a skipped stop whose mail FAILED (the customer has no mail address). Two rentals (one
// anniversary in the last days, so the daily sweep raises it) and one customer whose autopay card
// expires at the end of this month: the first active customers after 100003 (the earlier ones are the
// demo's logins and the tests'). Fixed ids; dates from the business clock's today.

type Tx = Prisma.TransactionClient;

const id = (n: number) => `a070a760-0000-4000-a000-${String(n).padStart(12, "0")}`;
const DAY_MINUTES = 24 * 60;

export async function seedRouteEvents(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true, timeZone: true } });
  if (!branch) return;
  const branchId = branch.id;
  const today = todayIn(branch.timeZone);
  const now = clock.now();
  const [customers, eric, step] = await Promise.all([
    tx.customer.findMany({
      where: { branchId, accountNumber: { gt: "100003" }, status: "ACTIVE" },
      select: { id: true },
      orderBy: { accountNumber: "asc" },
      take: 3,
    }),
    tx.user.findFirst({ where: { branchId, email: "employee@demo.test" }, select: { personId: true } }),
    tx.projectStep.findFirst({
      where: { branchId, description: "Call received", project: { description: "Service call" } },
      select: { id: true, projectId: true },
    }),
  ]);
  const [first, second, third] = customers;
  if (!first || !second || !third || !eric?.personId || !step) return;
  const ericId = eric.personId;
  const activity = (subject: string, dueInMinutes = 60) => ({
    type: "CREATE_ACTIVITY",
    stepId: step.id,
    subject,
    details: "Made by the automation from a route event.",
    personId: ericId,
    dueInMinutes,
  });
  const automations: Prisma.AutomationCreateManyInput[] = [
    {
      id: id(10),
      branchId,
      name: "Follow up a posted delivery",
      event: "WORK_ORDER_POSTED",
      conditions: [{ nativeFieldName: "workType", comparator: "EQUALS", value: "WORK_ORDER", values: [] }],
      actions: [activity("Ask how the delivery went", DAY_MINUTES)],
      status: "ON",
      ownerPersonId: ericId,
    },
    {
      id: id(11),
      branchId,
      name: "Call about an expiring autopay card",
      event: "AUTOPAY_CARD_EXPIRING",
      conditions: [],
      actions: [activity("Call for a new card before autopay fails")],
      status: "ON",
      ownerPersonId: ericId,
    },
    {
      id: id(12),
      branchId,
      name: "Say sorry for a skipped stop",
      event: "STOP_SKIPPED",
      conditions: [],
      actions: [
        activity("Call the customer about the missed delivery"),
        {
          type: "SEND_MAIL",
          to: "CUSTOMER",
          address: "",
          subject: "Sorry we missed you today",
          body: "Our driver could not make your delivery today. We will call you to set a new date.",
        },
      ],
      status: "ON",
      ownerPersonId: ericId,
    },
  ];
  await tx.automation.createMany({ data: automations });

  // the records the runs are about: a posted delivery of the first customer, a skipped stop of the third
  const address = (customerId: string) =>
    tx.serviceAddress.findFirst({ where: { branchId, customerId }, select: { id: true }, orderBy: { id: "asc" } });
  const [firstAddress, thirdAddress, max] = await Promise.all([
    address(first.id),
    address(third.id),
    tx.workOrder.aggregate({ where: { branchId }, _max: { number: true } }),
  ]);
  if (!firstAddress || !thirdAddress) return;
  const yesterday = addDays(today, -1);
  const at = (d: Date, hour: number) => new Date(d.getTime() + hour * 3_600_000);
  const next = (max._max.number ?? 0) + 1;
  await tx.workOrder.createMany({
    data: [
      {
        id: id(20),
        branchId,
        number: next,
        customerId: first.id,
        serviceAddressId: firstAddress.id,
        name: "Route delivery",
        scheduledDate: yesterday,
        isOpen: false,
        postedAt: at(yesterday, 16),
      },
      {
        id: id(21),
        branchId,
        number: next + 1,
        customerId: third.id,
        serviceAddressId: thirdAddress.id,
        name: "Route delivery",
        scheduledDate: yesterday,
        isOpen: false,
        skippedAt: at(yesterday, 14),
        skipReason: "Gate locked, nobody answered.",
      },
    ],
  });

  // the autopay card expiring at the end of this month (within 30 days of any today)
  const card = await tx.paymentAccount.findFirst({
    where: { branchId, customerId: second.id, kind: "CARD", inactive: false },
    select: { id: true },
  });
  const expiration = `${String(today.getUTCMonth() + 1).padStart(2, "0")}${String(today.getUTCFullYear() % 100).padStart(2, "0")}`;
  let cardId = card?.id ?? null;
  if (card) await tx.paymentAccount.update({ where: { id: card.id }, data: { expiration } });
  else {
    cardId = id(30);
    await tx.paymentAccount.create({
      data: {
        id: cardId,
        branchId,
        customerId: second.id,
        kind: "CARD",
        externalId: "sandbox-vault-demo-route-events",
        cardType: "Visa",
        maskedAccountNumber: "************1111",
        expiration,
      },
    });
  }
  await tx.$executeRawUnsafe(
    `UPDATE "SandboxVaultEntry" SET "expiration" = $1 WHERE "id" = (SELECT "externalId" FROM "PaymentAccount" WHERE "id" = $2)`,
    expiration,
    cardId,
  );
  await tx.autoPay.create({
    data: { branchId, customerId: second.id, paymentAccountId: cardId!, amountIsFixed: false, dayOfMonth: 5 },
  });

  // rentals: the first customer's cooler two years out three days ago (the sweep raises it), the second's newer
  await tx.rental.createMany({
    data: [
      {
        id: id(40),
        branchId,
        customerId: first.id,
        serviceAddressId: firstAddress.id,
        description: "Hot and cold water cooler",
        startDate: new Date(Date.UTC(today.getUTCFullYear() - 2, today.getUTCMonth(), today.getUTCDate() - 3)),
        monthlyCents: 1200,
      },
      {
        id: id(41),
        branchId,
        customerId: second.id,
        description: "Countertop cooler",
        startDate: addDays(today, -240),
        monthlyCents: 900,
      },
    ],
  });

  // the run history: two runs that made their activity (in Eric's my work), one whose mail failed
  await tx.projectThread.createMany({
    data: [
      { id: id(50), branchId, projectId: step.projectId, customerId: first.id },
      { id: id(51), branchId, projectId: step.projectId, customerId: second.id },
      { id: id(52), branchId, projectId: step.projectId, customerId: third.id },
    ],
  });
  const made = [
    { activity: id(60), thread: id(50), subject: "Ask how the delivery went", due: at(today, 16) },
    { activity: id(61), thread: id(51), subject: "Call for a new card before autopay fails", due: at(today, 9) },
    {
      activity: id(62),
      thread: id(52),
      subject: "Call the customer about the missed delivery",
      due: at(yesterday, 15),
    },
  ];
  await tx.activity.createMany({
    data: made.map((m) => ({
      id: m.activity,
      branchId,
      threadId: m.thread,
      stepId: step.id,
      subject: m.subject,
      details: "Made by the automation from a route event.",
      scheduledTime: m.due,
      assignedPersonId: ericId,
      enteredTime: now,
    })),
  });
  const mailError = "Action 2 (send a mail): There is no mail address to send to. (failed 6 times)";
  const runs: Prisma.AutomationRunCreateManyInput[] = [
    { id: id(70), automationId: id(10), event: "WORK_ORDER_POSTED", tableId: "WORK_ORDER", entityId: id(20) },
    { id: id(71), automationId: id(11), event: "AUTOPAY_CARD_EXPIRING", tableId: "CUSTOMER", entityId: second.id },
    { id: id(72), automationId: id(12), event: "STOP_SKIPPED", tableId: "WORK_ORDER", entityId: id(21) },
  ].map((r) => {
    const failed = r.id === id(72);
    return {
      ...r,
      branchId,
      status: failed ? "FAILED" : "SUCCEEDED",
      attempts: failed ? 6 : 1,
      error: failed ? mailError : "",
      createdAt: at(yesterday, failed ? 14 : 16),
      startedAt: at(yesterday, failed ? 14 : 16),
      finishedAt: at(yesterday, failed ? 15 : 16),
    } as Prisma.AutomationRunCreateManyInput;
  });
  await tx.automationRun.createMany({ data: runs });
  await tx.automationActionRun.createMany({
    data: [
      { branchId, runId: id(70), actionIndex: 0, outcome: "SUCCEEDED", detail: id(60) },
      { branchId, runId: id(71), actionIndex: 0, outcome: "SUCCEEDED", detail: id(61) },
      { branchId, runId: id(72), actionIndex: 0, outcome: "SUCCEEDED", detail: id(62) },
      { branchId, runId: id(72), actionIndex: 1, outcome: "FAILED", detail: mailError },
    ],
  });
  // the card's event was raised (its run above): the sweep does not raise it again
  await tx.routeEventNotice.create({
    data: { branchId, event: "AUTOPAY_CARD_EXPIRING", entityId: second.id, key: `${cardId}:${expiration}` },
  });
}
