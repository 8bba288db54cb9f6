import type { Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, gql, screenshot, test, users } from "./fixtures";

// Saved actions: this run's own project (a unique name, one step) with three open activities on a demo
// customer, and its own shortcut that resolves the activity it runs on, made through GraphQL. In "New
// saved action" the shortcut and the filter (this project, open) are picked; on its page Preview says
// it would resolve the three; Run does it and the run shows done; Undo (after a confirmation) reopens
// them. Then the page at phone width. Screenshots at 1440 and 390 px, light and dark. Its data is
// deleted at the end (the project stays, inactive: its threads keep it).

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

type Ok = { isSuccess: boolean; message: string };

async function setup(page: Page, id: string) {
  const project = await gql<{ createProject: Ok & { project: { id: string } } }>(
    page,
    `mutation($i: ProjectInput!){ createProject(input: $i){ isSuccess message project { id } } }`,
    { i: { description: `Bulk ${id}` } },
  );
  expect(project.createProject.isSuccess, project.createProject.message).toBe(true);
  const projectId = project.createProject.project.id;
  const step = await gql<{ createProjectStep: Ok & { step: { id: string } } }>(
    page,
    `mutation($p: ID!, $i: ProjectStepInput!){ createProjectStep(projectId: $p, input: $i){ isSuccess message step { id } } }`,
    { p: projectId, i: { description: "Call", sortLevel: 1 } },
  );
  expect(step.createProjectStep.isSuccess, step.createProjectStep.message).toBe(true);
  const customers = await gql<{ assignedActivities: { customerId: string | null }[] }>(
    page,
    "{ assignedActivities { customerId } }",
  );
  const customerId = customers.assignedActivities.find((a) => a.customerId)!.customerId;
  const started = await gql<{ startProjectThread: Ok & { thread: { id: string } } }>(
    page,
    `mutation($p: ID!, $c: ID) { startProjectThread(projectId: $p, customerId: $c) { isSuccess message thread { id } } }`,
    { p: projectId, c: customerId },
  );
  expect(started.startProjectThread.isSuccess, started.startProjectThread.message).toBe(true);
  for (let i = 1; i <= 3; i++) {
    const added = await gql<{ addActivity: Ok }>(
      page,
      `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message } }`,
      {
        i: {
          threadId: started.startProjectThread.thread.id,
          stepId: step.createProjectStep.step.id,
          subject: `Follow-up ${i} ${id}`,
          scheduledTime: new Date(Date.now() + i * 3_600_000).toISOString(),
        },
      },
    );
    expect(added.addActivity.isSuccess, added.addActivity.message).toBe(true);
  }
  const shortcut = await gql<{ createWorkflowShortcut: Ok & { shortcut: { id: string } } }>(
    page,
    `mutation($i: WorkflowShortcutInput!){ createWorkflowShortcut(input: $i){ isSuccess message shortcut { id } } }`,
    { i: { name: `Close ${id}`, tableId: "ACTIVITY", actions: [{ type: "RESOLVE_ACTIVITY" }] } },
  );
  expect(shortcut.createWorkflowShortcut.isSuccess, shortcut.createWorkflowShortcut.message).toBe(true);
  return { projectId, shortcutId: shortcut.createWorkflowShortcut.shortcut.id };
}

/** How many records the saved action's filter (this project's open activities) selects now. */
const openCount = (page: Page, savedActionId: string) =>
  gql<{ savedActionPreview: { total: number } }>(page, "query($id: ID!){ savedActionPreview(id: $id){ total } }", {
    id: savedActionId,
  }).then(
    (r) => r.savedActionPreview.total,
    () => 0, // "The filter selects no records right now."
  );

async function pick(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a saved action is made, previewed, run and undone", async ({ page }) => {
  const id = uniqueId();
  const name = `Close stale ${id}`;
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fsaved-actions");
  await expect(page.getByRole("heading", { name: "Saved actions", level: 1 })).toBeVisible({ timeout: 30_000 });
  const data = await setup(page, id);
  await page.reload();

  await page.getByRole("button", { name: "New saved action" }).click();
  const dialog = page.getByRole("form", { name: "New saved action" });
  await dialog.getByLabel("Name").fill(name);
  await pick(page, dialog, "Shortcut", `Close ${id} (activities)`);
  await pick(page, dialog, "Project", `Bulk ${id}`);
  await pick(page, dialog, "Status", "Open");
  await dialog.getByRole("button", { name: "Create saved action" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const savedActionId = page.url().split("/").pop()!;

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText(`"Close ${id}" on 3 activities: Resolves 3 open activities.`);

  await page.getByRole("button", { name: "Run", exact: true }).click();
  const runs = page.getByRole("list", { name: "Recent runs" });
  const run = runs.getByTestId("shortcut-run").first();
  await expect(run).toContainText("3 records");
  await expect(run).toContainText("3 done.");
  await expect(run.getByText("Done", { exact: true })).toBeVisible();
  expect(await openCount(page, savedActionId)).toBe(0);
  await screenshot(page, "team-saved-action-run");

  await run.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Undo run" }).click();
  await expect(run.getByText("Undone", { exact: true })).toBeVisible();
  await expect(run.getByRole("button", { name: "Undo" })).toHaveCount(0);
  expect(await openCount(page, savedActionId)).toBe(3);

  // The list shows it with its last run; the page reads well on a phone.
  await page.goto("/team/saved-actions");
  const row = page.getByRole("table", { name: "Saved actions" }).getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Private");
  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/saved-actions/${savedActionId}`);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId("shortcut-run").first()).toContainText("Undone");
      await screenshot(page, `team-saved-action-${width}-${theme}`);
      await page.goto("/team/saved-actions");
      await expect(page.getByRole("heading", { name: "Saved actions", level: 1 })).toBeVisible();
      await screenshot(page, `team-saved-actions-${width}-${theme}`);
    }
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/team/saved-actions/${savedActionId}`);
  await expect(page.getByRole("button", { name: "Preview" })).toBeInViewport();

  const removed = await gql<{ deleteSavedAction: Ok }>(
    page,
    "mutation($id: ID!){ deleteSavedAction(id: $id){ isSuccess message } }",
    {
      id: savedActionId,
    },
  );
  expect(removed.deleteSavedAction.isSuccess, removed.deleteSavedAction.message).toBe(true);
  await gql(page, "mutation($id: ID!){ deleteWorkflowShortcut(id: $id){ isSuccess } }", { id: data.shortcutId });
});
