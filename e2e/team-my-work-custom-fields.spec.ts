import { screenshots, uniqueId } from "./admin-helpers";
import { expect as baseExpect, newCustomField, newSaleThread, setFieldsInactive, signInToTeam, test } from "./fixtures";

// Custom fields on the work screens: a project thread's Details card (a value saved, there after a
// reload, and a pinned field in the thread's header), and the add-activity dialog's fields (a
// conditional field appearing as its parent changes, the server's "is required" refusal on that
// field, and the pinned value in the timeline). The fields are this run's own (unique names) on the
// demo branch: the required one shows only when this run's yes/no field is on, so other specs adding
// activities meanwhile are not asked for it, and every field is set inactive at the end.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("a thread's details and an activity's custom fields", async ({ page }) => {
  const id = uniqueId();
  const names = { access: `Site access ${id}`, delivered: `Delivered ${id}`, bottles: `Bottles ${id}` };
  await signInToTeam(page, "/team/my-work");

  const made: { id: string }[] = [];
  try {
    made.push(
      await newCustomField(page, {
        name: names.access,
        tableId: "PROJECT_THREAD",
        type: "TEXT",
        pinStatus: "PINNED",
        sortOrder: 5,
      }),
    );
    const delivered = await newCustomField(page, {
      name: names.delivered,
      tableId: "ACTIVITY",
      type: "TRUE_FALSE",
      sortOrder: 1,
    });
    made.push(delivered);
    made.push(
      await newCustomField(page, {
        name: names.bottles,
        tableId: "ACTIVITY",
        type: "INTEGER",
        required: true,
        pinStatus: "PINNED",
        displayIfFieldId: delivered.id,
        displayIfFieldValue: "true",
        sortOrder: 2,
      }),
    );
    const { threadId } = await newSaleThread(page);

    // The thread's Details: saved, there after a reload, and pinned in the header.
    await page.goto(`/team/project-threads/${threadId}`);
    const details = page.getByRole("form", { name: "Details" });
    await details.getByLabel(names.access).fill("Side gate, code 4412");
    await details.getByRole("button", { name: "Save fields" }).click();
    await expect(page.getByText("Saved the custom fields.")).toBeVisible();
    await page.reload();
    await expect(details.getByLabel(names.access)).toHaveValue("Side gate, code 4412");
    const header = page.getByRole("definition").filter({ hasText: "Side gate, code 4412" });
    await expect(header).toBeVisible();

    // Adding an activity: the bottles show only once delivered, and are then required.
    await page.getByRole("button", { name: "Add activity" }).click();
    const dialog = page.getByRole("dialog", { name: "Add activity" });
    await dialog.getByLabel("Subject").fill(`Deliver water ${id}`);
    await expect(dialog.getByLabel(names.bottles)).toHaveCount(0);
    await dialog.getByLabel(names.delivered).click();
    await expect(dialog.getByLabel(names.bottles)).toBeVisible();
    await dialog.getByRole("button", { name: "Add activity" }).click();
    await expect(dialog.getByText(`${names.bottles} is required.`)).toBeVisible();
    await expect(dialog.getByLabel(names.bottles)).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel(names.bottles).fill("6");
    await dialog.getByRole("button", { name: "Add activity" }).click();
    await expect(dialog).toHaveCount(0);

    // The timeline shows the activity's pinned value.
    const activity = page.getByRole("article", { name: `Deliver water ${id}` });
    await expect(activity).toContainText(`${names.bottles}:6`);
    await screenshots(page, "team-thread-custom-fields", { wide: true });

    // Editing it shows the saved values.
    await activity.getByRole("button", { name: `More actions for Deliver water ${id}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit activity" });
    await expect(edit.getByLabel(names.delivered)).toBeChecked();
    await expect(edit.getByLabel(names.bottles)).toHaveValue("6");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshots(page, "team-activity-custom-fields-dialog", { wide: true });
  } finally {
    await setFieldsInactive(page, made);
  }
});
