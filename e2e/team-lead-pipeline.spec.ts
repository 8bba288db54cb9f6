import type { Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, gql, newLeadSource, screenshot, signInToTeam, test } from "./fixtures";

// The lead pipeline: this run's own lead (posted through its own source's intake key) is put at "First
// call" of New customer sale, found on the board by the search in the address, then moved by keyboard
// (its "Move to…" menu to Quote, Alt+Left back to Appointment) and by dragging it onto Quote; each move
// is an activity of its thread, as the API then answers. Screenshots of the demo's board at 1440 and
// 390 px (columns scroll sideways), light and dark.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

type Board = {
  leadPipeline: {
    columns: { stepId: string; description: string; cards: { threadId: string; lead: { id: string } }[] }[];
  };
};
const BOARD =
  "query($p: ID!, $w: LeadPipelineFilter){ leadPipeline(projectId: $p, where: $w){ columns { stepId description cards { threadId lead { id } } } } }";

async function ownLead(page: Page, id: string) {
  const { key } = await newLeadSource(page, `Pipeline ${id}`, `PIPE-${id}`);
  const posted = await page.request.post("/api/leads", {
    headers: { authorization: `Bearer ${key}` },
    data: { firstName: "Pia", lastName: `Pipe${id}`, email: `pia-${id}@example.com` },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { leadId: string }).leadId;
}

test("move a lead along the pipeline by keyboard and by drag", async ({ page }) => {
  const id = uniqueId();
  const name = `Pia Pipe${id}`;
  await signInToTeam(page, "/team/lead-pipeline");
  const projects = await gql<{ leadPipelineOptions: { projects: { id: string; name: string }[] } }>(
    page,
    "{ leadPipelineOptions { projects { id name } } }",
  );
  const project = projects.leadPipelineOptions.projects.find((p) => p.name === "New customer sale")!;
  const leadId = await ownLead(page, id);
  const board = async () =>
    (await gql<Board>(page, BOARD, { p: project.id, w: { search: `Pipe${id}` } })).leadPipeline.columns;
  const step = (cols: Board["leadPipeline"]["columns"], d: string) => cols.find((c) => c.description === d)!;
  const first = step(await board(), "First call");
  await gql(page, "mutation($l: ID!, $s: ID!){ moveLeadToStep(leadId: $l, stepId: $s){ isSuccess } }", {
    l: leadId,
    s: first.stepId,
  });

  await page.goto(`/team/lead-pipeline?project=${project.id}&q=Pipe${id}`);
  const column = (d: string) => page.locator(`section[data-step="${d}"]`);
  const card = page.getByRole("article", { name: new RegExp(`^${name}, at`) });
  await expect(column("First call").getByRole("article", { name: `${name}, at First call` })).toBeVisible();
  await expect(column("First call").getByLabel("1 leads")).toBeVisible();

  // by keyboard: the card's menu
  const menu = page.getByRole("button", { name: `Move ${name} to…` });
  await menu.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Quote" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Moved "${name}" to "Quote".`)).toBeVisible();
  await expect(column("Quote").getByRole("article", { name: `${name}, at Quote` })).toBeVisible();
  await expect(column("First call").getByText("No leads at this step")).toBeVisible();

  // by keyboard: Alt+Left moves the focused card one column back
  await card.focus();
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(column("Appointment").getByRole("article", { name: `${name}, at Appointment` })).toBeVisible();
  await expect(page.getByText(`Moved "${name}" to "Appointment".`)).toBeVisible();

  // by drag: onto Quote
  await card.dragTo(column("Quote"));
  await expect(column("Quote").getByRole("article", { name: `${name}, at Quote` })).toBeVisible();
  await expect(page.getByText(`Moved "${name}" to "Quote".`).first()).toBeVisible();
  await page.reload();
  await expect(column("Quote").getByRole("article", { name: `${name}, at Quote` })).toBeVisible();
  const after = await board();
  expect(step(after, "Quote").cards.map((c) => c.lead.id)).toEqual([leadId]);
  const thread = step(after, "Quote").cards[0]!.threadId;
  const acts = await gql<{ projectThread: { activities: { stepDescription: string; status: string }[] } }>(
    page,
    "query($id: ID!){ projectThread(id: $id){ activities { stepDescription status } } }",
    { id: thread },
  );
  expect(acts.projectThread.activities.map((a) => `${a.stepDescription} ${a.status}`).sort()).toEqual([
    "Appointment RESOLVED",
    "First call RESOLVED",
    "Quote ACTIVE",
    "Quote CANCELLED",
  ]);

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/lead-pipeline?project=${project.id}`);
      await expect(page.getByRole("heading", { name: "Lead pipeline", level: 1 })).toBeVisible();
      await expect(column("First call").getByRole("article").first()).toBeVisible();
      await screenshot(page, `team-lead-pipeline-${width}-${theme}`);
    }
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
});
