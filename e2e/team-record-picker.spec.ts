import { screenshots, uniqueId } from "./admin-helpers";
import {
  expect as baseExpect,
  gql,
  newCustomField,
  newSaleThread,
  setFieldsInactive,
  signInToTeam,
  test,
} from "./fixtures";

// The record picker of TABLE_RECORD custom fields: a thread's "Referred by" (a customer) chosen by
// searching the customer's name, saved and shown by name after a reload (not as an id); and an
// automation's "Set a custom field" action on an activity field naming a person, whose new value is
// picked the same way. The fields are this run's own (unique names), set inactive at the end; the
// automation is deleted.

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("a record field's value picked by name on a thread, and in an automation's action", async ({ page }) => {
  const id = uniqueId();
  const names = { referred: `Referred by ${id}`, installer: `Installer ${id}`, automation: `Pick check ${id}` };
  await signInToTeam(page, "/team/my-work");
  const made: { id: string }[] = [];
  let automationId: string | null = null;
  try {
    made.push(
      await newCustomField(page, {
        name: names.referred,
        tableId: "PROJECT_THREAD",
        type: "TABLE_RECORD",
        selectionTableId: "CUSTOMER",
      }),
    );
    made.push(
      await newCustomField(page, {
        name: names.installer,
        tableId: "ACTIVITY",
        type: "TABLE_RECORD",
        selectionTableId: "PERSON",
      }),
    );
    const someone = await gql<{ recordOptions: { id: string; label: string; detail: string }[] }>(
      page,
      `{ recordOptions(tableId: CUSTOMER, take: 5) { id label detail } }`,
    );
    const customer = someone.recordOptions[0]!;
    const { threadId } = await newSaleThread(page);

    // The thread's Details: the customer found by name, saved, shown by name after a reload.
    await page.goto(`/team/project-threads/${threadId}`);
    const details = page.getByRole("form", { name: "Details" });
    // The picker is named by its field and what is chosen ("Referred by …: Choose a customer…").
    const picker = details.getByRole("button", { name: new RegExp(`^${names.referred}:`) });
    await expect(picker).toHaveText(/Choose a customer/);
    await picker.click();
    const dialog = page.getByRole("dialog", { name: "Choose a customer" });
    await dialog.getByRole("searchbox", { name: "Find a customer" }).fill(customer.label);
    const found = dialog
      .getByRole("list", { name: "Customer found" })
      .getByRole("button")
      .filter({ hasText: customer.label });
    await expect(found.first()).toBeVisible();
    await screenshots(page, "team-record-picker-dialog", { wide: true });
    await found.first().click();
    await expect(dialog).toHaveCount(0);
    await expect(picker).toContainText(customer.label);
    await details.getByRole("button", { name: "Save fields" }).click();
    await expect(page.getByText("Saved the custom fields.")).toBeVisible();
    await page.reload();
    await expect(picker).toContainText(customer.label);
    await expect(picker).toContainText(customer.detail);
    await expect(picker).toHaveAccessibleName(`${names.referred}: ${customer.label}`);

    // An automation's "Set a custom field" on the person field: its new value is picked, not typed.
    await page.goto("/team/automations");
    await page.getByRole("button", { name: "New automation" }).click();
    const create = page.getByRole("dialog", { name: "New automation" });
    await create.getByLabel("Name").fill(names.automation);
    await create.getByRole("button", { name: "Create automation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: names.automation })).toBeVisible();
    automationId = page.url().split("/").at(-1)!;
    const editor = page.getByRole("form", { name: "Automation" });
    await editor.getByRole("button", { name: "Add action" }).click();
    const action = editor.getByRole("group", { name: "Action 1" });
    await action.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Set a custom field" }).click();
    await action.getByLabel("Custom field").click();
    await page.getByRole("option", { name: names.installer }).click();
    const value = (g: typeof action) => g.getByRole("button", { name: /^New value:/ });
    await value(action).click();
    const people = page.getByRole("dialog", { name: "Choose a person" });
    // Enter picks the first person found: once the list shows them (on a busy server it comes later).
    await expect(people.getByRole("list").getByRole("button").first()).toBeVisible();
    await people.getByRole("searchbox", { name: "Find a person" }).press("Enter");
    await expect(people).toHaveCount(0);
    await expect(value(action)).not.toHaveText(/Choose a person/);
    await editor.getByRole("button", { name: "Save automation" }).click();
    await expect(page.getByText(`Saved the automation "${names.automation}".`)).toBeVisible();
    await page.reload();
    await expect(value(editor.getByRole("group", { name: "Action 1" }))).not.toHaveText(
      /Choose a person|Loading|no longer found/,
    );
  } finally {
    if (automationId)
      await gql(page, `mutation($id: ID!){ deleteAutomation(id: $id){ isSuccess } }`, { id: automationId }).catch(
        () => {},
      );
    await setFieldsInactive(page, made);
  }
});
