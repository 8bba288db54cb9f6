import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo-pass-1";
export const users = {
  customer: "customer@demo.test",
  employee: "employee@demo.test",
  admin: "admin@demo.test",
} as const;

/** Saves a full-page screenshot under test-results/screens/ (kept as a CI artifact). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, email: string, path = "/v2/account/login") {
  await page.goto(path);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
}

export const test = base;
export { expect };
