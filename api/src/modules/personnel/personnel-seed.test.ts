import { expect, test } from "bun:test";
import { Client, type TestServer } from "../../../test/harness.ts";
import { serveDemo } from "../../../test/serve-demo.ts";

// The demo's people: about 25 employees in 4 security groups, the manager who signs in through the
// Managers group, weekly hours for the sales team, appointment slots on the sales zones, and the two
// fixed demo employees unchanged (employee@: ADMINISTRATIVE_SETUP; noaccess@: nothing at all).

let server: TestServer;
serveDemo((s) => {
  server = s;
});

test("demo personnel, groups, grants, availability and slots", async () => {
  const p = server.prisma;
  const demo = await p.branch.findUniqueOrThrow({ where: { host: "demo" } });
  const people = await p.person.count({ where: { branchId: demo.id } });
  expect(people).toBeGreaterThanOrEqual(24);
  expect(people).toBeLessThanOrEqual(28);
  const groups = await p.securityGroup.findMany({ where: { branchId: demo.id }, orderBy: { name: "asc" } });
  expect(groups.map((g) => g.name)).toEqual(["Drivers", "Managers", "Office", "Sales"]);
  for (const g of groups) expect(await p.securityGroupMember.count({ where: { groupId: g.id } })).toBeGreaterThan(1);

  const noaccess = await p.person.findFirstOrThrow({ where: { branchId: demo.id, email: "noaccess@demo.test" } });
  expect(await p.securityGroupMember.count({ where: { personId: noaccess.id } })).toBe(0);
  expect(await p.permissionGrant.count({ where: { actorId: noaccess.id } })).toBe(0);

  const manager = new Client(server.url, "demo");
  expect((await manager.login("manager@demo.test", "demo-pass-1")).isSuccess).toBe(true);
  const me = await manager.gql<{ currentUser: { employeePermissions: string[] } }>(
    "{ currentUser { employeePermissions } }",
  );
  expect(me.data?.currentUser.employeePermissions).toContain("PERSONNEL_MANAGEMENT");
  expect(me.data?.currentUser.employeePermissions).not.toContain("ADMINISTRATIVE_SETUP");
  const sales = await manager.gql<{ personAvailabilities: { person: { jobTitle: string }; weekly: unknown[] }[] }>(
    "{ personAvailabilities { person { jobTitle } weekly { weekday } } }",
  );
  const salesRows = sales.data!.personAvailabilities.filter((a) => /sales/i.test(a.person.jobTitle));
  expect(salesRows.length).toBeGreaterThanOrEqual(5);
  for (const row of salesRows) expect(row.weekly.length).toBeGreaterThanOrEqual(5);

  const employee = new Client(server.url, "demo");
  await employee.login("employee@demo.test", "demo-pass-1");
  const eric = await employee.gql<{ currentUser: { employeePermissions: string[] } }>(
    "{ currentUser { employeePermissions } }",
  );
  expect(eric.data?.currentUser.employeePermissions).toEqual(["ADMINISTRATIVE_SETUP"]);
  const slots = await p.appointmentTimeSlot.count({ where: { branchId: demo.id } });
  expect(slots).toBeGreaterThan(0);
});
