import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { apiKeyClient as apiKeyOf, employee as employeeOf, serveBranch } from "../../../test/personnel-helpers.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";

// Person availabilities and appointment slots per zone through GraphQL. Changing needs SCHEDULING
// (person grant, group grant, API key); reading slots also suits lead staff. Dates are fixed inputs,
// never today's: availabilityByZone is asked for a given start date.

let server: TestServer;
let branchId = "";
let host = "";
const b = () => ({ server, branchId, host });
const employee = (permissions: EmployeePermission[] = []) => employeeOf(b(), permissions);

serveBranch((made) => ({ server, branchId, host } = made));

const CHANGE = `mutation($i: ChangePersonAvailabilityInput!){ changePersonAvailability(input: $i){ isSuccess message } }`;
const READ = `query($p: ID){ personAvailabilities(personId: $p){ person { fullName }
  weekly { weekday startMinute endMinute } timeOff { startDate endDate reason } } }`;
const SET_SLOTS = `mutation($i: SetAppointmentTimeSlotsInput!){ setAppointmentTimeSlots(input: $i){ isSuccess message } }`;
const BY_ZONE = `query($z: String!, $d: Date, $n: Int){ availabilityByZone(zoneId: $z, startDate: $d, days: $n){
  date weekday slots { startMinute endMinute capacity available availablePersons } } }`;

describe("person availabilities", () => {
  test("weekly hours and time off are replaced as a whole; overlaps and bad dates are refused and change nothing", async () => {
    const c = await employee(["SCHEDULING"]);
    const person = await server.prisma.person.create({ data: { branchId, firstName: "Sal", lastName: "Esperson" } });
    const weekly = [
      { weekday: "TUESDAY", startMinute: 13 * 60, endMinute: 17 * 60 },
      { weekday: "MONDAY", startMinute: 8 * 60, endMinute: 12 * 60 },
    ];
    const ok = await c.gql<{ changePersonAvailability: { isSuccess: boolean; message: string } }>(CHANGE, {
      i: {
        personId: person.id,
        weekly,
        timeOff: [{ startDate: "2026-12-24", endDate: "2026-12-26", reason: "Holidays" }],
      },
    });
    expect(ok.data?.changePersonAvailability).toEqual({
      isSuccess: true,
      message: "Availability of Sal Esperson saved.",
    });
    const read = await c.gql<{ personAvailabilities: { weekly: unknown[]; timeOff: unknown[] }[] }>(READ, {
      p: person.id,
    });
    expect(read.data?.personAvailabilities[0]).toEqual({
      person: { fullName: "Sal Esperson" },
      weekly: [
        { weekday: "MONDAY", startMinute: 480, endMinute: 720 },
        { weekday: "TUESDAY", startMinute: 780, endMinute: 1020 },
      ],
      timeOff: [{ startDate: "2026-12-24", endDate: "2026-12-26", reason: "Holidays" }],
    } as never);

    const overlap = await c.gql<{ changePersonAvailability: { isSuccess: boolean; message: string } }>(CHANGE, {
      i: {
        personId: person.id,
        weekly: [
          { weekday: "MONDAY", startMinute: 480, endMinute: 720 },
          { weekday: "MONDAY", startMinute: 700, endMinute: 800 },
        ],
        timeOff: [],
      },
    });
    expect(overlap.data?.changePersonAvailability).toEqual({
      isSuccess: false,
      message: "Working hours on Monday overlap: 08:00–12:00 and 11:40–13:20.",
    });
    const backwards = await c.gql<{ changePersonAvailability: { message: string } }>(CHANGE, {
      i: { personId: person.id, weekly: [], timeOff: [{ startDate: "2026-12-26", endDate: "2026-12-24" }] },
    });
    expect(backwards.data?.changePersonAvailability.message).toBe("Time off must end on or after the day it starts.");
    const after = await c.gql<{ personAvailabilities: { weekly: unknown[] }[] }>(READ, { p: person.id });
    expect(after.data?.personAvailabilities[0]?.weekly).toHaveLength(2);
  });

  test("SCHEDULING is needed to change: refused without it, allowed by a group grant; keys only read slots", async () => {
    const person = await server.prisma.person.create({ data: { branchId, firstName: "Al", lastName: "Lowed" } });
    const i = { personId: person.id, weekly: [{ weekday: "FRIDAY", startMinute: 540, endMinute: 600 }], timeOff: [] };
    expect((await (await employee(["LEAD_ADMIN"])).gql(CHANGE, { i })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await server.prisma.personAvailability.count({ where: { personId: person.id } })).toBe(0);

    const viaGroup = await employee([]);
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: "Schedulers" } });
    await server.prisma.permissionGrant.create({
      data: { branchId, actorType: "SECURITY_GROUP", actorId: group.id, permission: "SCHEDULING" },
    });
    await server.prisma.securityGroupMember.create({
      data: { branchId, groupId: group.id, personId: viaGroup.personId },
    });
    expect((await viaGroup.gql(CHANGE, { i })).errors).toBeUndefined();

    // Availability is changed by people: a key holding SCHEDULING is refused.
    const key = await apiKeyOf(b(), ["SCHEDULING"]);
    expect((await key.gql(CHANGE, { i })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const lead = await apiKeyOf(b(), ["LEAD_DATA_ENTRY"]);
    expect((await lead.gql(CHANGE, { i })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    // Lead staff may read a zone's availability (to book), not change it.
    expect((await lead.gql(BY_ZONE, { z: "zone-x", d: "2026-12-07", n: 1 })).errors).toBeUndefined();
  });
});

describe("appointment slots per zone", () => {
  test("set per weekday; availability by zone lists each day's slots and who works then", async () => {
    // A branch of its own, so that only the people below work there.
    const own = await factories(server.prisma).branch();
    const c = await employeeOf({ server, branchId: own.id, host: own.host }, ["SCHEDULING"]);
    const zone = `zone-${crypto.randomUUID()}`;
    const set = await c.gql<{ setAppointmentTimeSlots: { isSuccess: boolean; message: string } }>(SET_SLOTS, {
      i: {
        zoneId: zone,
        slots: [
          { weekday: "MONDAY", startMinute: 540, endMinute: 660, capacity: 2 },
          { weekday: "MONDAY", startMinute: 780, endMinute: 900, capacity: 1 },
          { weekday: "WEDNESDAY", startMinute: 540, endMinute: 660, capacity: 3 },
        ],
      },
    });
    expect(set.data?.setAppointmentTimeSlots).toEqual({ isSuccess: true, message: "3 slots a week saved." });

    // One salesperson works Monday mornings, another all Monday but is off on 2026-12-07.
    const [morning, allDay] = await server.prisma.person.createManyAndReturn({
      data: [
        { branchId: own.id, firstName: "Mo", lastName: "Rning" },
        { branchId: own.id, firstName: "Al", lastName: "Day" },
      ],
    });
    for (const [p, end] of [
      [morning!, 720],
      [allDay!, 1080],
    ] as const)
      await c.gql(CHANGE, {
        i: {
          personId: p.id,
          weekly: [{ weekday: "MONDAY", startMinute: 480, endMinute: end }],
          timeOff: p === allDay ? [{ startDate: "2026-12-07", endDate: "2026-12-07" }] : [],
        },
      });
    const days = await c.gql<{
      availabilityByZone: {
        date: string;
        weekday: string;
        slots: { startMinute: number; availablePersons: number; available: number }[];
      }[];
    }>(BY_ZONE, { z: zone, d: "2026-12-07", n: 9 });
    const list = days.data!.availabilityByZone;
    expect(list).toHaveLength(9);
    expect(list[0]).toMatchObject({ date: "2026-12-07", weekday: "MONDAY" });
    expect(list[0]!.slots.map((s) => [s.startMinute, s.available, s.availablePersons])).toEqual([
      [540, 2, 1],
      [780, 1, 0],
    ]);
    expect(list[2]).toMatchObject({
      date: "2026-12-09",
      weekday: "WEDNESDAY",
      slots: [{ startMinute: 540, available: 3 }],
    });
    expect(list[1]!.slots).toEqual([]);
    expect(list[7]!.slots.map((s) => s.availablePersons)).toEqual([2, 1]); // the next Monday: nobody off

    const slots = await c.gql<{ appointmentTimeSlots: { weekday: string }[] }>(
      "query($z: String!){ appointmentTimeSlots(zoneId: $z){ weekday startMinute endMinute capacity } }",
      { z: zone },
    );
    expect(slots.data?.appointmentTimeSlots.map((s) => s.weekday)).toEqual(["MONDAY", "MONDAY", "WEDNESDAY"]);

    const overlap = await c.gql<{ setAppointmentTimeSlots: { isSuccess: boolean; message: string } }>(SET_SLOTS, {
      i: {
        zoneId: zone,
        slots: [
          { weekday: "MONDAY", startMinute: 540, endMinute: 660, capacity: 2 },
          { weekday: "MONDAY", startMinute: 600, endMinute: 700, capacity: 0 },
        ],
      },
    });
    expect(overlap.data?.setAppointmentTimeSlots).toEqual({
      isSuccess: false,
      message: "Capacity must be at least 1.",
    });
    const tooMany = await c.gql(BY_ZONE, { z: zone, n: 100 });
    expect(tooMany.errors?.[0]?.message).toBe("Ask for 1 to 62 days.");
    expect(await server.prisma.appointmentTimeSlot.count({ where: { zoneId: zone } })).toBe(3);
  });
});
