import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, gql, newLeadSource, screenshot, signInToTeam, test } from "./fixtures";

// Lead rules: this run adds its own two rules on team/lead-automations (a city and an email no other
// lead has, so no other spec's lead is caught), sees the dialog's live count of existing leads a rule
// would discard, moves a rule up with the keyboard (the focus stays on the button), and a lead posted
// through the intake API with the rule's city is answered "discarded" by that rule. Its rules are
// deleted at the end (one through the confirmation). Screenshots at 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("add rules with their live preview, reorder them by keyboard, a posted lead is discarded", async ({ page }) => {
  const id = uniqueId();
  const city = `Nowhere ${id}`;
  const email = `nobody-${id}@example.com`;
  await signInToTeam(page, "/team/lead-automations");

  const addRule = async (field: string, value: string, reason: string) => {
    await page.getByRole("button", { name: "New rule" }).click();
    const form = page.getByRole("form", { name: "New lead rule" });
    await form.getByRole("combobox", { name: "Field" }).click();
    await page.getByRole("option", { name: field, exact: true }).click();
    await form.getByLabel("Value").fill(value);
    await form.getByRole("combobox", { name: "Discard reason" }).click();
    await page.getByRole("option", { name: reason, exact: true }).click();
    await expect(form.getByTestId("rule-preview")).toContainText("Would discard 0 existing leads.");
    return form;
  };

  // The live count: a rule many demo leads meet, counted before it is saved (then cancelled).
  await page.getByRole("button", { name: "New rule" }).click();
  const probe = page.getByRole("form", { name: "New lead rule" });
  await probe.getByRole("combobox", { name: "Field" }).click();
  await page.getByRole("option", { name: "Postal code", exact: true }).click();
  await probe.getByRole("combobox", { name: "Comparison" }).click();
  await page.getByRole("option", { name: "Has a value" }).click();
  await probe.getByRole("combobox", { name: "Discard reason" }).click();
  await page.getByRole("option", { name: "Out of area", exact: true }).click();
  await expect(probe.getByTestId("rule-preview")).toContainText(/Would discard [1-9][\d,]* existing leads\./);
  await screenshot(page, "team-lead-automation-preview-1440-light");
  await probe.getByRole("button", { name: "Cancel" }).click();

  const first = await addRule("City", city, "Out of area");
  await first.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText(new RegExp(`Added rule (\\d+): City equals ${city}\\.`))).toBeVisible();
  const second = await addRule("Email", email, "Not interested");
  await second.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText(new RegExp(`Added rule (\\d+): Email equals ${email}\\.`))).toBeVisible();

  const table = page.getByRole("table", { name: "Lead rules" });
  const cityRow = table.getByRole("row", { name: new RegExp(`City equals ${city}`) });
  const emailRow = table.getByRole("row", { name: new RegExp(`Email equals ${email}`) });
  const position = async (row: typeof cityRow) => Number(await row.getByRole("cell").first().innerText());
  const [cityAt, emailAt] = [await position(cityRow), await position(emailRow)];
  expect(emailAt).toBe(cityAt + 1);

  // Move the email rule up with the keyboard: it runs first, and the focus stays on the move button.
  const up = emailRow.getByRole("button", { name: `Move rule ${emailAt} up` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(emailRow.getByRole("cell").first()).toHaveText(String(cityAt));
  await expect(cityRow.getByRole("cell").first()).toHaveText(String(emailAt));
  // (at the top, Move up is disabled: the focus goes to Move down)
  const kept = cityAt === 1 ? "Move rule 1 down" : `Move rule ${cityAt} up`;
  await expect(emailRow.getByRole("button", { name: kept })).toBeFocused();

  // A lead posted with the rule's city is discarded by it (through the intake API, with a key of a source).
  const { sourceId, key } = await newLeadSource(page, `Rules ${id}`, `R-${id}`);
  const posted = await page.request.post("/api/leads", {
    headers: { authorization: `Bearer ${key}` },
    data: { firstName: "Far", lastName: `Away ${id}`, email: `far-${id}@example.com`, city: city.toUpperCase() },
  });
  expect(await posted.json()).toMatchObject({
    outcome: "discarded",
    reason: `Discarded by rule ${emailAt}: City equals ${city}.`,
  });

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/lead-automations?q=${encodeURIComponent(id)}`);
      await expect(page.getByRole("heading", { name: "Lead automations", level: 1 })).toBeVisible();
      await expect(page.getByText(`City equals ${city}`).filter({ visible: true })).toBeVisible();
      await screenshot(page, `team-lead-automations-${width}-${theme}`);
    }
  // The edit dialog on a phone, dark.
  await page
    .getByRole("button", { name: `Edit rule ${emailAt}` })
    .filter({ visible: true })
    .click();
  await expect(page.getByRole("form", { name: "Edit lead rule" }).getByTestId("rule-preview")).toContainText(
    "Would discard 0 existing leads.",
  );
  await screenshot(page, "team-lead-automation-edit-390-dark");
  await page.keyboard.press("Escape");
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/team/lead-automations?q=${encodeURIComponent(id)}`);

  // Deleted: one through its confirmation, the other through the API; the source switched off.
  await cityRow.getByRole("button", { name: `Delete rule ${emailAt}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete rule" }).click();
  await expect(page.getByText(`Deleted rule ${emailAt}: City equals ${city}.`)).toBeVisible();
  await expect(cityRow).toHaveCount(0);
  const { leadAutomations } = await gql<{ leadAutomations: { id: string; description: string }[] }>(
    page,
    "{ leadAutomations { id description } }",
  );
  for (const r of leadAutomations.filter((r) => r.description.includes(id)))
    await gql(page, "mutation($id: ID!){ deleteLeadAutomation(id: $id){ isSuccess } }", { id: r.id });
  await gql(page, "mutation($id: ID!){ setLeadSourceInactive(id: $id, inactive: true){ isSuccess } }", {
    id: sourceId,
  });
});
