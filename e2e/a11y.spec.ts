import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expect as baseExpect, DEMO_PASSWORD, serverClock, test, users } from "./fixtures";

// Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on the portal and shop pages, in the light and
// the dark theme, and at phone width for a few. A page passes when axe finds no violation of impact
// "serious" or "critical". Nothing is excluded: every page element is the app's own.
// label-content-name-mismatch (WCAG 2.5.3, "label in name": a control's accessible name contains its
// visible text) is one of axe's experimental rules, off by default even for its tag; it is turned on.
// Run alone: E2E_PORT=3404 npx playwright test -c e2e/playwright.config.ts e2e/a11y.spec.ts

// The machine running these is shared and often busy: generous waits (a broken page still fails).
test.setTimeout(120_000);
const expect = baseExpect.configure({ timeout: 30_000 });

type Theme = "light" | "dark";
type Who = "visitor" | "customer";

interface Check {
  name: string;
  who: Who;
  /** Opens the page and waits until it has loaded (its main heading and its data). */
  open: (page: Page) => Promise<void>;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, level: 1 });

/** Waits for the main heading, then for loading placeholders and spinners to go. */
async function loaded(page: Page, heading: Locator) {
  await expect(heading).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
}

async function goto(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await loaded(page, h1(page, heading));
}

const checks: Check[] = [
  { name: "sign-in", who: "visitor", open: (p) => goto(p, "/v2/account/login", "Sign in") },
  {
    name: "sign-in with errors",
    who: "visitor",
    open: async (p) => {
      await goto(p, "/v2/account/login", "Sign in");
      await p.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(p.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  { name: "create account", who: "visitor", open: (p) => goto(p, "/v2/account/new/email", "Create an account") },
  {
    name: "forgot password",
    who: "visitor",
    open: (p) => goto(p, "/v2/account/forgot-password", "Reset your password"),
  },
  {
    name: "billing",
    who: "customer",
    open: async (p) => {
      await goto(p, "/v2/billing", "Billing");
      await expect(p.getByTestId("balance")).toBeVisible();
    },
  },
  {
    name: "payment",
    who: "customer",
    open: async (p) => {
      await goto(p, "/v2/payment", "Make a payment");
      await expect(p.getByTestId("payment-balance")).toBeVisible();
    },
  },
  {
    name: "payment methods",
    who: "customer",
    open: async (p) => {
      await goto(p, "/v2/payment-methods", "Payment methods");
      await expect(p.getByText("Visa ****1111").first()).toBeVisible();
    },
  },
  {
    name: "deliveries (address page)",
    who: "customer",
    open: async (p) => {
      await p.goto("/Deliveries");
      await expect(p).toHaveURL(/\/Deliveries\/[^/]+\/[^/]+$/);
      await loaded(p, h1(p, "Deliveries"));
      await expect(p.getByRole("region", { name: "Upcoming deliveries" })).toBeVisible();
    },
  },
  {
    name: "deliveries (schedule form)",
    who: "customer",
    open: async (p) => {
      await p.goto("/Deliveries");
      await expect(p).toHaveURL(/\/Deliveries\/[^/]+\/[^/]+$/);
      await p.goto(`${new URL(p.url()).pathname}/New`);
      await loaded(p, h1(p, "Schedule a delivery"));
      await expect(p.getByRole("radio").first()).toBeAttached();
    },
  },
  { name: "account settings", who: "customer", open: (p) => goto(p, "/v2/manage", "Accounts") },
  {
    name: "shop index",
    who: "visitor",
    open: async (p) => {
      await goto(p, "/shop", "Shop");
      await expect(p.getByRole("region", { name: "Products" }).getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "product page",
    who: "visitor",
    open: async (p) => {
      await p.goto("/shop?q=dispenser");
      await p.getByRole("link", { name: "Hot & Cold Water Dispenser" }).click();
      await loaded(p, h1(p, "Hot & Cold Water Dispenser"));
    },
  },
  {
    name: "cart popup",
    who: "customer",
    open: async (p) => {
      await goto(p, "/shop", "Shop");
      await p
        .getByRole("banner")
        .getByRole("button", { name: /^Cart, / })
        .click();
      await expect(p.getByRole("dialog", { name: "Cart" }).getByTestId("cart-popup-total")).toBeVisible();
    },
  },
  {
    name: "cart",
    who: "customer",
    open: async (p) => {
      await goto(p, "/shop/cart", "Cart");
      await expect(p.getByTestId("cart-subtotal")).toBeVisible();
    },
  },
  {
    name: "checkout",
    who: "customer",
    open: async (p) => {
      await goto(p, "/shop/checkout", "Checkout");
      await expect(p.getByTestId("cost-total")).toBeVisible();
    },
  },
  { name: "order history", who: "customer", open: (p) => goto(p, "/shop/history", "Order History") },
  { name: "not found", who: "visitor", open: (p) => goto(p, "/v2/no-such-page", "Page not found") },
];

// The dark theme changes colours only (the same markup, names and structure), so in it axe runs the rules
// that read colours: every rule in the light theme, these in the dark one (half the time of the file).
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Runs axe and fails with what to fix when it finds a serious or critical violation. */
async function expectNoSeriousViolations(page: Page, label: string, theme: Theme = "light") {
  const axe = new AxeBuilder({ page });
  const results = await (theme === "dark"
    ? axe.withRules(COLOUR_RULES)
    : axe
        .options({ rules: { "label-content-name-mismatch": { enabled: true } } }) // before withTags: options() replaces
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
  ).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const targets = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `  ${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n${targets}`;
    })
    .join("\n");
  baseExpect(
    serious.map((v) => v.id),
    `${label}: serious/critical axe violations\n${report}`,
  ).toEqual([]);
}

/** A browser context with the theme stored as the app keeps it (local storage `preferences`). */
async function themedContext(browser: Browser, baseURL: string, theme: Theme): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  await context.addInitScript((themeMode) => {
    window.localStorage.setItem("preferences", JSON.stringify({ themeMode }));
  }, theme);
  return context;
}

async function newPage(context: BrowserContext) {
  const page = await context.newPage();
  if (process.env.E2E_CLOCK) await page.clock.install({ time: (await serverClock()).now });
  return page;
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    const pages = {} as Record<Who, Page>;
    const contexts: BrowserContext[] = [];

    test.beforeAll(async ({ browser }, testInfo) => {
      testInfo.setTimeout(180_000);
      const baseURL = String(testInfo.project.use.baseURL);
      for (const who of ["visitor", "customer"] as const) {
        const context = await themedContext(browser, baseURL, theme);
        contexts.push(context);
        pages[who] = await newPage(context);
      }
      // The customer signs in and puts a product in the cart (for the cart and checkout pages).
      const page = pages.customer;
      await page.goto("/v2/account/login");
      await page.getByLabel(/email/i).fill(users.customer);
      await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: /sign in/i }).click();
      await expect(page.getByTestId("balance")).toBeVisible();
      await page.goto("/shop?q=paper cups");
      await expect(page.getByRole("region", { name: "Products" }).getByRole("article").first()).toBeVisible();
      await page.getByRole("button", { name: "Add to cart: Paper Cups, 7 oz (50)" }).click();
      await expect(page.getByTestId("cart-badge")).toBeVisible();
    });

    test.afterAll(async () => {
      for (const context of contexts.splice(0)) await context.close();
    });

    for (const check of checks) {
      test(`${check.name}`, async () => {
        const page = pages[check.who];
        await check.open(page);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        await expectNoSeriousViolations(page, `${check.name} (${theme})`, theme);
      });
    }

    for (const name of ["shop index", "billing"]) {
      test(`${name} at phone width`, async () => {
        const check = checks.find((c) => c.name === name)!;
        const page = pages[check.who];
        await page.setViewportSize({ width: 390, height: 844 });
        try {
          await check.open(page);
          await expectNoSeriousViolations(page, `${name} at 390x844 (${theme})`, theme);
          if (check.who === "customer") {
            // The menu is a sheet behind a button at this width.
            await page.getByRole("button", { name: "Open menu" }).click();
            await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
            await expectNoSeriousViolations(page, `${name} at 390x844, menu open (${theme})`, theme);
            await page.keyboard.press("Escape");
          }
        } finally {
          await page.setViewportSize({ width: 1280, height: 720 });
        }
      });
    }
  });
}
