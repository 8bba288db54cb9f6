import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { tokenIn, waitForMail } from "../../../test/account-helpers.ts";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { apiKeyClient as apiKeyOf, employee as employeeOf } from "../../../test/personnel-helpers.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";

// Personnel through GraphQL: the searchable list, one person, creating an employee who is mailed a
// set-password link and signs in with it, editing, and deactivating (sessions end, sign-in refused).
// Enforcement: PERSONNEL_MANAGEMENT through a person grant, a security-group grant and an API key.

let server: TestServer;
let branchId = "";
let host = "";

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  const b = await factories(server.prisma).branch();
  branchId = b.id;
  host = b.host;
}, 60_000);
afterAll(() => server.close(), 30_000);

const b = () => ({ server, branchId, host });
const employee = (permissions: EmployeePermission[] = []) => employeeOf(b(), permissions);
const apiKeyClient = (permissions: EmployeePermission[]) => apiKeyOf(b(), permissions);

const LIST = `query($s: String, $sort: PersonnelSort, $dir: SortDirection, $inactive: Boolean){
  personnel(search: $s, sortBy: $sort, sortDirection: $dir, includeInactive: $inactive, take: 100){
    totalCount items { id fullName email jobTitle inactive securityGroups { name } } } }`;
type ListResult = {
  personnel: {
    totalCount: number;
    items: { id: string; fullName: string; email: string; jobTitle: string; inactive: boolean }[];
  };
};

describe("personnel", () => {
  test("searchable by name, email or job title, sorted on the server; inactive people only when asked", async () => {
    const p = server.prisma;
    const made = await p.person.createManyAndReturn({
      data: [
        { branchId, firstName: "Zed", lastName: "Alpha", email: "zed@x.test", jobTitle: "Route Driver" },
        { branchId, firstName: "Amy", lastName: "Zulu", email: "amy@x.test", jobTitle: "Sales Rep" },
        { branchId, firstName: "Old", lastName: "Timer", email: "old@x.test", jobTitle: "Sales Rep", inactive: true },
      ],
    });
    const c = await employee(["PERSONNEL_MANAGEMENT"]);
    const sales = await c.gql<ListResult>(LIST, { s: "sales" });
    expect(sales.data?.personnel.items.map((i) => i.fullName)).toEqual(["Amy Zulu"]);
    const withInactive = await c.gql<ListResult>(LIST, { s: "sales rep", inactive: true });
    expect(withInactive.data?.personnel.items.map((i) => i.fullName)).toEqual(["Old Timer", "Amy Zulu"]);
    const byName = await c.gql<ListResult>(LIST, { s: "@x.test", sort: "NAME", dir: "DESC" });
    expect(byName.data?.personnel.items.map((i) => i.fullName)).toEqual(["Amy Zulu", "Zed Alpha"]);
    const byTitle = await c.gql<ListResult>(LIST, { s: "@x.test", sort: "JOB_TITLE" });
    expect(byTitle.data?.personnel.items.map((i) => i.jobTitle)).toEqual(["Route Driver", "Sales Rep"]);

    const one = await c.gql<{ personById: { fullName: string } }>(
      "query($id: ID!){ personById(personId: $id){ fullName } }",
      { id: made[0]!.id },
    );
    expect(one.data?.personById.fullName).toBe("Zed Alpha");

    const bad = await c.gql(LIST, { s: "x".repeat(101) });
    expect(bad.errors?.[0]?.message).toBe("Search at most 100 characters.");
  });

  test("PERSONNEL_MANAGEMENT is needed: refused without it, allowed by a group grant and by an API key", async () => {
    const none = await employee([]);
    expect((await none.gql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const viaGroup = await employee([]);
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: `Office ${viaGroup.personId}` } });
    await server.prisma.permissionGrant.create({
      data: { branchId, actorType: "SECURITY_GROUP", actorId: group.id, permission: "PERSONNEL_MANAGEMENT" },
    });
    await server.prisma.securityGroupMember.create({
      data: { branchId, groupId: group.id, personId: viaGroup.personId },
    });
    expect((await viaGroup.gql<ListResult>(LIST)).data?.personnel.totalCount).toBeGreaterThan(0);

    const key = await apiKeyClient(["PERSONNEL_MANAGEMENT"]);
    expect((await key.gql<ListResult>(LIST)).data?.personnel.totalCount).toBeGreaterThan(0);
    const otherKey = await apiKeyClient(["SCHEDULING"]);
    expect((await otherKey.gql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("a new employee is mailed a set-password link, sets a password with it and signs in to the team", async () => {
    const c = await employee(["PERSONNEL_MANAGEMENT"]);
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: "Sales" } });
    const CREATE = `mutation($i: CreateEmployeeInput!){ createEmployee(input: $i){ isSuccess message
      person { id fullName email canSignIn invitePending securityGroups { name } } } }`;
    const r = await c.gql<{
      createEmployee: {
        isSuccess: boolean;
        message: string;
        person: { id: string; canSignIn: boolean; invitePending: boolean; securityGroups: { name: string }[] };
      };
    }>(CREATE, {
      i: {
        firstName: " Nina ",
        lastName: "Newhire",
        email: "Nina@Example.test",
        jobTitle: "Sales Rep",
        securityGroupIds: [group.id],
      },
    });
    expect(r.data?.createEmployee).toMatchObject({
      isSuccess: true,
      message: "Nina Newhire was added. Invitation sent to nina@example.test.",
      person: { canSignIn: true, invitePending: true, securityGroups: [{ name: "Sales" }] },
    });
    const mail = await waitForMail(server.prisma, "nina@example.test", /invited/);
    const token = tokenIn(mail.text);
    expect(mail.text).toContain("/v2/account/reset-password");

    const nina = new Client(server.url, host);
    expect((await nina.login("nina@example.test", "new-pass-1")).isSuccess).toBe(false);
    const reset = await nina.gql<{ resetPassword: { isSuccess: boolean } }>(
      "mutation($i: ResetPasswordInput!){ resetPassword(input: $i){ isSuccess message } }",
      { i: { token, password: "new-pass-1" } },
    );
    expect(reset.data?.resetPassword.isSuccess).toBe(true);
    const login = await nina.login("nina@example.test", "new-pass-1");
    expect(login).toMatchObject({ isSuccess: true, employeePersonId: r.data!.createEmployee.person.id });

    // The same address again is refused, and nothing is created.
    const before = await server.prisma.person.count({ where: { branchId } });
    const again = await c.gql<{ createEmployee: { isSuccess: boolean; message: string } }>(CREATE, {
      i: { firstName: "Nina", lastName: "Twice", email: "nina@example.test" },
    });
    expect(again.data?.createEmployee).toMatchObject({
      isSuccess: false,
      message: "Someone already signs in with this email address.",
    });
    const noName = await c.gql<{ createEmployee: { message: string } }>(CREATE, {
      i: { firstName: " ", lastName: "X", email: "x@example.test" },
    });
    expect(noName.data?.createEmployee.message).toBe("First name is required.");
    expect(await server.prisma.person.count({ where: { branchId } })).toBe(before);
  });

  test("editing a person's email changes their sign-in only once the new address confirms it (the old one is told)", async () => {
    const c = await employee(["PERSONNEL_MANAGEMENT"]);
    const target = await employee([]);
    const r = await c.gql<{ updatePerson: { isSuccess: boolean; person: { fullName: string; phone: string } } }>(
      `mutation($id: ID!, $i: PersonDetailsInput!){ updatePerson(personId: $id, input: $i){ isSuccess message
        person { fullName phone jobTitle etaReminders } } }`,
      {
        id: target.personId,
        i: {
          firstName: "Terry",
          lastName: "Target",
          email: "terry@example.test",
          phone: "(512) 555-0199",
          jobTitle: "Driver",
          etaReminders: true,
        },
      },
    );
    expect(r.data?.updatePerson).toMatchObject({
      isSuccess: true,
      message:
        "Saved. The sign-in email changes once the link we sent to terry@example.test is followed; the current address was told.",
      person: { fullName: "Terry Target", phone: "(512) 555-0199" },
    });
    // Not yet: whoever edits a person cannot move their sign-in (and its reset links) by themselves.
    expect((await new Client(server.url, host).login("terry@example.test", target.password)).isSuccess).toBe(false);
    expect((await new Client(server.url, host).login(target.email, target.password)).isSuccess).toBe(true);
    await waitForMail(server.prisma, target.email, /email address is changing/);
    const link = await waitForMail(server.prisma, "terry@example.test", /Confirm your new email address/);
    const verified = await new Client(server.url, host).gql<{ verifyEmail: { isSuccess: boolean } }>(
      "mutation($t: String!){ verifyEmail(input: { token: $t }){ isSuccess message } }",
      { t: tokenIn(link.text) },
    );
    expect(verified.data?.verifyEmail.isSuccess).toBe(true);
    expect((await new Client(server.url, host).login("terry@example.test", target.password)).isSuccess).toBe(true);
  });

  test("a photo: an image is stored and served, the one it replaces is deleted, a non-image is refused", async () => {
    const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const c = await employee(["PERSONNEL_MANAGEMENT"]);
    const target = await employee([]);
    type PhotoResult = { setPersonPhoto: { isSuccess: boolean; message: string; person: { photoUrl: string | null } } };
    const SET = `mutation($id: ID!, $i: UploadMediaInput){ setPersonPhoto(personId: $id, input: $i){ isSuccess message
      person { photoUrl } } }`;
    const served = async (url: string) => (await fetch(`${server.url}${url}`)).status;

    const first = await c.gql<PhotoResult>(SET, {
      id: target.personId,
      i: { fileName: "me.png", dataBase64: PNG_1X1 },
    });
    expect(first.data?.setPersonPhoto).toMatchObject({ isSuccess: true, message: "Photo saved." });
    const firstUrl = first.data?.setPersonPhoto.person.photoUrl as string;
    expect(firstUrl).toMatch(/^\/media\/[a-f0-9]{32}\.png$/);
    expect(await served(firstUrl)).toBe(200);

    // a phone photo of 2 MB: more than an ordinary request body may be, as much as any upload
    const big = Buffer.concat([Buffer.from(PNG_1X1, "base64"), Buffer.alloc(2 * 1024 * 1024)]).toString("base64");
    const second = await c.gql<PhotoResult>(SET, { id: target.personId, i: { dataBase64: big } });
    const secondUrl = second.data?.setPersonPhoto.person.photoUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await served(firstUrl)).toBe(404);

    const text = await c.gql<PhotoResult>(SET, {
      id: target.personId,
      i: { dataBase64: btoa("<svg onload=alert(1)>") },
    });
    expect(text.data?.setPersonPhoto).toMatchObject({
      isSuccess: false,
      message: "Only PNG, JPEG, WebP and GIF images can be uploaded.",
    });
    const still = await c.gql<{ personById: { photoUrl: string } }>(
      `query($id: ID!){ personById(personId: $id){ photoUrl } }`,
      {
        id: target.personId,
      },
    );
    expect(still.data?.personById.photoUrl).toBe(secondUrl);

    const removed = await c.gql<PhotoResult>(SET, { id: target.personId });
    expect(removed.data?.setPersonPhoto).toMatchObject({
      isSuccess: true,
      message: "Photo removed.",
      person: { photoUrl: null },
    });
    expect(await served(secondUrl)).toBe(404);

    const refused = await (await employee([])).gql(SET, { id: target.personId });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("deactivating ends the person's sessions at once and refuses their sign-in; reactivating lets them back", async () => {
    const manager = await employee(["PERSONNEL_MANAGEMENT"]);
    const worker = await employee(["PERSONNEL_MANAGEMENT"]);
    const ME = "{ currentUser { userId employeePersonId } }";
    expect((await worker.gql(ME)).status).toBe(200);

    const SET = `mutation($id: ID!, $v: Boolean!){ setPersonInactive(personId: $id, inactive: $v){ isSuccess message person { inactive } } }`;
    const off = await manager.gql<{ setPersonInactive: { isSuccess: boolean; message: string } }>(SET, {
      id: worker.personId,
      v: true,
    });
    expect(off.data?.setPersonInactive.isSuccess).toBe(true);
    expect((await worker.gql(ME)).status).toBe(401);
    const again = await new Client(server.url, host).login(worker.email, worker.password);
    expect(again).toMatchObject({
      isSuccess: false,
      message: "This account has been deactivated. Ask your manager to reactivate it.",
    });

    const self = await manager.gql<{ setPersonInactive: { isSuccess: boolean; message: string } }>(SET, {
      id: manager.personId,
      v: true,
    });
    expect(self.data?.setPersonInactive).toMatchObject({ isSuccess: false, message: "You can't deactivate yourself." });

    await manager.gql(SET, { id: worker.personId, v: false });
    expect((await new Client(server.url, host).login(worker.email, worker.password)).isSuccess).toBe(true);
  });

  test("another branch's person reads as not found", async () => {
    const other = await factories(server.prisma).branch();
    const stranger = await server.prisma.person.create({
      data: { branchId: other.id, firstName: "Far", lastName: "Away" },
    });
    const c = await employee(["PERSONNEL_MANAGEMENT"]);
    const r = await c.gql("query($id: ID!){ personById(personId: $id){ id } }", { id: stranger.id });
    expect(r.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  test("active and team personnel: for any employee, a security group's members when asked", async () => {
    const c = await employee([]);
    const r = await c.gql<{ activePersonnel: { id: string }[]; teamPersonnel: { id: string }[] }>(
      "{ activePersonnel { id } teamPersonnel { id } }",
    );
    expect(r.data?.activePersonnel.map((p) => p.id)).toContain(c.personId);
    expect(r.data?.teamPersonnel.map((p) => p.id)).toContain(c.personId);
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: `Team ${c.personId}` } });
    await server.prisma.securityGroupMember.create({ data: { branchId, groupId: group.id, personId: c.personId } });
    const team = await c.gql<{ activePersonnel: { id: string }[] }>(
      "query($g: ID){ activePersonnel(securityGroupId: $g){ id } }",
      { g: group.id },
    );
    expect(team.data?.activePersonnel.map((p) => p.id)).toEqual([c.personId]);
    expect((await new Client(server.url, host).gql("{ activePersonnel { id } }")).status).toBe(401);
  });

  test("a colleague's email, phone, sign-in, groups and grants are for personnel and security staff only", async () => {
    const target = await employee(["DISPATCH"]);
    await server.prisma.person.update({ where: { id: target.personId }, data: { phone: "(512) 555-0142" } });
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: `Crew ${target.personId}` } });
    await server.prisma.securityGroupMember.create({
      data: { branchId, groupId: group.id, personId: target.personId },
    });
    type Row = {
      id: string;
      fullName: string;
      email: string;
      phone: string;
      permissions: string[];
      securityGroups: { id: string }[];
      lastLoginAt: string | null;
      canSignIn: boolean;
    };
    const Q = "{ activePersonnel { id fullName email phone permissions securityGroups { id } lastLoginAt canSignIn } }";
    const rowOf = async (c: Client) =>
      (await c.gql<{ activePersonnel: Row[] }>(Q)).data?.activePersonnel.find((p) => p.id === target.personId);
    // Any employee: the name for pickers, nothing else.
    expect(await rowOf(await employee([]))).toEqual({
      id: target.personId,
      fullName: "Emp Loyee",
      email: "",
      phone: "",
      permissions: [],
      securityGroups: [],
      lastLoginAt: null,
      canSignIn: false,
    });
    for (const staff of [["PERSONNEL_MANAGEMENT"], ["SECURITY_USERS_AND_POLICIES"]] as EmployeePermission[][]) {
      expect(await rowOf(await employee(staff))).toMatchObject({
        email: target.email,
        phone: "(512) 555-0142",
        permissions: ["DISPATCH"],
        securityGroups: [{ id: group.id }],
        lastLoginAt: expect.any(String),
        canSignIn: true,
      });
    }
  });
});
