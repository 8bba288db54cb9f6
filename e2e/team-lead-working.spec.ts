import type { Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, gql, newLeadSource, screenshot, signInToTeam, test } from "./fixtures";

// Working the leads: this run's own source posts three leads with phones (through /api/leads with its
// key). The first lead's page: an activity of its thread resolved from the page (my work's Resolve);
// sent to the call tool from its More menu; marked a duplicate of the second through the dialog's
// number box (a wrong number refused on the box). A view of the source on a phone (390 px): two cards
// selected by their checkboxes and sent to the call tool in bulk. The pipeline on a phone does not
// widen the page. Screenshots of the lead page, the view (with a selection) and the pipeline at 1440
// and 390 px, light and dark. A lead's thread of 27 activities: the lead page lists its first 25 and
// links to the thread's page, which has all of them a page at a time.

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

type Posted = { leadId: string; leadNumber: number };
const THEMES = ["light", "dark"] as const;
const setTheme = (page: Page, themeMode: string) =>
  page.evaluate((mode) => localStorage.setItem("preferences", JSON.stringify({ themeMode: mode })), themeMode);
/** The page is no wider than the window (what scrolls sideways scrolls inside its own box). */
const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

async function ownLeads(page: Page, id: string) {
  const { sourceId, key } = await newLeadSource(page, `Working ${id}`, `WK-${id}`);
  const posted = await page.request.post("/api/leads", {
    headers: { authorization: `Bearer ${key}` },
    data: {
      leads: ["Wren", "Xavi", "Yara"].map((first, i) => ({
        firstName: first,
        lastName: `Work ${id}`,
        email: `${first.toLowerCase()}-${id}@example.com`,
        phone: `51255502${i}${i}`,
      })),
    },
  });
  expect(posted.status()).toBeLessThan(300);
  const { results } = (await posted.json()) as { results: Posted[] };
  return { sourceId, leads: results };
}

test("resolve a lead's activity, send leads to the call tool from the page and a phone's selection", async ({
  page,
}) => {
  const id = uniqueId();
  await signInToTeam(page, "/team/lead-views");
  const { sourceId, leads } = await ownLeads(page, id);
  const [wren, xavi] = leads as [Posted, Posted, Posted];

  // An activity at First call of New customer sale, the signed-in employee's own.
  const me = await gql<{ currentUser: { employeePersonId: string } }>(page, "{ currentUser { employeePersonId } }");
  const { projects } = await gql<{
    projects: { id: string; description: string; steps: { id: string; description: string }[] }[];
  }>(page, "{ projects { id description steps { id description } } }");
  const sale = projects.find((p) => p.description === "New customer sale")!;
  const subject = `Call Wren ${id}`;
  await gql(
    page,
    "mutation($l: ID!, $i: AddLeadActivityInput!){ addLeadActivity(leadId: $l, input: $i){ isSuccess message } }",
    {
      l: wren.leadId,
      i: {
        projectId: sale.id,
        stepId: sale.steps.find((s) => s.description === "First call")!.id,
        subject,
        scheduledTime: new Date().toISOString(),
        assignedPersonId: me.currentUser.employeePersonId,
      },
    },
  );

  // The lead page: resolve the activity where it is listed.
  await page.goto(`/team/leads/${wren.leadId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Wren Work ${id} #${wren.leadNumber}`);
  const activities = page.getByRole("list", { name: "Activities of New customer sale" });
  const activity = activities.getByRole("listitem").filter({ hasText: subject });
  await expect(activity).toContainText("Open");
  await activity.getByRole("button", { name: `Resolve ${subject}` }).click();
  await expect(page.getByText(`Resolved “${subject}”.`)).toBeVisible();
  await expect(activity).toContainText("Done");
  await expect(activity.getByRole("button", { name: `Resolve ${subject}` })).toBeHidden();

  // Send it to the call tool.
  await page.getByRole("button", { name: "More", exact: true }).click();
  await page.getByRole("menuitem", { name: "Send to call tool" }).click();
  await expect(page.getByText("Sent 1 lead to the call tool.")).toBeVisible();
  await expect(page.getByText("Sent to the call tool", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "More", exact: true }).click();
  await expect(page.getByRole("menuitem", { name: "Send to call tool" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("list", { name: "History" }).getByRole("listitem").first()).toContainText(
    "Sent to the call tool.",
  );

  for (const theme of THEMES)
    for (const width of [1440, 390]) {
      await setTheme(page, theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/leads/${wren.leadId}`);
      await expect(activities.getByRole("listitem").filter({ hasText: subject })).toContainText("Done");
      const w = await pageWidth(page);
      expect(w.scroll).toBeLessThanOrEqual(w.client);
      await screenshot(page, `team-lead-working-page-${width}-${theme}`);
    }
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/team/leads/${wren.leadId}`);

  // Mark it a duplicate of Xavi: the number box says what it takes.
  await page.getByRole("button", { name: "More", exact: true }).click();
  await page.getByRole("menuitem", { name: "Mark duplicate of…" }).click();
  const dup = page.getByRole("form", { name: "Mark a duplicate" });
  const box = dup.getByLabel("Original lead number");
  await box.fill("the first one");
  await dup.getByRole("button", { name: "Mark duplicate" }).click();
  await expect(dup.getByText("Enter the number of the original lead, e.g. 1042.")).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await box.fill(`#${xavi.leadNumber}`);
  await dup.getByRole("button", { name: "Mark duplicate" }).click();
  await expect(page.getByText(`Marked 1 lead as a duplicate of lead #${xavi.leadNumber}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: `Duplicate of #${xavi.leadNumber}` })).toBeVisible();

  // A view of the source on a phone: select the two others by their cards' checkboxes, send them.
  await page.goto("/team/lead-views");
  const viewName = `Phone view ${id}`;
  await page.getByRole("button", { name: "New view" }).click();
  const form = page.getByRole("form", { name: "New lead view" });
  await form.getByLabel("Name").fill(viewName);
  await form.getByRole("button", { name: "Create view" }).click();
  await expect(page.getByRole("heading", { name: viewName, level: 1 })).toBeVisible();
  const viewPath = new URL(page.url()).pathname;
  const viewUrl = `${viewPath}?v=1&source=${sourceId}`;
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(viewUrl);
  const cards = page.getByRole("list", { name: `Leads of ${viewName}` });
  await expect(cards.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("table", { name: `Leads of ${viewName}` })).toBeHidden();
  const card = (first: string) => cards.getByRole("listitem").filter({ hasText: `${first} Work ${id}` });
  for (const first of ["Xavi", "Yara"]) await card(first).getByRole("checkbox", { name: "Select row" }).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Select all on this page" })).not.toBeChecked();
  const w = await pageWidth(page);
  expect(w.scroll).toBeLessThanOrEqual(w.client);
  await screenshot(page, "team-lead-working-view-selected-390-light");
  await page.getByRole("button", { name: "Send to call tool" }).click();
  await expect(page.getByText("Sent 2 leads to the call tool.")).toBeVisible();
  await expect(page.getByText("2 selected")).toBeHidden();
  const sent = await gql<{ leadsByIds: { callToolsContactId: string | null }[] }>(
    page,
    "query($ids: [ID!]!){ leadsByIds(ids: $ids){ callToolsContactId } }",
    { ids: leads.map((l) => l.leadId) },
  );
  expect(sent.leadsByIds.every((l) => !!l.callToolsContactId)).toBe(true);

  // All three on the page: Wren, now a discarded duplicate, is not sent again (it already was).
  await setTheme(page, "dark");
  await page.reload();
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await expect(page.getByText("3 selected")).toBeVisible();
  await expect(card("Wren").getByRole("checkbox", { name: "Select row" })).toBeChecked();
  await screenshot(page, "team-lead-working-view-selected-390-dark");
  await page.getByRole("button", { name: "Send to call tool" }).click();
  await expect(page.getByText("The 3 leads were already sent to the call tool.")).toBeVisible();

  // The view on a desktop: the same selection by the table's checkboxes (unchanged).
  await setTheme(page, "light");
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(viewUrl);
    const table = page.getByRole("table", { name: `Leads of ${viewName}` });
    await table
      .getByRole("row", { name: new RegExp(`Yara Work ${id}`) })
      .getByRole("checkbox")
      .check();
    await expect(page.getByText("1 selected")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send to call tool" })).toBeVisible();
    await screenshot(page, `team-lead-working-view-selected-1440-${theme}`);
  }

  // The pipeline on a phone: its columns scroll inside the board, the page keeps the phone's width.
  const board = await gql<{ leadPipelineOptions: { projects: { id: string; name: string }[] } }>(
    page,
    "{ leadPipelineOptions { projects { id name } } }",
  );
  const project = board.leadPipelineOptions.projects.find((p) => p.name === "New customer sale")!;
  for (const theme of THEMES)
    for (const width of [1440, 390]) {
      await setTheme(page, theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/lead-pipeline?project=${project.id}`);
      await expect(page.getByRole("article").first()).toBeVisible();
      const p = await pageWidth(page);
      expect(p.scroll).toBeLessThanOrEqual(p.client);
      await screenshot(page, `team-lead-working-pipeline-${width}-${theme}`);
    }
  await setTheme(page, "light");
});

test("a lead's long thread: its first 25 activities on the lead page, all of them on the thread's page", async ({
  page,
}) => {
  const id = uniqueId();
  await signInToTeam(page, "/team/lead-views");
  const { leads } = await ownLeads(page, id);
  const lead = leads[0]!;
  const { projects } = await gql<{
    projects: { id: string; description: string; steps: { id: string; description: string }[] }[];
  }>(page, "{ projects { id description steps { id description } } }");
  const sale = projects.find((p) => p.description === "New customer sale")!;
  const stepId = sale.steps.find((s) => s.description === "First call")!.id;
  // 27 activities on the lead's thread of the project, an hour apart (one at a time: the first starts it).
  const start = Date.now() - 40 * 86_400_000;
  for (let k = 1; k <= 27; k++)
    await gql(
      page,
      "mutation($l: ID!, $i: AddLeadActivityInput!){ addLeadActivity(leadId: $l, input: $i){ isSuccess } }",
      {
        l: lead.leadId,
        i: {
          projectId: sale.id,
          stepId,
          subject: `Try ${id} ${k}`,
          scheduledTime: new Date(start + k * 3_600_000).toISOString(),
        },
      },
    );

  await page.goto(`/team/leads/${lead.leadId}`);
  const activities = page.getByRole("list", { name: "Activities of New customer sale" });
  await expect(activities.getByRole("listitem")).toHaveCount(25);
  await expect(activities.getByRole("listitem").first()).toContainText(`Try ${id} 1`);
  await expect(activities.getByRole("listitem").last()).toContainText(`Try ${id} 25`);
  await page.getByRole("link", { name: "All 27 activities on the thread's page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New customer sale" })).toBeVisible();
  await expect(page.getByText("Showing 25 of 27 activities")).toBeVisible();
});
