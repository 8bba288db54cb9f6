import { clock } from "../clock.ts";
import { todayIn } from "../db/seed-clock.ts";
import { seededRandom } from "../db/seed-tools.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { FunnelPosition } from "../generated/prisma/enums.ts";

// Demo workflow on the demo branch: three projects ("New customer sale" from first call to installed,
// with funnel positions and the milestones "Sold" and "Installed"; "Service call"; "Cooler rental"),
// priorities High / Normal / Low, project types, and 48 threads of demo customers with activities over
// the past and coming weeks for the sales and office people (Eric Employee, who signs in as
// employee@demo.test, has some of each: overdue, today and upcoming). The first steps of a sale go to
// the customer's zone's sales rep (the "Sales rep" territory role). Ids come from a fixed-seed
// generator and the choices from another, so every run is alike; the dates follow today on the
// business clock (work is due relative to today). Runs after the personnel and territories seeds.

type Tx = Prisma.TransactionClient;

type StepSpec = {
  description: string;
  funnel: FunnelPosition;
  milestone?: "Sold" | "Installed";
  zoneRole?: boolean;
  length?: number;
  subjects: string[];
};

const PROJECTS: { description: string; type: string; staff: "sales" | "office"; steps: StepSpec[] }[] = [
  {
    description: "New customer sale",
    type: "Sales",
    staff: "sales",
    steps: [
      {
        description: "First call",
        funnel: "TOP",
        zoneRole: true,
        length: 15,
        subjects: ["Call back about water delivery", "Intro call"],
      },
      {
        description: "Appointment",
        funnel: "MIDDLE",
        zoneRole: true,
        length: 60,
        subjects: ["Water taste test at home", "Office visit"],
      },
      {
        description: "Quote",
        funnel: "BOTTOM",
        length: 30,
        subjects: ["Send quote for 5-gallon delivery", "Follow up on quote"],
      },
      {
        description: "Sold",
        funnel: "SUCCESS",
        milestone: "Sold",
        length: 15,
        subjects: ["Sign agreement", "Set up first delivery"],
      },
      {
        description: "Installed",
        funnel: "SUCCESS",
        milestone: "Installed",
        length: 45,
        subjects: ["Install cooler and first delivery"],
      },
    ],
  },
  {
    description: "Service call",
    type: "Service",
    staff: "office",
    steps: [
      {
        description: "Call received",
        funnel: "TOP",
        length: 10,
        subjects: ["Cooler leaking", "Dispenser not cooling"],
      },
      { description: "Technician visit", funnel: "MIDDLE", length: 60, subjects: ["Inspect cooler", "Replace faucet"] },
      { description: "Resolved", funnel: "SUCCESS", length: 10, subjects: ["Confirm the fix with the customer"] },
    ],
  },
  {
    description: "Cooler rental",
    type: "Rentals",
    staff: "office",
    steps: [
      {
        description: "Rental request",
        funnel: "TOP",
        length: 15,
        subjects: ["Rental request from the portal", "Phone-in rental request"],
      },
      { description: "Delivery scheduled", funnel: "MIDDLE", length: 15, subjects: ["Book the cooler delivery"] },
      { description: "Cooler delivered", funnel: "SUCCESS", length: 30, subjects: ["Deliver and sanitize the cooler"] },
    ],
  },
];

const THREADS = 48;
const DAY_MS = 86_400_000;

export async function seedWorkflow(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true, timeZone: true } });
  if (!branch) return;
  const branchId = branch.id;
  const uuid = seededRandom(7_0700).uuid;
  const random = seededRandom(7_0701).next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const createdAt = new Date("2025-06-02T15:00:00Z");

  const [people, customers, salesRole, eric] = await Promise.all([
    tx.person.findMany({
      where: { branchId, inactive: false },
      select: { id: true, jobTitle: true },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    }),
    tx.customer.findMany({
      where: { branchId, status: "ACTIVE" },
      select: { id: true },
      orderBy: { accountNumber: "asc" },
      take: THREADS,
    }),
    tx.personTerritoryRole.findFirst({ where: { branchId, name: "Sales rep" }, select: { id: true } }),
    tx.user.findFirst({ where: { branchId, email: "employee@demo.test" }, select: { personId: true } }),
  ]);
  const sales = people.filter((p) => /sales/i.test(p.jobTitle)).map((p) => p.id);
  const office = people
    .filter((p) => /(customer service|billing|office)/i.test(p.jobTitle))
    .map((p) => p.id)
    .filter((id) => id !== eric?.personId);
  const staffOf = (kind: "sales" | "office") => (kind === "sales" ? sales : office);

  const priorities = ["High", "Normal", "Low"].map((name, i) => ({
    id: uuid(),
    branchId,
    name,
    sortOrder: i + 1,
    createdAt,
  }));
  const normal = priorities[1]!.id;
  const types = new Map(PROJECTS.map((p) => [p.type, { id: uuid(), branchId, name: p.type, createdAt }]));
  const milestones = new Map(
    (["Sold", "Installed"] as const).map((name, i) => [
      name,
      { id: uuid(), branchId, name, sortOrder: i + 1, type: "Sales", createdAt },
    ]),
  );
  const projects: Prisma.ProjectCreateManyInput[] = [];
  const steps: (Prisma.ProjectStepCreateManyInput & { id: string; subjects: string[] })[][] = [];
  for (const p of PROJECTS) {
    const projectId = uuid();
    projects.push({
      id: projectId,
      branchId,
      description: p.description,
      typeId: types.get(p.type)!.id,
      defaultPriorityId: normal,
      defaultPersonId: staffOf(p.staff)[0] ?? null,
      createdAt,
    });
    steps.push(
      p.steps.map((s, i) => ({
        id: uuid(),
        branchId,
        projectId,
        description: s.description,
        sortLevel: (i + 1) * 10,
        funnelPosition: s.funnel,
        milestoneId: s.milestone ? milestones.get(s.milestone)!.id : null,
        defaultZoneRoleId: s.zoneRole && salesRole ? salesRole.id : null,
        defaultLengthMinutes: s.length ?? 30,
        createdAt,
        subjects: s.subjects,
      })),
    );
  }

  // Threads: most are sales; each has reached a step (earlier steps resolved, the current one open),
  // and every fifth is finished (its last step resolved: closed). Open work is spread from two weeks
  // ago to three weeks ahead, working hours in the branch's time zone (Chicago: UTC-6 or -5).
  const today = todayIn(branch.timeZone || "America/Chicago", clock.now());
  const threads: Prisma.ProjectThreadCreateManyInput[] = [];
  const activities: Prisma.ActivityCreateManyInput[] = [];
  customers.forEach((customer, n) => {
    const which = n % 4 === 3 ? 1 + (n % 8 === 3 ? 1 : 0) : 0;
    const project = PROJECTS[which]!;
    const projectSteps = steps[which]!;
    const finished = n % 5 === 4;
    const reached = finished ? projectSteps.length : 1 + Math.floor(random() * (projectSteps.length - 1));
    const threadId = uuid();
    const staff = staffOf(project.staff);
    const owner = eric?.personId && n % 4 === 1 ? eric.personId : staff.length ? pick(staff) : null;
    // The open activity: -14 .. +20 days from today (two of Eric's today).
    const dueDay = n === 1 || n === 5 ? 0 : Math.floor(random() * 35) - 14;
    const startDay = dueDay - reached * 4 - 2;
    threads.push({
      id: threadId,
      branchId,
      projectId: projects[which]!.id!,
      customerId: customer.id,
      createdAt: new Date(today.getTime() + startDay * DAY_MS),
    });
    for (let i = 0; i < reached; i++) {
      const step = projectSteps[i]!;
      const open = i === reached - 1 && !finished;
      const day = open ? dueDay : startDay + i * 4 + 1;
      const scheduledTime = new Date(today.getTime() + day * DAY_MS + (15 + Math.floor(random() * 7)) * 3_600_000);
      const done = new Date(scheduledTime.getTime() + 3_600_000);
      activities.push({
        id: uuid(),
        branchId,
        threadId,
        stepId: step.id,
        subject: pick(step.subjects),
        scheduledTime,
        lengthMinutes: step.defaultLengthMinutes,
        status: open ? "ACTIVE" : "RESOLVED",
        priorityId: pick(priorities).id,
        assignedPersonId: owner,
        enteredByPersonId: owner,
        enteredTime: new Date(scheduledTime.getTime() - 2 * DAY_MS),
        resolvedTime: open ? null : done,
        resolvedByPersonId: open ? null : owner,
      });
      if (finished && i === reached - 1) threads[threads.length - 1]!.closedAt = done;
    }
  });

  await tx.workflowPriority.createMany({ data: priorities });
  await tx.projectType.createMany({ data: [...types.values()] });
  await tx.projectMilestone.createMany({ data: [...milestones.values()] });
  await tx.project.createMany({ data: projects });
  await tx.projectStep.createMany({ data: steps.flat().map(({ subjects: _s, ...s }) => s) });
  await tx.projectThread.createMany({ data: threads });
  await tx.activity.createMany({ data: activities });
}
