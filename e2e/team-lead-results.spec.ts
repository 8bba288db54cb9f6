import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect as baseExpect, screenshot, signInToTeam, test } from "./fixtures";

// The lead results over the demo's leads (read only): team/lead-analytics, lead-results (with the
// milestones), sales-funnel and apt-set-stats show their numbers; a number opens the leads behind it
// (as many as it says, each linking to its lead page); the table downloads as CSV; the period and the
// group are in the address. Screenshots at 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const count = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

/**
 * Opens the leads behind the button and checks the dialog lists as many as the number says. Specs running
 * beside this one on the server add leads: when one arrives between reading the number and opening it,
 * the two differ, so the page is read again and the number opened again until they agree.
 */
async function drillDown(page: Page, button: ReturnType<Page["getByRole"]>, title: string) {
  const dialog = page.getByRole("dialog", { name: title });
  let n = 0;
  await baseExpect(async () => {
    n = count(await button.textContent());
    expect(n).toBeGreaterThan(0);
    await button.click();
    const said = dialog.getByText(`${n.toLocaleString("en-US")} in all, newest first.`);
    if (
      !(await said.waitFor({ timeout: 20_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      await page.keyboard.press("Escape");
      await page.reload();
      throw new Error(`the number ${n} and the leads it opens differ`);
    }
  }).toPass({ timeout: 90_000 });
  await expect(page).toHaveURL(/drill=/);
  const links = dialog.getByRole("link").filter({ visible: true });
  await expect(links.first()).toHaveAttribute("href", /\/team\/leads\/[0-9a-f-]{36}/);
  expect(await links.count()).toBe(Math.min(n, 25));
  return dialog;
}

async function photograph(page: Page, path: string, heading: string, name: string) {
  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole("figure").first()).toBeVisible();
      await screenshot(page, `${name}-${width}-${theme}`);
    }
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("lead analytics: the demo's leads by source, a number's leads, the CSV, by period", async ({ page }) => {
  await signInToTeam(page, "/team/lead-analytics");
  const table = page.getByRole("table", { name: "Lead analytics" });
  const total = table.getByRole("row", { name: /^Total/ });
  await expect(total).toBeVisible();
  await expect(page.getByRole("figure", { name: "Leads by source" })).toBeVisible();
  const totalLeads = total.getByRole("button", { name: /open the leads of Leads: all leads/ });
  const dialog = await drillDown(page, totalLeads, "Leads: all leads");
  // the second page of a number's leads
  await dialog.getByRole("button", { name: /next/i }).click();
  await expect(page).toHaveURL(/drillPage=2/);
  await expect(dialog.getByRole("link").filter({ visible: true }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).not.toHaveURL(/drill=/);

  // a source's converted leads
  const website = table.getByRole("row", { name: /^Website/ });
  await drillDown(page, website.getByRole("button", { name: /open the leads of Leads: Website/ }), "Leads: Website");
  await screenshot(page, "team-lead-results-drill-1440");
  await page.getByRole("dialog").getByRole("link").filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/team\/leads\/[0-9a-f-]{36}$/);
  await page.goBack(); // back to the report with the same leads open
  await expect(page.getByRole("dialog", { name: "Leads: Website" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(table).toBeVisible();

  const from = new URL(page.url()).searchParams.get("from");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^lead-analytics-by-source-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = readFileSync((await download.path())!, "utf8")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(
    "Source,Leads,Unassigned,Assigned,Discarded,Converted,Conversion,Contacted,Time to contact (median)",
  );
  expect(lines.at(-1)).toMatch(new RegExp(`^Total,${count(await totalLeads.textContent())},`));
  expect(from).toBeNull(); // the default period is not written in the address

  // by week: a bar per week of the last 30 days
  await page.getByRole("combobox", { name: "Group by" }).click();
  await page.getByRole("option", { name: "Period" }).click();
  await expect(page).toHaveURL(/by=period/);
  await expect(page.getByRole("figure", { name: "Leads by period" })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Week of/ }).first()).toBeVisible();
  await photograph(page, "/team/lead-analytics?by=period", "Lead analytics", "team-lead-analytics");
});

test("lead results and milestones, the sales funnel and the appointment stats show the demo's numbers", async ({
  page,
}) => {
  await signInToTeam(page, "/team/lead-results?by=person");
  const results = page.getByRole("table", { name: "Lead results" });
  await expect(results.getByRole("row", { name: /^Total/ })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Outcomes by person" })).toBeVisible();
  const milestones = page.getByRole("table", { name: "Milestones reached" });
  await expect(milestones.getByRole("row", { name: /^Sold/ })).toBeVisible();
  await expect(milestones.getByRole("row", { name: /^Installed/ })).toBeVisible();
  const open = results.getByRole("row", { name: /^Total/ }).getByRole("button", { name: /Open: all leads/ });
  await drillDown(page, open, "Open: all leads");
  await page.keyboard.press("Escape");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lead-results-by-person-/);
  await photograph(page, "/team/lead-results?by=person", "Lead results", "team-lead-results");

  await page.goto("/team/sales-funnel");
  const funnel = page.getByRole("table", { name: "Sales funnel" });
  await expect(funnel.getByRole("row", { name: /^Top/ })).toBeVisible();
  const notStarted = funnel.getByRole("row", { name: /^Not started/ }).getByRole("button");
  await drillDown(page, notStarted, "Not started");
  await page.keyboard.press("Escape");
  await page.getByRole("combobox", { name: "Project" }).click();
  await page.getByRole("option", { name: "New customer sale" }).click();
  await expect(page).toHaveURL(/project=/);
  await expect(page.getByRole("heading", { name: "Sales funnel", level: 1 })).toBeVisible();
  await expect(page.getByText(/stand in New customer sale/)).toBeVisible();
  await photograph(page, "/team/sales-funnel", "Sales funnel", "team-sales-funnel");

  await page.goto("/team/apt-set-stats");
  await page.getByRole("button", { name: "Last 90 days" }).click();
  const apts = page.getByRole("table", { name: "Appointments set" });
  const aptTotal = apts.getByRole("row", { name: /^Total/ });
  await expect(aptTotal).toBeVisible();
  await drillDown(
    page,
    aptTotal.getByRole("button", { name: /Appointments: all appointments/ }),
    "Appointments: all appointments",
  );
  await page.keyboard.press("Escape");
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const header = readFileSync((await csv.path())!, "utf8").split(/\r?\n/)[0];
  expect(header).toBe("Setter,Source,Appointments,Converted,Sold");
  const url = new URL(page.url());
  await photograph(page, `/team/apt-set-stats${url.search}`, "Appointment stats", "team-apt-set-stats");
});
