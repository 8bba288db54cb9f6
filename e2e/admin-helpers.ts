import type { Page } from "@playwright/test";
import { apiSignIn, expect, gql, screenshot, screenshotsWanted, users } from "./fixtures";

// Shared steps of the admin console's e2e specs (admin-*.spec.ts).

export async function signInAsAdmin(page: Page) {
  await apiSignIn(page, "admin");
  await expect(page).toHaveURL(/\/admin\/b$/, { timeout: 15_000 });
}

/** Light and dark at 1280px (1440px with `wide`) and 390px, under test-results/screens/. */
export async function screenshots(page: Page, name: string, options: { wide?: boolean } = {}) {
  if (!screenshotsWanted) return;
  const width = options.wide ? 1440 : 1280;
  await page.setViewportSize({ width, height: 900 });
  await screenshot(page, `${name}-${width}-light`);
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await screenshot(page, `${name}-${width}-dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390-dark`);
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await screenshot(page, `${name}-390-light`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Everyone but a super admin is kept out of these admin pages: signed out -> sign in
 * (with ReturnUrl), an employee or a customer -> their home, and the page's heading never shows.
 */
export async function expectRefused(page: Page, path: string, heading: string) {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page).toHaveURL(/\/v2\/account\/login\?ReturnUrl=/);
  for (const [email, home] of [
    [users.employee, /\/team$/],
    [users.customer, /\/v2\/billing(\/[^/?]+)?$/],
    ["noaccess@demo.test", /\/team$/],
  ] as const) {
    await page.context().clearCookies();
    await apiSignIn(page, email);
    await expect(page).not.toHaveURL(/login/);
    await page.goto(path);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toHaveCount(0);
  }
  await page.context().clearCookies();
}

// ───────── a spec's own data (so it runs beside the others instead of changing the demo's) ─────────

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3199}`;

/** A short id unique to this run and call: names, hosts and emails of a spec's own data. */
export function uniqueId(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`;
}

export type OwnBranch = { id: string; host: string; branchNumber: number; company: string };

/**
 * A branch of the spec's own, made by the signed-in super admin (through the API), with a tenant of
 * its own; `anonymousSignUp` lets anyone create a portal account on it (for an own customer).
 */
export async function createOwnBranch(
  page: Page,
  options: { company?: string; anonymousSignUp?: boolean } = {},
): Promise<OwnBranch> {
  const id = uniqueId();
  const branchNumber = 10_000 + Math.floor(Math.random() * 80_000);
  const company = options.company ?? `E2E Water ${id}`;
  const host = `e2e-${id}`;
  const { createBranch } = await gql<{ createBranch: { id: string } }>(
    page,
    "mutation($i: CreateBranchInput!){ createBranch(input: $i){ id } }",
    { i: { branchNumber, newTenantName: `E2E tenant ${id}`, company, internalName: `e2e-${id}`, host } },
  );
  if (options.anonymousSignUp)
    await gql(page, "mutation($i: UpdateBranchInput!){ updateBranch(input: $i){ id } }", {
      i: { branchId: createBranch.id, allowAnonymousSignUp: true },
    });
  return { id: createBranch.id, host, branchNumber, company };
}

/** A portal customer of the spec's own on `host` (signed up with an address; that branch allows it). */
export async function createOwnCustomer(host: string, password: string) {
  const email = `customer-${uniqueId()}@e2e.test`;
  const res = await fetch(`${baseURL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", BranchHost: host },
    body: JSON.stringify({
      query: `mutation($i: TryCreateAccountInput!){ tryCreateAccount(input: $i){ isSuccess message } }`,
      variables: {
        i: {
          email,
          first: "Own",
          last: "Customer",
          password,
          address: { address1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701" },
        },
      },
    }),
  });
  const body = (await res.json()) as { data?: { tryCreateAccount: { isSuccess: boolean; message: string } } };
  if (!body.data?.tryCreateAccount.isSuccess) throw new Error(`sign-up refused: ${JSON.stringify(body)}`);
  return { email };
}
