import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, gql, signInToTeam, test } from "./fixtures";

// The appointment scheduler of the demo's public "Free water test" form, on a phone (390 px): a visitor
// types a street of Central sales, the page offers that zone's free times (fetched when the address
// changes), they pick the last place of a window and send; the confirmation names the visit and the
// lead carries the appointment. A second visitor who had picked the same window meanwhile is refused
// with a sentence, everything typed kept, and the times offered again without it (nothing stored). The builder shows the
// scheduler switch on and its preview. Only new leads are added. Screenshots at 390 and 1440 px, light
// and dark, under SHOTS_DIR (default test-results/screens).

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const WATER_TEST_FORM = "f0a30001-0000-4000-a000-000000000001";
const shots = process.env.SHOTS_DIR ?? "test-results/screens";
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

async function phoneVisitor(browser: Browser, colorScheme: "light" | "dark" = "light") {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme,
  });
  return { context, page: await context.newPage() };
}

async function fillIn(v: Page, firstName: string, lastName: string) {
  await v.goto(`/forms/${WATER_TEST_FORM}`);
  await expect(v.getByRole("heading", { name: "Book a free water test", level: 1 })).toBeVisible();
  await v.getByLabel("First name").fill(firstName);
  await v.getByLabel("Last name").fill(lastName);
  await v.getByLabel("Phone").fill(`(737) 555-${String(1000 + Math.floor(Math.random() * 8999))}`);
  await v.getByLabel("Street address").fill(`${4000 + Math.floor(Math.random() * 4000)} Lamar Ln`);
  await v.getByLabel("City").fill("Austin");
  await v.getByLabel("Postal code").fill("78722");
  await v.getByLabel("Postal code").blur(); // a change of the address fetches its zone's times
}

test("a visitor on a phone books a free time of their zone; a time taken meanwhile is refused", async ({
  page,
  browser,
}) => {
  const id = uniqueId();
  const times = (v: Page) => v.getByRole("group", { name: "When may we visit?" });

  const a = await phoneVisitor(browser);
  await fillIn(a.page, "Ada", `Slot${id}`);
  const lastPlaceA = times(a.page).locator(".chip").filter({ hasText: "last place" }).first();
  await expect(lastPlaceA).toBeVisible();
  const value = await lastPlaceA.getByRole("radio").getAttribute("value");
  const label = (await lastPlaceA.locator("label").innerText()).replace(/\s*last place$/, "");
  const day = await lastPlaceA.locator("xpath=ancestor::fieldset[1]/legend").innerText();

  // A second visitor, in the same zone, picks the same last place.
  const b = await phoneVisitor(browser, "dark");
  await fillIn(b.page, "Bo", `Late${id}`);
  const sameB = times(b.page).locator(`input[value="${value}"]`);
  await expect(sameB).toHaveCount(1);
  await b.page.locator(`label[for="${await sameB.getAttribute("id")}"]`).click();
  await expect(sameB).toBeChecked();

  await a.page.locator(`label[for="${await lastPlaceA.getByRole("radio").getAttribute("id")}"]`).click();
  await expect(times(a.page).getByRole("radio", { checked: true })).toHaveAttribute("value", value!);
  await shot(a.page, "lead-form-scheduler-390-light");
  // the form's time token must be a few seconds old (a person takes that long; a bot does not)
  await a.page.waitForTimeout(3500);
  await a.page.getByRole("button", { name: "Send" }).click();
  await expect(a.page).toHaveURL(new RegExp(`/forms/${WATER_TEST_FORM}/confirmation\\?at=`));
  await expect(a.page.getByText(`Your visit: ${day}, ${label}.`)).toBeVisible();
  await shot(a.page, "lead-form-scheduler-confirmation-390-light");
  await a.context.close();

  // B sends the same time: refused, answers kept, the times again without it.
  await b.page.getByRole("button", { name: "Send" }).click();
  await expect(b.page.getByRole("alert")).toContainText("was just taken by someone else");
  await expect(b.page.getByLabel("Last name")).toHaveValue(`Late${id}`);
  await expect(b.page.getByLabel("Postal code")).toHaveValue("78722");
  await expect(times(b.page).locator(`input[value="${value}"]`)).toHaveCount(0);
  await shot(b.page, "lead-form-scheduler-taken-390-dark");
  await b.context.close();

  // The leads carry their appointments.
  type Found = { filteredLeads: { leads: { lastName: string; appointment: string | null }[] } };
  const found = await (async () => {
    await signInToTeam(page, `/team/lead-forms/${WATER_TEST_FORM}`);
    return gql<Found>(
      page,
      "query($w: LeadWhereInput){ filteredLeads(take: 50, where: $w){ leads { lastName appointment } } }",
      {
        w: { search: id },
      },
    );
  })();
  // The search also matches other leads' phones by the id's digits: only this test's two visitors count.
  const ours = found.filteredLeads.leads.filter((l) => l.lastName === `Slot${id}` || l.lastName === `Late${id}`);
  expect(ours.map((l) => [l.lastName, !!l.appointment])).toEqual([[`Slot${id}`, true]]);

  // The builder: the scheduler switch is on, and the preview shows the times.
  const builder = page.getByRole("form", { name: "Form" });
  await expect(builder.getByRole("switch", { name: "Appointment scheduler" })).toBeChecked();
  await expect(
    page.getByRole("region", { name: "Appointment scheduler" }).getByText("When may we visit?"),
  ).toBeVisible();
  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByRole("switch", { name: "Appointment scheduler" })).toBeVisible({ timeout: 30_000 });
      await shot(page, `lead-form-scheduler-builder-${width}-${theme}`);
    }
});

test("the public form with its times at 1440 px, light and dark (axe), and without JavaScript", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme });
    const page = await context.newPage();
    await fillIn(page, "Cy", `Wide${uniqueId()}`);
    await expect(page.getByRole("group", { name: "When may we visit?" }).getByRole("radio").first()).toBeAttached();
    await shot(page, `lead-form-scheduler-1440-${colorScheme}`);
    // axe (WCAG 2.0/2.1 A and AA): nothing serious or critical, the times shown
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
    await context.close();
  }
  // No JavaScript: "Find times for my address" posts the form; the times come back with the answers.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await fillIn(page, "Dee", `NoJs${uniqueId()}`);
  await page.getByRole("button", { name: "Find times for my address" }).click();
  await expect(page.getByLabel("Last name")).toHaveValue(/^NoJs/);
  await expect(page.getByRole("group", { name: "When may we visit?" }).getByRole("radio").first()).toBeAttached();
  await shot(page, "lead-form-scheduler-nojs-390-light");
  await context.close();
});
