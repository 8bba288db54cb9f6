import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hydrated, hydrationComplaints, openServerRendered } from "./server-rendered";

// The personnel list comes rendered by the server with its first people (decision 0992) and the browser
// takes it over from the data in the page: no hydration complaint (light and dark, wide and narrow), no
// second request for the same people, and the list works as the browser-rendered one (search, sort).

test.describe.configure({ timeout: 120_000 });

/** The page's `Personnel` queries sent from the browser (the server's render asks in process). */
function personnelRequests(page: Page) {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/graphql") && /"operationName":"Personnel"/.test(r.postData() ?? ""))
      sent.push(r.postData() ?? "");
  });
  return sent;
}

for (const [theme, width] of [
  ["light", 1440],
  ["dark", 390],
] as const) {
  test(`the list is sent rendered and taken over without a second fetch (${theme}, ${width} px)`, async ({
    page,
    loginAs,
  }) => {
    const complaints = hydrationComplaints(page);
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((mode) => localStorage.setItem("preferences", JSON.stringify({ themeMode: mode })), theme);
    await loginAs("employee", "/team/login?ReturnUrl=/team");
    const sent = personnelRequests(page);
    // The HTML holds the first people (the demo's, sorted by name) and the page's frame.
    await openServerRendered(page, "/team/personnel", ["Personnel", "Ashworth", 'aria-label="Team navigation"']);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Personnel" })).toBeVisible();
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
    await page.waitForLoadState("networkidle");
    expect(sent).toEqual([]);
    // Searching asks the server, as before.
    await page.getByLabel("Search personnel").fill("sales rep");
    await expect(page).toHaveURL(/q=sales\+rep/);
    await expect(page.getByText("Luis Ortega").filter({ visible: true })).toBeVisible();
    expect(sent.length).toBeGreaterThan(0);
    expect(complaints).toEqual([]);
  });
}
