import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, gql, roles, screenshot, test, users } from "./fixtures";

// Team workflow setup: projects (list, facets, search, new and edit, a type made inline), the
// priorities card, the steps list and one step's page (a refusal on its field, deleting, and the
// refusal to delete a step with activities), milestones, and an employee without
// WORKFLOW_CONFIGURATION who sees it all read-only. Every record changed here is made here, under a
// unique name; the demo's projects, steps, milestones and priorities are only read.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function signIn(page: Page, path: string, who: string = users.employee) {
  await apiSignIn(page, who, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

async function pick(page: Page, label: string, option: string, scope = page.locator("body")) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

type Made = { isSuccess: boolean; message: string };
async function makeProject(page: Page, description: string) {
  const r = await gql<{ createProject: Made & { project: { id: string } } }>(
    page,
    `mutation($i: ProjectInput!){ createProject(input: $i){ isSuccess message project { id } } }`,
    { i: { description, allowOrphans: true } },
  );
  expect(r.createProject.isSuccess, r.createProject.message).toBe(true);
  return r.createProject.project.id;
}

test("projects: search, facets, a new project with a new type, editing it, and a refused duplicate", async ({
  page,
}) => {
  const name = unique("Cooler install");
  const type = unique("Installs");
  await signIn(page, "/team/projects");
  const table = page.getByRole("table", { name: "Projects" });
  await expect(table.getByRole("link", { name: "New customer sale" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Service call" })).toBeVisible();
  await screenshot(page, "team-projects");

  await page.getByRole("searchbox", { name: "Search projects" }).fill("cooler rental");
  await expect(page).toHaveURL(/q=cooler/);
  await expect(table.getByRole("link", { name: "Cooler rental" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Service call" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search projects" }).fill("");
  await expect(page).not.toHaveURL(/q=/);
  await pick(page, "Project type", "Service");
  await expect(page).toHaveURL(/type=/);
  await expect(table.getByRole("link", { name: "Service call" })).toBeVisible();
  await expect(table.getByRole("link", { name: "New customer sale" })).toHaveCount(0);
  // The project opens its steps.
  await table.getByRole("link", { name: "Service call" }).click();
  await expect(page).toHaveURL(/\/team\/project-steps\?project=/);
  await expect(page.getByRole("heading", { name: "Service call steps", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Project steps" }).getByRole("link", { name: "Technician visit" }),
  ).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/team\/projects\?type=/);
  await pick(page, "Project type", "All types");

  // A new project with a type made on the spot.
  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Description").fill("new customer SALE");
  await pick(page, "Type", "New type…", dialog);
  await dialog.getByLabel("New type name").fill(type);
  await pick(page, "Default priority", "High", dialog);
  await pick(page, "Default person", "Eric Employee", dialog);
  await dialog.getByLabel("Allow orphans").click();
  await dialog.getByRole("button", { name: "Add project" }).click();
  // The server refuses the name; the message is on the description and nothing typed is lost.
  await expect(dialog.getByText('A project named "New customer sale" already exists.')).toBeVisible();
  await expect(dialog.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("combobox", { name: "Default person" })).toHaveText("Eric Employee");
  await page.screenshot({ path: "test-results/screens/team-projects-refused.png" });
  // The type was made before the refusal: it stays chosen, not made twice.
  await expect(dialog.getByLabel("Type", { exact: true })).toHaveText(type);
  await dialog.getByLabel("Description").fill(name);
  await dialog.getByRole("button", { name: "Add project" }).click();
  await expect(page.getByText(`Saved the project "${name}".`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(type);
  await expect(row).toContainText("Eric Employee");
  await expect(row).toContainText("High");
  await expect(row).toContainText("Orphans allowed");

  // Edit: marketing, then inactive (it leaves the active list and shows under Inactive).
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Description")).toHaveValue(name);
  await edit.getByLabel("Marketing").click();
  await edit.getByLabel("Inactive").click();
  await edit.getByRole("button", { name: "Save project" }).click();
  await expect(page.getByText(`Saved the project "${name}".`).first()).toBeVisible();
  await expect(table.getByRole("link", { name })).toHaveCount(0);
  await page.getByRole("button", { name: /^Inactive/ }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(table.getByRole("row", { name: new RegExp(name) })).toContainText("Marketing");
});

test("priorities: add, refuse a duplicate on its field, rename, reorder and set inactive", async ({ page }) => {
  const first = unique("Rush");
  const second = unique("Someday");
  await signIn(page, "/team/projects");
  const list = page.getByRole("list", { name: "Priorities" });
  await expect(list.getByText("High", { exact: true })).toBeVisible();

  const add = async (name: string, sortOrder: string) => {
    await page.getByRole("button", { name: "New priority" }).click();
    const dialog = page.getByRole("dialog", { name: "New priority" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Sort order").fill(sortOrder);
    await dialog.getByRole("button", { name: "Add priority" }).click();
    return dialog;
  };
  const dup = await add("high", "90000");
  await expect(dup.getByText('A priority named "High" already exists.')).toBeVisible();
  await expect(dup.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(dup.getByLabel("Name")).toHaveValue("high");
  await dup.getByLabel("Name").fill(first);
  await dup.getByRole("button", { name: "Add priority" }).click();
  await expect(dup).toBeHidden();
  await add(second, "90010");
  await expect(page.getByText(`Saved the priority "${second}".`)).toBeVisible();

  // Ours are last (highest sort orders): moving the last up swaps the two.
  const items = list.getByRole("listitem");
  await expect(items.last()).toContainText(second);
  await page.getByRole("button", { name: `Move ${second} up` }).click();
  await expect(items.last()).toContainText(first);
  await expect(items.nth(-2)).toContainText(second);

  await page.getByRole("button", { name: `Edit ${first}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${first}` });
  await edit.getByLabel("Name").fill(`${first} later`);
  await edit.getByLabel("Inactive").click();
  await edit.getByRole("button", { name: "Save priority" }).click();
  await expect(edit).toBeHidden();
  await expect(list.getByRole("listitem").filter({ hasText: `${first} later` })).toContainText("Inactive");
});

test("steps: add steps, edit one (a refusal on its field), delete one, and the refusal for a step with work", async ({
  page,
}) => {
  const project = unique("Water audit");
  const role = unique("Auditor");
  await signIn(page, "/team/project-steps");
  const projectId = await makeProject(page, project);
  // A territory role of our own, for the step page (made before the list loads the roles).
  const roleId = (
    await gql<{ createPersonTerritoryRole: { id: string } }>(
      page,
      `mutation($n: String!){ createPersonTerritoryRole(name: $n){ id } }`,
      { n: role },
    )
  ).createPersonTerritoryRole.id;
  await page.goto(`/team/project-steps?project=${projectId}`);
  await expect(page.getByRole("heading", { name: `${project} steps`, level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Project steps" });

  const addStep = async (description: string, funnel: string) => {
    await page.getByRole("button", { name: "New step" }).click();
    const dialog = page.getByRole("dialog", { name: "New step" });
    await expect(dialog.getByLabel("Project", { exact: true })).toHaveText(project);
    await dialog.getByLabel("Description").fill(description);
    await pick(page, "Funnel position", funnel, dialog);
    await dialog.getByRole("button", { name: "Add step" }).click();
    await expect(page.getByText(`Saved the step "${description}".`)).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await addStep("Survey", "Top of funnel");
  await addStep("Report", "Won");
  await expect(table.getByRole("row", { name: /Survey/ })).toContainText("10");
  await expect(table.getByRole("row", { name: /Report/ })).toContainText("20");

  // The funnel facet.
  await pick(page, "Funnel position", "Won");
  await expect(page).toHaveURL(/funnel=SUCCESS/);
  await expect(table.getByRole("link", { name: "Report" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Survey" })).toHaveCount(0);
  await pick(page, "Funnel position", "Any funnel position");
  await screenshot(page, "team-project-steps");

  // The step's page: a typing mistake caught here, then a role deleted meanwhile refused by the server.
  await table.getByRole("link", { name: "Survey" }).click();
  await expect(page.getByRole("heading", { name: "Survey", level: 1 })).toBeVisible();
  const card = page.getByRole("form", { name: "Step details" });
  await card.getByLabel("Description").fill("Site survey");
  await card.getByLabel("Default length (minutes)").fill("1.5");
  await pick(page, "Who gets the work", "A territory role in the customer's zone", card);
  await pick(page, "Territory role", role, card);
  await card.getByRole("button", { name: "Save step" }).click();
  await expect(card.getByText("Default length must be whole minutes.")).toBeVisible();
  await card.getByLabel("Default length (minutes)").fill("45");
  await gql(page, `mutation($id: ID!){ deletePersonTerritoryRole(id: $id, confirm: true){ isSuccess } }`, {
    id: roleId,
  });
  await card.getByRole("button", { name: "Save step" }).click();
  await expect(card.getByText("Territory role not found.")).toBeVisible();
  await expect(card.getByLabel("Territory role")).toHaveAttribute("aria-invalid", "true");
  await expect(card.getByLabel("Description")).toHaveValue("Site survey");
  await screenshot(page, "team-project-step-refused");
  // Leaving with unsaved changes asks first; staying keeps them.
  page.once("dialog", (d) => d.dismiss());
  await page.getByRole("link", { name: `${project} steps` }).click();
  await expect(page.getByRole("heading", { name: "Survey", level: 1 })).toBeVisible();
  await expect(card.getByLabel("Description")).toHaveValue("Site survey");
  await pick(page, "Who gets the work", "A person", card);
  await pick(page, "Default person", "Eric Employee", card);
  await pick(page, "Milestone", "Sold", card);
  await card.getByLabel("No auto-resolve").click();
  await card.getByLabel("Comments").fill("Bring the test kit.");
  await card.getByRole("button", { name: "Save step" }).click();
  await expect(page.getByText('Saved the step "Site survey".')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Site survey", level: 1 })).toBeVisible();
  await page.reload();
  await expect(card.getByLabel("Default length (minutes)")).toHaveValue("45");
  await expect(card.getByLabel("Comments")).toHaveValue("Bring the test kit.");
  await expect(card.getByRole("combobox", { name: "Default person" })).toHaveText("Eric Employee");

  // Back to the project's steps: the list shows the change.
  await page.getByRole("link", { name: `${project} steps` }).click();
  await expect(page).toHaveURL(new RegExp(`project=${projectId}`));
  const surveyRow = table.getByRole("row", { name: /Site survey/ });
  await expect(surveyRow).toContainText("Eric Employee");
  await expect(surveyRow).toContainText("Sold");
  await expect(surveyRow).toContainText("45 min");
  await expect(surveyRow).toContainText("No auto-resolve");

  // A step with an activity is not deleted: the page says why and keeps the step.
  const steps = await gql<{ projectSteps: { id: string; description: string }[] }>(
    page,
    `query($p: ID!){ projectSteps(projectId: $p){ id description } }`,
    { p: projectId },
  );
  const report = steps.projectSteps.find((s) => s.description === "Report")!;
  const thread = await gql<{ startProjectThread: Made & { thread: { id: string } } }>(
    page,
    `mutation($p: ID!){ startProjectThread(projectId: $p){ isSuccess message thread { id } } }`,
    { p: projectId },
  );
  expect(thread.startProjectThread.isSuccess, thread.startProjectThread.message).toBe(true);
  const activity = await gql<{ addActivity: Made }>(
    page,
    `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message } }`,
    {
      i: {
        threadId: thread.startProjectThread.thread.id,
        stepId: report.id,
        subject: "Write up the audit",
        scheduledTime: new Date().toISOString(),
      },
    },
  );
  expect(activity.addActivity.isSuccess, activity.addActivity.message).toBe(true);
  await table.getByRole("link", { name: "Report" }).click();
  await expect(page.getByRole("heading", { name: "Report", level: 1 })).toBeVisible();
  await page.getByLabel("Comments").fill("Typed before deleting");
  await page.getByRole("button", { name: "Delete step" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByText('The step "Report" has 1 activity: set it inactive instead of deleting it.'),
  ).toBeVisible();
  await expect(page.getByLabel("Comments")).toHaveValue("Typed before deleting");
  await screenshot(page, "team-project-step-delete-refused");
  await page.getByRole("button", { name: "Discard changes" }).click();

  // A step without work is deleted: back to the project's list, without it.
  await page.goto(`/team/project-steps/${steps.projectSteps.find((s) => s.description === "Site survey")!.id}`);
  await page.getByRole("button", { name: "Delete step" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText('Deleted the step "Site survey".')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/team/project-steps\\?project=${projectId}`));
  await expect(table.getByRole("link", { name: "Report" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Site survey" })).toHaveCount(0);
});

test("milestones: the demo's with their step counts, a new one, a refused duplicate, an edit", async ({ page }) => {
  const name = unique("Handover");
  await signIn(page, "/team/project-milestones");
  const table = page.getByRole("table", { name: "Milestones" });
  await expect(table.getByRole("row", { name: /Installed/ })).toBeVisible();

  await page.getByRole("button", { name: "New milestone" }).click();
  const dialog = page.getByRole("dialog", { name: "New milestone" });
  await dialog.getByLabel("Name").fill("sold");
  await dialog.getByLabel("Type").fill("Service");
  await dialog.getByRole("button", { name: "Add milestone" }).click();
  await expect(dialog.getByText('A milestone named "Sold" already exists.')).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Type")).toHaveValue("Service");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Add milestone" }).click();
  await expect(page.getByText(`Saved the milestone "${name}".`)).toBeVisible();
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Service");
  await expect(row.getByRole("cell").nth(3)).toHaveText("0");
  await screenshot(page, "team-project-milestones");

  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${name}` });
  await edit.getByLabel("Name").fill(`${name} done`);
  await edit.getByLabel("Sort order").fill("x");
  await edit.getByRole("button", { name: "Save milestone" }).click();
  await expect(edit.getByText("Sort order must be a whole number.")).toBeVisible();
  await edit.getByLabel("Sort order").fill("95000");
  await edit.getByRole("button", { name: "Save milestone" }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole("row", { name: new RegExp(`${name} done`) })).toContainText("95000");

  // A milestone opens the steps that have it.
  await page.getByRole("searchbox", { name: "Search milestones" }).fill("Installed");
  await table.getByRole("link", { name: "Installed", exact: true }).click();
  await expect(page).toHaveURL(/\/team\/project-steps\?milestone=/);
  await expect(
    page.getByRole("table", { name: "Project steps" }).getByRole("link", { name: "Installed" }),
  ).toBeVisible();
});

test("an employee without Workflow configuration sees the setup read-only", async ({ page }) => {
  // The manager works activities (customer access) but may not change the process.
  await signIn(page, "/team/projects", roles.manager);
  await expect(page.getByText("Changing it needs the Workflow configuration permission.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Projects" }).getByRole("link", { name: "Service call" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New project" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New priority" })).toHaveCount(0);

  await page.getByRole("table", { name: "Projects" }).getByRole("link", { name: "Service call" }).click();
  await expect(page.getByRole("button", { name: "New step" })).toHaveCount(0);
  await page.getByRole("table", { name: "Project steps" }).getByRole("link", { name: "Technician visit" }).click();
  await expect(page.getByRole("heading", { name: "Technician visit", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Description")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save step" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete step" })).toHaveCount(0);

  await page.goto("/team/project-milestones");
  await expect(page.getByRole("table", { name: "Milestones" }).getByRole("link", { name: "Sold" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New milestone" })).toHaveCount(0);
});
