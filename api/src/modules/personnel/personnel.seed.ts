import { clock } from "../../clock.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { EmployeePermission, Weekday } from "../../generated/prisma/enums.ts";
import { branchToday } from "../availability/availability.service.ts";

// Demo personnel: the demo branch's ~25 employees (office, drivers, sales, managers) in four security
// groups with sensible grants, a manager who signs in (manager@demo.test, through the Managers
// group only), weekly hours for the sales team and a week off for one rep. Fixed data, fixed ids (no
// faker), so the rest of the demo stays as it was. `noaccess@demo.test` stays without any grant and
// group; `employee@demo.test` keeps ADMINISTRATIVE_SETUP. Runs before the territories seed, which
// gives the sales people and drivers their zones; seedAppointmentSlots runs after it.

const id = (n: number) => `00000000-0000-4000-8000-0000000b${String(n).padStart(4, "0")}`;

type NewPerson = { n: number; firstName: string; lastName: string; jobTitle: string; phone: string };

const NEW_PEOPLE: NewPerson[] = [
  { n: 1, firstName: "Margaret", lastName: "Holloway", jobTitle: "General Manager", phone: "(512) 555-0110" },
  { n: 2, firstName: "Victor", lastName: "Ramos", jobTitle: "Operations Manager", phone: "(512) 555-0111" },
  { n: 3, firstName: "Dana", lastName: "Whitfield", jobTitle: "Sales Manager", phone: "(512) 555-0112" },
  { n: 4, firstName: "Luis", lastName: "Ortega", jobTitle: "Sales Representative", phone: "(512) 555-0113" },
  { n: 5, firstName: "Priya", lastName: "Nair", jobTitle: "Sales Representative", phone: "(512) 555-0114" },
  { n: 6, firstName: "Colin", lastName: "Mercer", jobTitle: "Sales Representative", phone: "(512) 555-0115" },
  { n: 7, firstName: "Tasha", lastName: "Greene", jobTitle: "Sales Representative", phone: "(512) 555-0116" },
  { n: 8, firstName: "Ben", lastName: "Ashworth", jobTitle: "Inside Sales Representative", phone: "(512) 555-0117" },
  {
    n: 9,
    firstName: "Rosa",
    lastName: "Delgado",
    jobTitle: "Customer Service Representative",
    phone: "(512) 555-0118",
  },
  { n: 10, firstName: "Kevin", lastName: "Park", jobTitle: "Billing Specialist", phone: "(512) 555-0119" },
  { n: 11, firstName: "Hannah", lastName: "Brooks", jobTitle: "Office Assistant", phone: "(512) 555-0120" },
  { n: 12, firstName: "Marcus", lastName: "Bell", jobTitle: "Warehouse Manager", phone: "(512) 555-0121" },
  { n: 13, firstName: "Tyrone", lastName: "Jackson", jobTitle: "Route Driver", phone: "(512) 555-0122" },
  { n: 14, firstName: "Evelyn", lastName: "Cho", jobTitle: "Route Driver", phone: "(512) 555-0123" },
];

const GROUPS: { key: string; name: string; grants: EmployeePermission[] }[] = [
  {
    key: "office",
    name: "Office",
    grants: [
      "CUSTOMER_ACCESS",
      "CUSTOMER_CREDIT_CARDS",
      "LEAD_DATA_ENTRY",
      "MESSAGING",
      "SCHEDULING",
      "INVENTORY_VIEW",
    ],
  },
  {
    key: "sales",
    name: "Sales",
    grants: ["CUSTOMER_ACCESS", "LEAD_DATA_ENTRY", "LEAD_REPORTING", "MAPPING", "PROJECT_MANAGEMENT"],
  },
  {
    key: "managers",
    name: "Managers",
    grants: [
      "PERSONNEL_MANAGEMENT",
      "SECURITY_USERS_AND_POLICIES",
      "SCHEDULING",
      "TEAM_CONFIGURATION",
      "TERRITORY_MANAGEMENT",
      "LEAD_ADMIN",
      "REPORT_MANAGER",
      "FINANCIAL_REPORTING",
      "CUSTOMER_ACCESS",
      "INVENTORY_VIEW",
    ],
  },
];

/** Which group a job title belongs to (drivers already have theirs). */
function groupFor(jobTitle: string): string | null {
  if (/manager/i.test(jobTitle) && !/office manager/i.test(jobTitle)) return "managers";
  if (/sales/i.test(jobTitle)) return "sales";
  if (/(customer service|billing|office assistant|accounts receivable|dispatcher)/i.test(jobTitle)) return "office";
  return null;
}

export const DEMO_MANAGER_EMAIL = "manager@demo.test";

export async function seedPersonnel(tx: Prisma.TransactionClient): Promise<void> {
  const demo = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true, timeZone: true } });
  if (!demo) return;
  const branchId = demo.id;
  const createdAt = new Date("2025-03-03T15:00:00Z");
  await tx.person.createMany({
    data: NEW_PEOPLE.map((p) => ({
      id: id(p.n),
      branchId,
      firstName: p.firstName,
      lastName: p.lastName,
      email: `${p.firstName}.${p.lastName}@demo-water.example`.toLowerCase(),
      jobTitle: p.jobTitle,
      phone: p.phone,
      etaReminders: p.jobTitle.includes("Driver"),
      createdAt,
    })),
  });

  const groupIds = new Map(GROUPS.map((g, i) => [g.key, id(100 + i)]));
  await tx.securityGroup.createMany({
    data: GROUPS.map((g) => ({ id: groupIds.get(g.key)!, branchId, name: g.name })),
  });
  await tx.permissionGrant.createMany({
    data: GROUPS.flatMap((g) =>
      g.grants.map((permission) => ({
        branchId,
        actorType: "SECURITY_GROUP" as const,
        actorId: groupIds.get(g.key)!,
        permission,
        createdAt,
      })),
    ),
  });

  // Everyone but the administrator and the trainee without access joins the group of their job.
  const people = await tx.person.findMany({
    where: { branchId, email: { notIn: ["employee@demo.test", "noaccess@demo.test"] } },
    select: { id: true, jobTitle: true },
  });
  const drivers = await tx.securityGroup.findFirst({ where: { branchId, name: "Drivers" }, select: { id: true } });
  const members: { branchId: string; groupId: string; personId: string }[] = [];
  for (const p of people) {
    const key = groupFor(p.jobTitle);
    if (key) members.push({ branchId, groupId: groupIds.get(key)!, personId: p.id });
    else if (drivers && /driver/i.test(p.jobTitle)) members.push({ branchId, groupId: drivers.id, personId: p.id });
  }
  await tx.securityGroupMember.createMany({ data: members, skipDuplicates: true });

  // The general manager signs in, with the Managers group's grants and none of their own.
  const eric = await tx.user.findFirst({ where: { branchId, email: "employee@demo.test" } });
  if (eric)
    await tx.user.create({
      data: {
        id: id(200),
        branchId,
        email: DEMO_MANAGER_EMAIL,
        firstName: "Margaret",
        lastName: "Holloway",
        passwordHash: eric.passwordHash,
        verifiedEmail: true,
        personId: id(1),
        createdAt,
      },
    });
  await tx.person.update({ where: { id: id(1) }, data: { email: DEMO_MANAGER_EMAIL } });

  // The sales team's weekly hours: the manager and reps Monday to Friday, 9:00 to 17:00 (the inside
  // rep from 8:00 to 16:00, one rep also on Saturday mornings); one rep is off next week.
  const sales = NEW_PEOPLE.filter((p) => /sales/i.test(p.jobTitle));
  const weekdays: Weekday[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"];
  await tx.personAvailability.createMany({
    data: sales.flatMap((p) => [
      ...weekdays.map((weekday) => ({
        branchId,
        personId: id(p.n),
        weekday,
        startMinute: p.jobTitle.startsWith("Inside") ? 8 * 60 : 9 * 60,
        endMinute: p.jobTitle.startsWith("Inside") ? 16 * 60 : 17 * 60,
      })),
      ...(p.n === 5
        ? [{ branchId, personId: id(p.n), weekday: "SATURDAY" as const, startMinute: 540, endMinute: 780 }]
        : []),
    ]),
  });
  const today = branchToday(demo.timeZone, clock.now());
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86400_000);
  await tx.personTimeOff.create({
    data: { branchId, personId: id(6), startDate: day(7), endDate: day(11), reason: "Vacation" },
  });
}

/**
 * Appointment slots of the demo's sales zones (the territories seed's "Sales territories" map): two
 * morning and two afternoon windows on weekdays, one on Saturday morning.
 */
export async function seedAppointmentSlots(tx: Prisma.TransactionClient): Promise<void> {
  const demo = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!demo) return;
  const zones = await tx.territoryZone.findMany({
    where: { branchId: demo.id, map: { name: "Sales territories" } },
    select: { id: true },
  });
  const weekdays: Weekday[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"];
  const windows = [
    [540, 660, 2],
    [660, 780, 1],
    [780, 900, 2],
    [900, 1020, 1],
  ] as const;
  await tx.appointmentTimeSlot.createMany({
    data: zones.flatMap((z) => [
      ...weekdays.flatMap((weekday) =>
        windows.map(([startMinute, endMinute, capacity]) => ({
          branchId: demo.id,
          zoneId: z.id,
          weekday,
          startMinute,
          endMinute,
          capacity,
        })),
      ),
      { branchId: demo.id, zoneId: z.id, weekday: "SATURDAY" as const, startMinute: 540, endMinute: 720, capacity: 1 },
    ]),
  });
}
