import type { Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import {
  apiSignIn,
  expect as baseExpect,
  createActivity,
  gql,
  startThread,
  test,
  unwatchedSaleStep,
  users,
} from "./fixtures";

// Automations, as the office manager sets one up: a new automation (its own unique name) made through
// "New automation", a condition and two actions added, the server's refusal shown on the field it
// names, saved, switched off and on from the list, a dry run on an activity showing what each action
// would do, and the runs page listing the run once the event happens (an activity of this run's own
// resolved through GraphQL; its subject is the condition, so no other automation's run is ours and the
// demo automations, on other steps, are not triggered). At the end the automation is deleted.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** An open activity with `subject` on a new thread of "New customer sale" for a demo customer, at a step no demo automation watches. */
async function newActivity(page: Page, subject: string) {
  const { step, customerIds } = await unwatchedSaleStep(page);
  const activityId = await createActivity(page, {
    threadId: await startThread(page, step.projectId, customerIds[0]!),
    stepId: step.id,
    subject,
    scheduledTime: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return { activityId, step };
}

test("an automation made, refused on its field, saved, switched, tried and run", async ({ page }) => {
  const id = uniqueId();
  const name = `Follow up ${id}`;
  const subject = `Automation check ${id}`;
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fautomations");
  await expect(page.getByRole("heading", { level: 1, name: "Automations" })).toBeVisible({ timeout: 30_000 });
  const { activityId, step } = await newActivity(page, subject);

  // New automation: name, event, owner; its page opens.
  await page.getByRole("button", { name: "New automation" }).click();
  const dialog = page.getByRole("dialog", { name: "New automation" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create automation" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/team\/automations\/[\w-]+$/);
  const editor = page.getByRole("form", { name: "Automation" });

  // A condition: the subject equals this run's subject.
  await editor.getByRole("button", { name: "Add condition" }).click();
  const condition = editor.getByRole("group", { name: "Condition 1" });
  await condition.getByLabel("Field").click();
  await page.getByRole("option", { name: "Subject", exact: true }).click();
  await condition.getByLabel("Value").fill(subject);

  // Two actions: an activity at the same step, and a mail to an address (first a bad one).
  await editor.getByRole("button", { name: "Add action" }).click();
  const first = editor.getByRole("group", { name: "Action 1" });
  await first.getByLabel("Step").click();
  await page.getByRole("option", { name: `New customer sale: ${step.description}`, exact: true }).click();
  await first.getByLabel("Subject").fill(`Call back ${id}`);
  await first.getByLabel("Due in (minutes)").fill("60");
  await editor.getByRole("button", { name: "Add action" }).click();
  const second = editor.getByRole("group", { name: "Action 2" });
  await second.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Send a mail" }).click();
  await second.getByLabel("To", { exact: true }).click();
  await page.getByRole("option", { name: "An address" }).click();
  await second.getByLabel("Mail address").fill("not-an-address");
  await second.getByLabel("Mail subject").fill(`Done ${id}`);
  await second.getByLabel("Text").fill("The follow-up is booked.");
  await editor.getByRole("switch", { name: "On" }).click();
  await editor.getByRole("button", { name: "Save automation" }).click();
  await expect(second.getByText("Action 2: give the mail address to send to.")).toBeVisible();
  await expect(second.getByLabel("Mail address")).toHaveAttribute("aria-invalid", "true");
  await second.getByLabel("Mail address").fill(`office-${id}@example.test`);
  await editor.getByRole("button", { name: "Save automation" }).click();
  await expect(page.getByText(`Saved the automation "${name}".`)).toBeVisible();
  await expect(editor.getByText("Unsaved changes")).toBeHidden();

  // Moving the mail first, then back, keeps the order the server saves.
  await editor.getByRole("button", { name: "Move action 2 up" }).click();
  await expect(editor.getByRole("group", { name: "Action 1" }).getByLabel("Mail subject")).toHaveValue(`Done ${id}`);
  await editor.getByRole("button", { name: "Discard changes" }).click();
  await expect(editor.getByRole("group", { name: "Action 1" }).getByLabel("Subject")).toHaveValue(`Call back ${id}`);

  // The dry run on the activity says what each action would do.
  const testForm = page.getByRole("form", { name: "Test" });
  await testForm.getByLabel("The activity's id").fill(activityId);
  await testForm.getByRole("button", { name: "Dry run" }).click();
  const result = page.getByRole("region", { name: "Dry run result" });
  await expect(result.getByText(`Would create "Call back ${id}"`)).toBeVisible();
  await expect(result.getByText(`Would mail "Done ${id}" to office-${id}@example.test.`)).toBeVisible();

  // Off and on again from the list.
  await page.goto(`/team/automations?q=${encodeURIComponent(name)}`);
  const toggle = page.getByRole("switch", { name: `${name} is on` }).last();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: `${name} is on` }).last()).not.toBeChecked();
  await page
    .getByRole("switch", { name: `${name} is on` })
    .last()
    .click();
  await expect(page.getByRole("switch", { name: `${name} is on` }).last()).toBeChecked();

  // The event happens: the activity is resolved; its run shows on the runs page once taken up.
  const patched = await gql<{ patchActivity: { isSuccess: boolean; message: string } }>(
    page,
    `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess message } }`,
    { id: activityId, i: { status: "RESOLVED" } },
  );
  expect(patched.patchActivity.isSuccess, patched.patchActivity.message).toBe(true);
  await expect
    .poll(
      async () => {
        const r = await gql<{
          automationRuns: { items: { status: string; event: string; record: { label: string } | null }[] };
        }>(page, `{ automationRuns(event: ACTIVITY_RESOLVED, take: 50) { items { status event record { label } } } }`);
        return r.automationRuns.items.find((x) => x.record?.label.includes(subject))?.status;
      },
      { timeout: 120_000, intervals: [1000, 2000, 5000] },
    )
    .toBe("SUCCEEDED");
  await page.goto("/team/automation-events?event=ACTIVITY_RESOLVED");
  const runs = page.getByRole("table", { name: "Automation runs" });
  const row = runs.getByRole("row").filter({ hasText: subject });
  await expect(row.getByText("Succeeded")).toBeVisible();
  await row.getByRole("link", { name: `the activity "${subject}"` }).click();
  await expect(page).toHaveURL(new RegExp(`/team/automation-events/ACTIVITY/${activityId}$`));
  const realRun = page.getByRole("heading", { level: 2, name: `${name} Succeeded`, exact: true });
  await expect(realRun).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: `${name} Succeeded Dry run` })).toBeVisible();
  await expect(page.getByText(`office-${id}@example.test`).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Open its project thread" })).toHaveAttribute(
    "href",
    /\/team\/project-threads\//,
  );

  // Deleted: gone from the list, there under "Deleted".
  await realRun.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete automation" }).click();
  await expect(page).toHaveURL(/\/team\/automations$/);
  await page.goto(`/team/automations?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("No automations match")).toBeVisible();
  await page.getByRole("button", { name: "Deleted" }).click();
  await expect(page.getByRole("table", { name: "Automations" }).getByText(name)).toBeVisible();
});
