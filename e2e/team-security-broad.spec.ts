import { apiSignIn, expect as baseExpect, screenshot, test, users } from "./fixtures";

// The permission matrix asks before a broad grant (everything, security, personnel), naming who gains
// it, and every grant or revoke can be undone from its toast. Messages use labels, never codes.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("a broad grant is confirmed naming who gains it, and undone from the toast", async ({ page }) => {
  const path = "/team/security?tab=matrix";
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });

  // Everything, to a whole group: asked first, and Cancel changes nothing.
  const admin = page.getByRole("checkbox", { name: "Sales: Administrator (everything)" });
  await expect(admin).not.toBeChecked();
  await admin.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Give Sales Administrator (everything)?" })).toBeVisible();
  await expect(dialog).toContainText(/held by the \d+ members? of Sales: /);
  await screenshot(page, "team-security-broad-confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(admin).not.toBeChecked();

  // Personnel, granted after confirming, then undone from the toast.
  const personnel = page.getByRole("checkbox", { name: "Sales: Personnel" });
  await personnel.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Grant" }).click();
  const toast = page.getByText("Sales now holds Personnel.");
  await expect(toast).toBeVisible();
  await expect(personnel).toBeChecked();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Sales no longer holds Personnel.")).toBeVisible();
  await expect(personnel).not.toBeChecked();
});
