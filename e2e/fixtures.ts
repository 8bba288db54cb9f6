import { test as base, expect, type Page } from "@playwright/test";
import { historyShiftMs } from "../api/src/db/seed-clock.ts";

export const DEMO_PASSWORD = "demo-pass-1";
export const users = {
  customer: "customer@demo.test",
  employee: "employee@demo.test",
  admin: "admin@demo.test",
} as const;

/**
 * Whether the specs save their screenshots of pages (under test-results/screens/, to look at). On unless
 * E2E_SCREENSHOTS=0, which `npm test` sets: nobody looks at a CI run's pictures, and taking them was a
 * sixth of the browsers' CPU (decision 0996). A failed test's screenshot and trace are kept either way.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== "0";

/** Saves a full-page screenshot under test-results/screens/ (unless screenshots are off). */
export async function screenshot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** The demo's people by role (all with DEMO_PASSWORD). */
export const roles = {
  ...users,
  /** An employee holding no permission. */
  noaccess: "noaccess@demo.test",
  /** The general manager: the Managers group's grants (customer access, people, security; not workflow setup). */
  manager: "manager@demo.test",
  /** The north branch's customer (sign in with ?host=north). */
  northCustomer: "customer@north.test",
} as const;
export type Role = keyof typeof roles;

/**
 * Signs in through the API (the `login` mutation; the session cookie lands in the page's browser
 * context) and opens where the sign-in form would have gone: the `ReturnUrl` of `path`, else the
 * user's home (the portal's sign-in page sends a signed-in visitor there). `path` is a sign-in page's
 * address, as for signIn; its `?host=` picks the branch. For specs that are not about the form.
 */
export async function apiSignIn(page: Page, who: Role | string, path = "/v2/account/login") {
  const email = who in roles ? roles[who as Role] : who;
  const url = new URL(path, "http://x");
  const host = url.searchParams.get("host");
  const res = await page.request.post("/graphql", {
    headers: { "content-type": "application/json", ...(host ? { BranchHost: host } : {}) },
    data: {
      query: "mutation($u:String!,$p:String!){ login(username:$u,password:$p){ isSuccess message } }",
      variables: { u: email, p: DEMO_PASSWORD },
    },
  });
  const body = (await res.json()) as { data?: { login: { isSuccess: boolean; message: string } } };
  if (!body.data?.login.isSuccess) throw new Error(`sign-in of ${email} refused: ${JSON.stringify(body)}`);
  const target = url.searchParams.get("ReturnUrl") ?? "/v2/account/login";
  await page.goto(host ? `${target}${target.includes("?") ? "&" : "?"}host=${host}` : target);
}

/**
 * Signs in to the team site (as the demo employee unless `email` says otherwise) through apiSignIn, and
 * waits until `path` is open and its page heading shows.
 */
export async function signInToTeam(page: Page, path: string, email: string = users.employee) {
  await apiSignIn(page, email, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, "\\?")), { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** Signs in through the sign-in form (for the specs about signing in). */
export async function signIn(page: Page, email: string, path = "/v2/account/login") {
  await page.goto(path);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
}

// Time is an input: with E2E_CLOCK set, or in the "pinned-clock" project (e2e/playwright.config.ts),
// the server's business clock starts at a given instant (CLOCK_START) and every page gets a browser
// clock set to the server's. Tests compute what they expect from the server's clock (serverClock),
// never from the machine's.
const defaultBaseURL = `http://localhost:${process.env.E2E_PORT ?? 3199}`;

/**
 * The address of the server the running test's project talks to (each project of the config has a
 * server of its own); outside a test, the default server's.
 */
export function serverURL(): string {
  try {
    return (base.info().project.use.baseURL as string | undefined) ?? defaultBaseURL;
  } catch {
    return defaultBaseURL;
  }
}

/** The port the running test's server mails to (its own port + 1000): where a spec's SMTP sink listens. */
export function serverSmtpPort(): number {
  return Number(new URL(serverURL()).port) + 1000;
}

/** Whether the running test's server and pages have a pinned clock. */
function clockPinned(): boolean {
  if (process.env.E2E_CLOCK) return true;
  try {
    return !!base.info().project.metadata?.pinnedClock;
  } catch {
    return false;
  }
}

/** The server's business clock: now, and when the server (and so the demo seed) started. */
export async function serverClock(): Promise<{ now: Date; startedAt: Date }> {
  const r = (await (await fetch(`${serverURL()}/healthz`)).json()) as { now: string; startedAt: string };
  return { now: new Date(r.now), startedAt: new Date(r.startedAt) };
}

/** The demo branch's time zone. */
export const DEMO_TIME_ZONE = "America/Chicago";

/**
 * A date of the demo's generated history (written around 21 November 2026) as the seed placed it:
 * moved by whole days to end two days before the day the server started.
 */
export async function historyDate(isoDate: string): Promise<Date> {
  const { startedAt } = await serverClock();
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + historyShiftMs(DEMO_TIME_ZONE, startedAt));
}

/** "Oct 31, 2026" (short) or "October 31, 2026" (long): how the portal writes a calendar date. */
export const formatDay = (d: Date, month: "short" | "long" = "short") =>
  new Intl.DateTimeFormat("en-US", { month, day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);

/** An instant as the calendar date it falls on in the demo branch ("Nov 25, 2026" at 6 PM in Texas, 00:00 UTC). */
export const formatBranchDay = (d: Date) =>
  new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: DEMO_TIME_ZONE,
  }).format(d);

/** A GraphQL call with the signed-in user's cookies (errors thrown). */
export async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post("/graphql", {
    headers: { "content-type": "application/json" },
    data: { query, variables },
  });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data;
}

export const test = base.extend<{ loginAs: (who: Role, path?: string) => Promise<void> }>({
  page: async ({ page }, use) => {
    if (clockPinned()) await page.clock.install({ time: (await serverClock()).now });
    await use(page);
  },
  /** `await loginAs("employee", "/team/login?ReturnUrl=/team/personnel")`: apiSignIn on this test's page. */
  loginAs: async ({ page }, use) => {
    await use((who, path) => apiSignIn(page, who, path));
  },
});
export { expect };
