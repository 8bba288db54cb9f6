import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { AppError } from "../../graphql/errors.ts";
import { assertEmployeeAddressAllowed, refusedMessage } from "../../security/ip-allowlist.ts";
import { loginMessages } from "./account.service.ts";

// A branch's IP allow-list at employee sign-in: the address is checked before the password (from an
// address off the list the answer does not depend on the password, and no hash is computed), and the
// check an employee session's requests go through (assertEmployeeAddressAllowed). The server trusts
// X-Forwarded-For here (TRUSTED_PROXY_HEADER), as it would behind the deployment's proxy.

let server: TestServer;
let listed: { id: string; host: string };
let open: { id: string; host: string };
const employee = { email: "", password: "", personId: "" };
const customer = { email: "", password: "" };
const OUTSIDE = "192.0.2.50";
const INSIDE = "10.20.4.5";

function from(address: string, host = listed.host) {
  const c = new Client(server.url, host);
  c.extraHeaders = { "x-forwarded-for": `6.6.6.6, ${address}` };
  return c;
}

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off", TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  const f = factories(server.prisma);
  listed = await f.branch();
  open = await f.branch();
  await server.prisma.branchIpAllowEntry.createMany({
    data: [
      { branchId: listed.id, cidr: "10.20.0.0/16" },
      { branchId: listed.id, cidr: "203.0.113.7" },
    ],
  });
  const e = await f.user(listed.id, { employee: true });
  Object.assign(employee, { email: e.email, password: e.password, personId: e.personId });
  const c = await f.user(listed.id);
  Object.assign(customer, { email: c.email, password: c.password });
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("employee sign-in from an address off the list", () => {
  test("is refused before the password is checked: the same answer for a right and a wrong password, no hash", async () => {
    const verify = spyOn(Bun.password, "verify");
    try {
      for (const password of [employee.password, "wrong-password"]) {
        const r = await from(OUTSIDE).login(employee.email, password);
        expect(r).toMatchObject({
          isSuccess: false,
          message: refusedMessage("sign-in", OUTSIDE),
          employeePersonId: null,
        });
      }
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  test("from an address on the list the password decides, as before", async () => {
    expect((await from(INSIDE).login(employee.email, "wrong-password")).message).toBe(loginMessages.wrong);
    const ok = await from("203.0.113.7").login(employee.email, employee.password);
    expect(ok).toMatchObject({ isSuccess: true, employeePersonId: employee.personId });
  });

  test("customers, unknown emails and other branches are not concerned", async () => {
    expect((await from(OUTSIDE).login(customer.email, customer.password)).isSuccess).toBe(true);
    expect((await from(OUTSIDE).login(customer.email, "wrong-password")).message).toBe(loginMessages.wrong);
    expect((await from(OUTSIDE).login("nobody@test.example", "wrong-password")).message).toBe(loginMessages.wrong);
    const other = await factories(server.prisma).user(open.id, { employee: true });
    expect((await from(OUTSIDE, open.host).login(other.email, other.password)).isSuccess).toBe(true);
  });
});

describe("an employee session's requests (assertEmployeeAddressAllowed)", () => {
  const staff = () => ({ personId: employee.personId });
  const refusal = async (run: Promise<void>) => {
    try {
      await run;
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return { code: (error as AppError).code, message: (error as AppError).message };
    }
  };

  test("refused from an address off the branch's list, with the message that says why", async () => {
    expect(await refusal(assertEmployeeAddressAllowed(server.prisma, listed.id, OUTSIDE, staff()))).toEqual({
      code: "FORBIDDEN",
      message: refusedMessage("employee-session", OUTSIDE),
    });
    expect(refusedMessage("employee-session", OUTSIDE)).toStartWith(`Employee access from ${OUTSIDE} is not allowed`);
  });

  test("allowed from an address on the list, and on a branch without a list", async () => {
    expect(await refusal(assertEmployeeAddressAllowed(server.prisma, listed.id, INSIDE, staff()))).toBeNull();
    expect(await refusal(assertEmployeeAddressAllowed(server.prisma, open.id, OUTSIDE, staff()))).toBeNull();
  });

  test("not an employee session: nobody (API keys are checked on their own), a customer, impersonation", async () => {
    for (const viewer of [null, { personId: null }, { personId: employee.personId, impersonatorUserId: "admin" }])
      expect(await refusal(assertEmployeeAddressAllowed(server.prisma, listed.id, OUTSIDE, viewer))).toBeNull();
  });
});
