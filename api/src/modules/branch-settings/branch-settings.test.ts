import { describe, expect, test } from "bun:test";
import { Client, type TestServer } from "../../../test/harness.ts";
import { apiKeyClient as apiKeyOf, employee as employeeOf, serveBranch } from "../../../test/personnel-helpers.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";

// The branch's portal settings that staff change: applied to the portal at once; TEAM_CONFIGURATION
// through a person grant, a group grant and an API key; bad input changes nothing.

let server: TestServer;
let branchId = "";
let host = "";
const b = () => ({ server, branchId, host });
const employee = (permissions: EmployeePermission[] = []) => employeeOf(b(), permissions);

serveBranch((made) => ({ server, branchId, host } = made), { features: ["V2_WEB_PORTAL", "WEB_PORTAL_DELIVERIES"] });

const READ =
  "{ branchPortalSettings { features acceptedPaymentTypes allowedCardTypes allowAnonymousSignUp allowReferenceNumberSignUp } }";
const UPDATE =
  "mutation($i: UpdateBranchPortalSettingsInput!){ updateBranchPortalSettings(input: $i){ isSuccess message } }";
const settings = {
  features: ["V2_WEB_PORTAL", "E_COMMERCE"],
  acceptedPaymentTypes: "CARD_ONLY",
  allowedCardTypes: ["DISCOVER", "VISA"],
  allowAnonymousSignUp: true,
  allowReferenceNumberSignUp: true,
};

describe("branch portal settings", () => {
  test("a change applies to the portal at once", async () => {
    const c = await employee(["TEAM_CONFIGURATION"]);
    const portal = new Client(server.url, host);
    const before = await portal.gql<{ overview: null; branchBranding: { allowAnonymousSignUp: boolean } }>(
      "{ branchBranding { allowAnonymousSignUp } }",
    );
    expect(before.data?.branchBranding.allowAnonymousSignUp).toBe(false);
    const r = await c.gql<{ updateBranchPortalSettings: { isSuccess: boolean; message: string } }>(UPDATE, {
      i: settings,
    });
    expect(r.data?.updateBranchPortalSettings).toEqual({
      isSuccess: true,
      message: "Portal settings saved. Customers see the change now.",
    });
    const read = await c.gql<{ branchPortalSettings: unknown }>(READ);
    expect(read.data?.branchPortalSettings).toEqual({ ...settings, allowedCardTypes: ["VISA", "DISCOVER"] });
    const after = await portal.gql<{ branchBranding: { allowAnonymousSignUp: boolean } }>(
      "{ branchBranding { allowAnonymousSignUp } }",
    );
    expect(after.data?.branchBranding.allowAnonymousSignUp).toBe(true);
    const me = await c.gql<{ overview: { features: string[]; allowAch: boolean } }>(
      "{ overview { features allowAch } }",
    );
    expect(me.data?.overview).toEqual({ features: ["V2_WEB_PORTAL", "E_COMMERCE"], allowAch: false });
  });

  test("bad input is refused with a clear message and changes nothing", async () => {
    const c = await employee(["TEAM_CONFIGURATION"]);
    const before = await server.prisma.branch.findUniqueOrThrow({ where: { id: branchId } });
    const noCards = await c.gql<{ updateBranchPortalSettings: { isSuccess: boolean; message: string } }>(UPDATE, {
      i: { ...settings, allowedCardTypes: [] },
    });
    expect(noCards.data?.updateBranchPortalSettings).toEqual({
      isSuccess: false,
      message: "Choose at least one card type, or accept bank accounts (ACH) only.",
    });
    const badCard = await c.gql<{ updateBranchPortalSettings: { message: string } }>(UPDATE, {
      i: { ...settings, allowedCardTypes: ["DINERS"] },
    });
    expect(badCard.data?.updateBranchPortalSettings.message).toBe("Card types are VISA, MASTERCARD, AMEX, DISCOVER.");
    expect(await server.prisma.branch.findUniqueOrThrow({ where: { id: branchId } })).toEqual(before);
  });

  test("TEAM_CONFIGURATION is needed: refused without it, allowed by a group grant; branch settings are not for API keys", async () => {
    expect((await (await employee(["ECOMMERCE_MANAGEMENT"])).gql(READ)).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    const viaGroup = await employee([]);
    const group = await server.prisma.securityGroup.create({ data: { branchId, name: "Web team" } });
    await server.prisma.permissionGrant.create({
      data: { branchId, actorType: "SECURITY_GROUP", actorId: group.id, permission: "TEAM_CONFIGURATION" },
    });
    await server.prisma.securityGroupMember.create({
      data: { branchId, groupId: group.id, personId: viaGroup.personId },
    });
    expect((await viaGroup.gql(READ)).errors).toBeUndefined();
    // Branch settings are set by people: a key holding the permission is still refused.
    expect((await (await apiKeyOf(b(), ["TEAM_CONFIGURATION"])).gql(READ)).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    const other = await apiKeyOf(b(), ["SCHEDULING"]);
    expect((await other.gql(UPDATE, { i: settings })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
