import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { screenshots, uniqueId } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, DEMO_TIME_ZONE, gql, test, users } from "./fixtures";

// The work screens' overview parts: the activity breakdown's chart and its CSV export, a customer's
// work shown beside one of its threads and on its automation runs page, and an activity's pinned
// value beside its subject in my work. Each test starts its own threads on a demo customer with
// uniquely named activities; the pinned field is this run's own and is set inactive at the end.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const branchDay = (d: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: DEMO_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(d)
    .slice(0, 10);

type Sale = { projectId: string; stepId: string; customerId: string; personId: string };

async function sale(page: Page): Promise<Sale> {
  const data = await gql<{
    overview: { employeePersonId: string };
    projects: { id: string; description: string; steps: { id: string }[] }[];
    assignedActivities: { customerId: string | null }[];
  }>(
    page,
    `{ overview { employeePersonId } projects { id description steps { id } } assignedActivities { customerId } }`,
  );
  const project = data.projects.find((p) => p.description === "New customer sale")!;
  return {
    projectId: project.id,
    stepId: project.steps[0]!.id,
    customerId: data.assignedActivities.find((a) => a.customerId)!.customerId!,
    personId: data.overview.employeePersonId,
  };
}

async function newThread(page: Page, s: Sale) {
  const r = await gql<{ startProjectThread: { thread: { id: string } } }>(
    page,
    `mutation($p: ID!, $c: ID) { startProjectThread(projectId: $p, customerId: $c) { isSuccess message thread { id } } }`,
    { p: s.projectId, c: s.customerId },
  );
  return r.startProjectThread.thread.id;
}

async function addActivity(page: Page, s: Sale, threadId: string, subject: string, at: Date, extra = {}) {
  const r = await gql<{ addActivity: { isSuccess: boolean; message: string } }>(
    page,
    `mutation($input: AddActivityInput!) { addActivity(input: $input) { isSuccess message } }`,
    {
      input: {
        threadId,
        stepId: s.stepId,
        subject,
        scheduledTime: at.toISOString(),
        lengthMinutes: 30,
        assignedPersonId: s.personId,
        ...extra,
      },
    },
  );
  expect(r.addActivity.isSuccess, r.addActivity.message).toBe(true);
}

test("the activity breakdown draws its chart and downloads its table as CSV", async ({ page }) => {
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fmy-work");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  const s = await sale(page);
  const subject = `Breakdown ${uniqueId()}`;
  const at = new Date();
  await addActivity(page, s, await newThread(page, s), subject, at);
  const day = branchDay(at);

  await page.goto(`/team/activity-breakdown?from=${day}&to=${day}&by=status`);
  const chart = page.getByRole("figure", { name: "Activities by status" });
  await expect(chart).toBeVisible();
  await expect(chart.getByRole("img", { name: /^Open: \d+ open/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`activity-breakdown-by-status-${day}-to-${day}.csv`);
  const lines = readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("Status,Open,Resolved,Cancelled,Total,Resolved %");
  expect(lines.find((l) => l.startsWith("Open,"))).toMatch(/^Open,[1-9]\d*,0,0,[1-9]\d*,0%$/);
  expect(lines.at(-1)).toMatch(/^Total,\d+,\d+,\d+,\d+,\d*%?$/);
  await screenshots(page, "team-activity-breakdown-chart", { wide: true });
});

test("a thread shows the customer's other work; its automation runs page too; my work shows pinned values", async ({
  page,
}) => {
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fmy-work");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  const s = await sale(page);
  const id = uniqueId();
  const here = `Here ${id}`;
  const elsewhere = `Elsewhere ${id}`;
  const fieldName = `Bottles ${id}`;
  const field = await gql<{ createCustomField: { isSuccess: boolean; message: string; field: { id: string } } }>(
    page,
    `mutation($i: CustomFieldInput!){ createCustomField(input: $i){ isSuccess message field { id } } }`,
    { i: { name: fieldName, tableId: "ACTIVITY", type: "INTEGER", pinStatus: "PINNED", sortOrder: 1 } },
  );
  expect(field.createCustomField.isSuccess, field.createCustomField.message).toBe(true);
  const fieldId = field.createCustomField.field.id;
  try {
    const thread = await newThread(page, s);
    const other = await newThread(page, s);
    // Long overdue, so that it is among the first of the customer's open activities.
    const old = new Date(Date.UTC(2020, 0, 2, 15, Math.floor(Math.random() * 600)));
    await addActivity(page, s, thread, here, new Date(Date.now() + 3_600_000));
    await addActivity(page, s, other, elsewhere, old, { customFieldValues: [{ fieldId, value: "12" }] });

    // My work: the pinned value beside the subject.
    await page.goto(`/team/my-work?q=${encodeURIComponent(elsewhere)}`);
    const row = page.getByRole("row").filter({ hasText: elsewhere });
    await expect(row.getByRole("list", { name: "Pinned fields" })).toContainText(`${fieldName}: 12`);

    // The thread: the customer's other thread and its open activity, linked.
    await page.goto(`/team/project-threads/${thread}`);
    const card = page.getByRole("region", { name: "This customer's work" });
    await expect(card).toBeVisible();
    await expect(card.getByRole("list").last()).toContainText(elsewhere);
    // This thread's own activity is on its timeline, not again in the card.
    await expect(card.getByRole("region", { name: "Open activities elsewhere" })).not.toContainText(here);
    await expect(card.getByRole("region", { name: "Other threads" })).toContainText("New customer sale");
    await expect(card.getByRole("link", { name: elsewhere })).toHaveAttribute("href", `/team/project-threads/${other}`);
    await screenshots(page, "team-project-thread-customer-work", { wide: true });

    // The customer's automation runs page shows the same card.
    await page.goto(`/team/automation-events/CUSTOMER/${s.customerId}`);
    await expect(page.getByRole("region", { name: "This customer's work" }).getByText(elsewhere)).toBeVisible();
  } finally {
    await gql(page, `mutation($id: ID!, $i: CustomFieldInput!){ editCustomField(id: $id, input: $i){ isSuccess } }`, {
      id: fieldId,
      i: { inactive: true },
    });
  }
});
