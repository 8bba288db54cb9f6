import type { Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import {
  apiSignIn,
  expect as baseExpect,
  createActivity,
  gql,
  screenshot,
  startThread,
  test,
  unwatchedSaleStep,
  users,
} from "./fixtures";

// The dry run over the last 30 days, before an automation is switched on: this run's own automation
// (OFF; its condition is this run's unique subject) on "an activity is created open", three activities
// of that subject for two demo customers made through GraphQL, and on the automation's page the card
// "Dry run (last 30 days)" says "Would create 3 activities for 2 customers" and lists the three records
// with what each action would do. Nothing is changed: the automation has no run afterwards. Screenshots
// at 1440 and 390 px, light and dark. The automation is deleted at the end.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Three open activities with `subject`: two on one demo customer's new thread, one on another's. */
async function activities(page: Page, subject: string) {
  const { step, customerIds } = await unwatchedSaleStep(page);
  const [a, b] = customerIds;
  for (const [customerId, n] of [
    [a!, 2],
    [b!, 1],
  ] as const) {
    const threadId = await startThread(page, step.projectId, customerId);
    for (let i = 0; i < n; i++)
      await createActivity(page, {
        threadId,
        stepId: step.id,
        subject,
        scheduledTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
  }
  return step;
}

test("a dry run of the last 30 days says what an automation would create, for whom, before it is on", async ({
  page,
}) => {
  const id = uniqueId();
  const subject = `Replay check ${id}`;
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fautomations");
  await expect(page.getByRole("heading", { level: 1, name: "Automations" })).toBeVisible({ timeout: 30_000 });
  const step = await activities(page, subject);
  const created = await gql<{ createAutomation: { isSuccess: boolean; message: string; automation: { id: string } } }>(
    page,
    `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message automation { id } } }`,
    {
      i: {
        name: `Replay ${id}`,
        event: "ACTIVITY_CREATED_AS_OPEN",
        status: "OFF",
        conditions: [{ nativeFieldName: "subject", comparator: "EQUALS", value: subject }],
        actions: [{ type: "CREATE_ACTIVITY", stepId: step.id, subject: `Call back ${id}`, dueInMinutes: 60 }],
      },
    },
  );
  expect(created.createAutomation.isSuccess, created.createAutomation.message).toBe(true);
  const automationId = created.createAutomation.automation.id;

  await page.goto(`/team/automations/${automationId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Replay ${id}` })).toBeVisible();
  const card = page
    .getByRole("heading", { name: "Dry run (last 30 days)" })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(card.getByText("Before you switch it on")).toBeVisible();
  await card.getByRole("button", { name: "Dry run the last 30 days" }).click();
  const result = card.getByRole("region", { name: "Dry run of the last 30 days" });
  await expect(result.getByTestId("replay-headline")).toHaveText("Would create 3 activities for 2 customers");
  await expect(result).toContainText("Nothing was changed.");

  await result.getByRole("button", { name: "See the 3 records" }).click();
  const dialog = page.getByRole("dialog", { name: "Would create 3 activities for 2 customers" });
  const table = dialog.getByRole("table", { name: "Records the dry run would act on" });
  await expect(table.getByRole("row")).toHaveCount(4); // the header and three records
  await expect(table.getByText(`the activity "${subject}"`)).toHaveCount(3);
  await expect(table.getByText(`Would create "Call back ${id}"`).first()).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Search the records" }).fill("zzz-nothing");
  await expect(dialog.getByText("No record matches “zzz-nothing”.")).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Search the records" }).fill("");
  await expect(table.getByRole("row")).toHaveCount(4);

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.getByRole("button", { name: "Dry run the last 30 days" }).click();
      await expect(page.getByTestId("replay-headline")).toHaveText("Would create 3 activities for 2 customers");
      await screenshot(page, `automation-replay-${width}-${theme}`);
      await page.getByRole("button", { name: "See the 3 records" }).click();
      await expect(
        page.getByRole("dialog").getByText(`Call back ${id}`).filter({ visible: true }).first(),
      ).toBeVisible();
      await screenshot(page, `automation-replay-list-${width}-${theme}`);
      await page.keyboard.press("Escape");
    }

  // Nothing was run: the automation has no run, and it is still off.
  const after = await gql<{ automationRuns: { totalCount: number }; automation: { status: string } }>(
    page,
    `query($a: ID!){ automationRuns(automationId: $a){ totalCount } automation(id: $a){ status } }`,
    { a: automationId },
  );
  expect(after).toEqual({ automationRuns: { totalCount: 0 }, automation: { status: "OFF" } });
  await gql(page, `mutation($id: ID!){ deleteAutomation(id: $id){ isSuccess } }`, { id: automationId });
});
