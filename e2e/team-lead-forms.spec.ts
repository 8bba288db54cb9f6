import { gzipSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, gql, screenshot, signInToTeam, test } from "./fixtures";

// Lead forms: this run's own form, built on team/lead-forms: a new blank form (first name, last name,
// phone) gets a choice question and a city question shown only when the choice is "Yes"; the phone
// question is moved up with the keyboard; the form is made public and saved. Then a visitor on a
// phone-sized page fills it (the city appears once "Yes" is chosen), sends it and sees the
// confirmation, and the lead is there. The page also works with JavaScript off (every question shown,
// a refusal re-rendered beside its field with the answers kept). The public page's transferred size is
// measured (it loads no script or stylesheet file: all of it is the HTML). Screenshots at 1440 and
// 390 px, light and dark, of the builder and of the public form.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const question = (page: Page, n: number) => page.getByRole("listitem", { name: new RegExp(`^Question ${n}:`) });

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

type Form = { leadForm: { elements: { questionText: string; parentElementId: string | null }[] } };

test("a form is built, reordered by keyboard, made public and filled by a visitor on a phone", async ({
  page,
  browser,
}) => {
  const id = uniqueId();
  const name = `Roof quote ${id}`;
  await signInToTeam(page, "/team/lead-forms");
  await page.getByRole("button", { name: "New form" }).click();
  await page.getByRole("form", { name: "New lead form" }).getByRole("button", { name: "Create form" }).click();
  await expect(page).toHaveURL(/\/team\/lead-forms\/[\w-]+$/);
  const formId = page.url().split("/").pop()!;
  const builder = page.getByRole("form", { name: "Form" });
  await builder.getByLabel("Name", { exact: true }).fill(name);
  await builder.getByLabel("Title").fill(`Get a roof quote ${id}`);
  await builder.getByRole("switch", { name: "Public" }).click();

  // Question 4: a choice; question 5: the city, shown only when the choice is "Yes".
  await builder.getByRole("button", { name: "Add question" }).click();
  const choice = question(page, 4);
  await choice.getByLabel("Question text").fill("Need roof work?");
  await pick(page, choice, "Type", "Choice (one)");
  await choice.getByLabel("Options").fill("Yes\nNo");
  await pick(page, choice, "Answer fills", "Lead: Comments");
  await builder.getByRole("button", { name: "Add question" }).click();
  const city = question(page, 5);
  await city.getByLabel("Question text").fill("Which city?");
  await pick(page, city, "Answer fills", "Lead: City");
  await pick(page, city, "Show only if", "Need roof work?");
  await city.getByLabel("…is answered").fill("Yes");
  await city.getByRole("switch", { name: "Required" }).click();
  // The preview follows what is typed.
  await expect(page.getByRole("region", { name: "Preview" }).or(page.getByLabel("Preview"))).toContainText(
    "Shown when “Need roof work?” is “Yes”",
  );

  // Phone moves up above Last name with the keyboard; focus stays on the moved question.
  await page.getByRole("button", { name: "Move up: Phone" }).focus();
  await page.keyboard.press("Enter");
  await expect(question(page, 2)).toHaveAccessibleName("Question 2: Phone");
  await expect(page.getByRole("button", { name: "Move up: Phone" })).toBeFocused();
  await builder.getByRole("button", { name: "Save form" }).click();
  await expect(builder.getByText("Unsaved changes")).toHaveCount(0);
  const saved = await gql<Form>(
    page,
    "query($id: ID!){ leadForm(id: $id){ elements { questionText parentElementId } } }",
    {
      id: formId,
    },
  );
  expect(saved.leadForm.elements.map((e) => e.questionText)).toEqual([
    "First name",
    "Phone",
    "Last name",
    "Need roof work?",
    "Which city?",
  ]);
  expect(saved.leadForm.elements[4]!.parentElementId).not.toBeNull();

  // A visitor opens it on a phone (the form's time token starts now).
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const v = await visitor.newPage();
  const loaded: { url: string; type: string }[] = [];
  v.on("response", (r) => loaded.push({ url: r.url(), type: r.request().resourceType() }));
  const response = await v.goto(`/forms/${formId}`);
  await expect(v.getByRole("heading", { name: `Get a roof quote ${id}`, level: 1 })).toBeVisible();
  const html = (await response!.body()).length;
  const gzip = gzipSync(await response!.body()).length;
  const files = loaded.filter((r) => r.type === "script" || r.type === "stylesheet");
  expect(files).toEqual([]);
  expect(gzip).toBeLessThan(60_000);
  test.info().annotations.push({
    type: "public form size",
    description: `HTML ${html} B, ${gzip} B gzip; script and stylesheet files: ${files.length}`,
  });
  await expect(v.getByLabel("Which city?")).toBeHidden();

  // The builder at both widths and themes (the visitor's page stays open meanwhile).
  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/lead-forms/${formId}`);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await screenshot(page, `team-lead-form-${width}-${theme}`);
    }
  await page.goto("/team/lead-forms");
  await expect(page.getByText(name).first()).toBeVisible();
  await screenshot(page, "team-lead-forms-390-dark");

  await v.getByLabel("First name").fill("Rita");
  await v.getByLabel("Last name").fill(`Roofer ${id}`);
  await v.getByLabel("Phone").fill("(512) 555-0142");
  await v.getByLabel("Need roof work?").selectOption("Yes");
  await expect(v.getByLabel("Which city?")).toBeVisible();
  await v.getByLabel("Which city?").fill("Austin");
  await screenshot(v, "public-lead-form-390-light");
  await v.getByRole("button", { name: "Send" }).click();
  await expect(v).toHaveURL(new RegExp(`/forms/${formId}/confirmation$`));
  await expect(v.getByRole("status")).toContainText("Thank you");
  await visitor.close();

  // Dark and wide.
  for (const [width, scheme] of [
    [390, "dark"],
    [1440, "light"],
    [1440, "dark"],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    const p = await ctx.newPage();
    await p.goto(`/forms/${formId}`);
    await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
    await screenshot(p, `public-lead-form-${width}-${scheme}`);
    await ctx.close();
  }

  // Without JavaScript: every question shows (the city says when to answer it); a refusal comes back
  // beside its field, with the answers kept.
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const n = await noJs.newPage();
  await n.goto(`/forms/${formId}`);
  await expect(n.getByLabel("Which city?")).toBeVisible();
  await expect(n.getByText("Answer only if you answered “Yes” to “Need roof work?”.")).toBeVisible();
  await n.getByLabel("First name").fill("Noscript");
  await n.getByLabel("Last name").fill(`Visitor ${id}`);
  await n.getByLabel("Phone").fill("12");
  await n.getByRole("button", { name: "Send" }).click();
  const phone = n.getByLabel("Phone");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription("Phone: enter a phone number with its area code.");
  await expect(n.getByLabel("First name")).toHaveValue("Noscript");
  await screenshot(n, "public-lead-form-390-nojs-error");
  await noJs.close();
});
