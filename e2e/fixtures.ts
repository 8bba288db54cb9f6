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

/**
 * A new thread of the demo's "New customer sale" on a demo customer (the first one with an activity
 * assigned to the signed-in employee): its id, and the project's steps (id by description).
 */
export async function newSaleThread(page: Page): Promise<{ threadId: string; steps: Record<string, string> }> {
  const data = await gql<{
    projects: { id: string; description: string; steps: { id: string; description: string }[] }[];
    assignedActivities: { customerId: string | null }[];
  }>(page, `{ projects { id description steps { id description } } assignedActivities { customerId } }`);
  const sale = data.projects.find((p) => p.description === "New customer sale")!;
  const customerId = data.assignedActivities.find((a) => a.customerId)!.customerId!;
  return {
    threadId: await startThread(page, sale.id, customerId),
    steps: Object.fromEntries(sale.steps.map((s) => [s.description, s.id])),
  };
}

/** A new thread of the project for the customer: its id. */
export async function startThread(page: Page, projectId: string, customerId: string): Promise<string> {
  const started = await gql<{ startProjectThread: { thread: { id: string } } }>(
    page,
    `mutation($p: ID!, $c: ID) { startProjectThread(projectId: $p, customerId: $c) { isSuccess message thread { id } } }`,
    { p: projectId, c: customerId },
  );
  return started.startProjectThread.thread.id;
}

/** A new activity (`input`: an AddActivityInput), which must be saved: its id. */
export async function createActivity(page: Page, input: Record<string, unknown>): Promise<string> {
  const r = await gql<{ addActivity: { isSuccess: boolean; message: string; activity: { id: string } } }>(
    page,
    `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message activity { id } } }`,
    { i: input },
  );
  expect(r.addActivity.isSuccess, r.addActivity.message).toBe(true);
  return r.addActivity.activity.id;
}

export type Step = { id: string; description: string; projectId: string; projectDescription: string };

/**
 * A step of the demo's "New customer sale" that no demo automation watches (any but "Sold"), and the
 * demo customers of the signed-in employee's activities, each once.
 */
export async function unwatchedSaleStep(page: Page): Promise<{ step: Step; customerIds: string[] }> {
  const data = await gql<{ allSteps: Step[]; assignedActivities: { customerId: string | null }[] }>(
    page,
    `{ allSteps { id description projectId projectDescription } assignedActivities { customerId } }`,
  );
  const step = data.allSteps.find((s) => s.projectDescription === "New customer sale" && s.description !== "Sold")!;
  const customerIds = [...new Set(data.assignedActivities.flatMap((x) => (x.customerId ? [x.customerId] : [])))];
  return { step, customerIds };
}

/** A new custom field (`i`: a CustomFieldInput), which must be saved. */
export async function newCustomField(page: Page, i: Record<string, unknown>): Promise<{ id: string }> {
  const r = await gql<{ createCustomField: { isSuccess: boolean; message: string; field: { id: string } } }>(
    page,
    `mutation($i: CustomFieldInput!){ createCustomField(input: $i){ isSuccess message field { id } } }`,
    { i },
  );
  expect(r.createCustomField.isSuccess, r.createCustomField.message).toBe(true);
  return r.createCustomField.field;
}

/** Sets a run's own custom fields inactive (fields are not deleted), so that other specs' forms do not show them. */
export async function setFieldsInactive(page: Page, fields: { id: string }[]) {
  const EDIT = `mutation($id: ID!, $i: CustomFieldInput!){ editCustomField(id: $id, input: $i){ isSuccess message } }`;
  for (const f of fields) await gql(page, EDIT, { id: f.id, i: { inactive: true } });
}

/** A new lead source of the run's own, and a key of it that posts leads to /api/leads (`Authorization: Bearer`). */
export async function newLeadSource(page: Page, name: string, code: string) {
  const added = await gql<{ addLeadSource: { leadSource: { id: string } } }>(
    page,
    "mutation($i: LeadSourceInput!){ addLeadSource(input: $i){ leadSource { id } } }",
    { i: { name, code } },
  );
  const sourceId = added.addLeadSource.leadSource.id;
  const { createLeadSourceKey } = await gql<{ createLeadSourceKey: { key: string } }>(
    page,
    "mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }",
    { id: sourceId },
  );
  return { sourceId, key: createLeadSourceKey.key };
}

export const test = base.extend<{ loginAs: (who: Role, path?: string) => Promise<void> }>({
  page: async ({ page }, use) => {
    if (clockPinned()) await page.clock.install({ time: (await serverClock()).now });
    if (process.env.E2E_SKIP_SHOTS === "1") {
      const real = page.screenshot.bind(page);
      page.screenshot = (async (o?: Parameters<typeof real>[0]) =>
        o?.path ? Buffer.alloc(0) : real(o)) as typeof real;
    }
    await use(page);
  },
  /** `await loginAs("employee", "/team/login?ReturnUrl=/team/personnel")`: apiSignIn on this test's page. */
  loginAs: async ({ page }, use) => {
    await use((who, path) => apiSignIn(page, who, path));
  },
});
export { expect };
