import { uniqueId } from "./admin-helpers";
import {
  expect as baseExpect,
  gql,
  newLeadSource,
  screenshot,
  screenshotsWanted,
  signInToTeam,
  test,
} from "./fixtures";

// The lead page: this run's own source posts two leads (the first with coordinates) and its own discard
// reason is added, through the API. The first lead's page: a field edited, a note added, assigned,
// discarded with the reason, and each step in its history; next and previous lead of the list it was
// opened from (as the lead views page remembers it) with the keys j and k. Screenshots at 1440 and
// 390 px, light and dark.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("open a lead, edit it, add a note, assign, discard with a reason, see the history", async ({ page }) => {
  const id = uniqueId();
  await signInToTeam(page, "/team/lead-sources");
  const { key } = await newLeadSource(page, `Page ${id}`, `LP-${id}`);
  const reason = `Moved away ${id}`;
  await gql(page, "mutation($n: String!){ createDiscardReason(name: $n){ isSuccess } }", { n: reason });
  const posted = await page.request.post("/api/leads", {
    headers: { authorization: `Bearer ${key}` },
    data: {
      leads: [
        {
          firstName: "Dana",
          lastName: `Page ${id}`,
          email: `dana-${id}@example.com`,
          address: "1100 Congress Ave",
          city: "Austin",
          stateCode: "TX",
          postalCode: "78701",
          latitude: 30.2747,
          longitude: -97.7404,
        },
        { firstName: "Eli", lastName: `Page ${id}`, email: `eli-${id}@example.com` },
      ],
    },
  });
  expect(posted.status()).toBeLessThan(300);
  const { results } = (await posted.json()) as { results: { leadId: string; leadNumber: number }[] };
  const [dana, eli] = results as [{ leadId: string; leadNumber: number }, { leadId: string; leadNumber: number }];

  // Opened from a list (as the lead views page leaves it).
  await page.evaluate((nav) => sessionStorage.setItem("lead-nav", JSON.stringify(nav)), {
    viewId: "",
    label: `My list ${id}`,
    ids: [dana.leadId, eli.leadId],
  });
  await page.goto(`/team/leads/${dana.leadId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Dana Page ${id} #${dana.leadNumber}`);
  const nav = page.getByRole("navigation", { name: "Leads of the list" });
  await expect(nav).toContainText(`1 of 2 in My list ${id}`);
  await expect(page.getByText("Unassigned", { exact: true }).first()).toBeVisible();

  // Edit a field.
  const details = page.getByRole("form", { name: "Details" });
  await details.getByLabel("City").fill("Round Rock");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText(`Saved lead #${dana.leadNumber}.`)).toBeVisible();

  // Add a note.
  const noteForm = page.getByRole("form", { name: "Add a note" });
  await noteForm.getByLabel("New note").fill(`Called ${id}: call back Friday.`);
  await noteForm.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Added the note.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Notes" })).toContainText(`Called ${id}: call back Friday.`);

  // Assign to the first person offered.
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  const assign = page.getByRole("form", { name: "Assign the lead" });
  await assign.getByRole("combobox", { name: "Person" }).click();
  const person = page.getByRole("option").first();
  const personName = (await person.textContent())?.trim() ?? "";
  await person.click();
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText(`Assigned 1 lead to ${personName}.`)).toBeVisible();
  await expect(page.getByText(`Assigned to ${personName}`, { exact: true })).toBeVisible();

  // Discard with this run's reason.
  await page.getByRole("button", { name: "Discard", exact: true }).click();
  const discard = page.getByRole("form", { name: "Discard the lead" });
  await discard.getByRole("combobox", { name: "Reason" }).click();
  await page.getByRole("option", { name: reason }).click();
  await discard.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText(`Discarded 1 lead: ${reason}.`)).toBeVisible();
  await expect(page.getByText(`Discarded: ${reason}`, { exact: true })).toBeVisible();

  // Link it to another customer, found by its account number.
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: /^Link to/ }).click();
  const linkDialog = page.getByRole("dialog");
  await linkDialog.getByLabel("Search customers").fill("100002");
  const pick = linkDialog.getByRole("button", { name: /^Link to 100002 / });
  await expect(pick).toBeVisible();
  await pick.click();
  await expect(page.getByText(new RegExp(`^Linked lead #${dana.leadNumber} to customer 100002 `))).toBeVisible();

  // The history, newest first.
  const history = page.getByRole("list", { name: "History" });
  const items = history.getByRole("listitem");
  await expect(items).toHaveCount(6);
  await expect(items.nth(0)).toContainText("Linked to customer 100002");
  await expect(items.nth(1)).toContainText(`Discarded: ${reason}.`);
  await expect(items.nth(2)).toContainText(`Assigned to ${personName}.`);
  await expect(items.nth(3)).toContainText(`Added a note: "Called ${id}: call back Friday."`);
  await expect(items.nth(4)).toContainText("Edited city.");
  await expect(items.nth(4)).toContainText("Austin");
  await expect(items.nth(4)).toContainText("Round Rock");
  await expect(items.nth(5)).toContainText("Posted by its lead source.");

  // Its zone and pin (the map is drawn when the lead has coordinates, once its card comes into view).
  const location = page.getByRole("heading", { name: "Location", level: 2 });
  await location.scrollIntoViewIfNeeded();
  await expect(page.getByRole("img", { name: new RegExp(`Map: lead #${dana.leadNumber}`) })).toBeVisible();

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/leads/${dana.leadId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${dana.leadNumber}`);
      await expect(page.getByRole("list", { name: "History" }).getByRole("listitem")).toHaveCount(6);
      await location.scrollIntoViewIfNeeded();
      await expect(page.getByRole("img", { name: /^Map: lead/ }).locator("canvas")).toBeVisible();
      if (screenshotsWanted) {
        await page.waitForTimeout(1500); // the basemap's shapes, for the picture
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `team-lead-page-${width}-${theme}`);
      }
    }
  // The customer picker on a phone (dark, as the loop left it).
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: /^Link to/ }).click();
  await page.getByRole("dialog").getByLabel("Search customers").fill("100");
  await expect(page.getByRole("list", { name: "Customers found" })).toBeVisible();
  await screenshot(page, "team-lead-page-link-390-dark");
  await page.keyboard.press("Escape");
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
  await page.setViewportSize({ width: 1440, height: 900 });

  // Next and previous in the list: j and k (not while typing in a field).
  await page.goto(`/team/leads/${dana.leadId}`);
  await expect(nav).toContainText("1 of 2");
  const city = page.getByRole("form", { name: "Details" }).getByLabel("City");
  await city.press("j");
  await expect(page).toHaveURL(new RegExp(`/team/leads/${dana.leadId}`));
  await city.press("Backspace");
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("j");
  await expect(page).toHaveURL(new RegExp(`/team/leads/${eli.leadId}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Eli Page ${id}`);
  await expect(nav).toContainText("2 of 2");
  await expect(nav.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.keyboard.press("k");
  await expect(page).toHaveURL(new RegExp(`/team/leads/${dana.leadId}`));
  await nav.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/team/leads/${eli.leadId}`));
});
