import type { Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, createActivity, newSaleThread, screenshot, test, users } from "./fixtures";

// Workflow shortcuts: this run's own shortcut (a unique name) made in "New shortcut" with two actions
// (book a taste test at "Appointment" for the zone's sales rep, resolve the first call), the server's
// refusal landing on the action's Subject; then run from "Run shortcut" on this run's own thread (started
// through GraphQL on a demo customer), whose timeline shows the new activity; then deleted after a
// confirmation. Deleting the shop's sale workflow is refused: the API test covers it (shortcuts.test.ts),
// so the demo's sale workflow is never changed here.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A new thread of "New customer sale" on a demo customer, with an open first call. */
async function newThread(page: Page, subject: string): Promise<string> {
  const { threadId, steps } = await newSaleThread(page);
  await createActivity(page, {
    threadId,
    stepId: steps["First call"],
    subject,
    scheduledTime: new Date().toISOString(),
  });
  return threadId;
}

async function pick(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a shortcut made with two actions, refused on a field, run on a thread, then deleted", async ({ page }) => {
  const id = uniqueId();
  const name = `Taste test ${id}`;
  const subject = `Water taste test ${id}`;
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fshortcuts");
  await expect(page.getByRole("heading", { name: "Shortcuts", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole("table", { name: "Shortcuts" }).getByRole("link", { name: "Set appointment" }),
  ).toBeVisible();
  await screenshot(page, "team-shortcuts");

  await page.getByRole("button", { name: "New shortcut" }).click();
  const dialog = page.getByRole("form", { name: "New shortcut" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("Books the taste test and closes the first call.");
  const first = dialog.getByRole("group", { name: "Action 1" });
  await pick(page, first, "Step", "New customer sale: Appointment");
  await pick(page, first, "Assign to", "The zone's holder of a role");
  await pick(page, first, "Territory role", "Sales rep");
  await first.getByLabel("Due in (minutes)").fill("1440");
  await dialog.getByRole("button", { name: "Add action" }).click();
  const second = dialog.getByRole("group", { name: "Action 2" });
  await pick(page, second, "Which activities", "Open activities at New customer sale: First call");
  // No subject: the server's refusal lands on the first action's Subject.
  await dialog.getByRole("button", { name: "Create shortcut" }).click();
  await expect(first.getByText("Action 1: The activity's subject is required.")).toBeVisible();
  await expect(first.getByLabel("Subject")).toBeFocused();
  await screenshot(page, "team-shortcuts-new-refused");
  await first.getByLabel("Subject").fill(subject);
  await dialog.getByRole("button", { name: "Create shortcut" }).click();

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/team\/shortcuts\/[0-9a-f-]{36}$/);
  const editor = page.getByRole("form", { name: "Shortcut" });
  await expect(editor.getByRole("group", { name: "Action 1" }).getByLabel("Subject")).toHaveValue(subject);
  await expect(editor.getByRole("group", { name: "Action 2" })).toBeVisible();
  await screenshot(page, "team-shortcut-editor");
  const shortcutUrl = page.url();

  const threadId = await newThread(page, `First call ${id}`);
  await page.goto(`/team/project-threads/${threadId}`);
  await expect(page.getByText(`First call ${id}`)).toBeVisible();
  await page.getByRole("button", { name: "Run shortcut" }).click();
  await page.getByRole("menuitem", { name }).click();
  const outcome = page.getByRole("status", { name: `${name} outcome` });
  await expect(outcome.getByText(`Ran "${name}" on the record.`)).toBeVisible();
  await expect(
    outcome.getByText(`Created "${subject}" at the step "Appointment". Resolved 1 activity at "First call".`),
  ).toBeVisible();
  await expect(page.getByText(subject, { exact: true })).toBeVisible();
  await screenshot(page, "team-shortcuts-run-on-thread");

  await page.goto(shortcutUrl);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Delete the shortcut "${name}"?`);
  await page.getByRole("button", { name: "Delete shortcut" }).click();
  await expect(page).toHaveURL(/\/team\/shortcuts$/);
  await expect(page.getByText(`Deleted the shortcut "${name}".`)).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});
