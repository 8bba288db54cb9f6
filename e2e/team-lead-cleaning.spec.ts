import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, gql, newLeadSource, screenshot, signInToTeam, test } from "./fixtures";

// Lead cleaning: this run's own two leads, posted through the intake API with one phone typed two ways
// and two emails, show as a group on team/lead-cleaning (key Phone); the group is opened, the second
// lead's email chosen, merged after a confirmation; the survivor holds that email and the merge shows
// in the history, where Unmerge (confirmed) brings the leads back as they were. Screenshots at 1440 and
// 390 px, light and dark.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

type Lead = { id: string; number: number; email: string };

test("a group sharing a phone: merged choosing the other lead's email, then unmerged", async ({ page }) => {
  const id = uniqueId();
  const seven = String(2_000_000 + Math.floor(Math.random() * 7_999_999)).slice(0, 7);
  const label = `(737) ${seven.slice(0, 3)}-${seven.slice(3)}`;
  await signInToTeam(page, "/team/lead-cleaning?key=PHONE");

  // Two leads of this run, posted by a source of its own.
  const { key } = await newLeadSource(page, `Cleaning ${id}`, `CL-${id}`);
  const post = async (data: object) => {
    const r = await page.request.post("/api/leads", {
      headers: { authorization: `Bearer ${key}` },
      data,
    });
    expect(r.status()).toBe(201);
    return (await r.json()) as { leadNumber: number };
  };
  const first = await post({
    firstName: "Cleo",
    lastName: `Merge ${id}`,
    phone: label,
    email: `cleo-${id}@example.com`,
  });
  const second = await post({
    firstName: "Cleo",
    lastName: `Merge ${id}`,
    phone: `737.${seven.slice(0, 3)}.${seven.slice(3)}`,
    email: `cleo.work-${id}@example.com`,
    comments: "Asked for a quote",
  });

  await page.reload();
  const table = page.getByRole("table", { name: "Duplicate groups" });
  const row = table.getByRole("row", { name: new RegExp(label.replace(/[()]/g, "\\$&")) });
  await expect(row).toContainText(`#${first.leadNumber}`);
  await expect(row).toContainText(`#${second.leadNumber}`);
  await screenshot(page, "team-lead-cleaning-group");
  await row.getByRole("button", { name: `Review ${label}` }).click();

  const dialog = page.getByRole("dialog", { name: `Review ${label}` });
  await expect(dialog.getByRole("radio", { name: new RegExp(`^Keep #${first.leadNumber} `) })).toBeChecked();
  await dialog.getByRole("radio", { name: `Email from #${second.leadNumber}: cleo.work-${id}@example.com` }).check();
  await expect(
    dialog.getByRole("radio", { name: `Comments from #${second.leadNumber}: Asked for a quote` }),
  ).toBeChecked();
  await screenshot(page, "team-lead-cleaning-merge");
  await dialog.getByRole("button", { name: "Merge 2 leads" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Merge 1 lead into #${first.leadNumber}?`);
  await confirm.getByRole("button", { name: "Merge" }).click();
  await expect(page.getByText(`Merged 1 lead into #${first.leadNumber}.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The survivor keeps the other lead's email; the merged lead is hidden.
  const byPhone = () =>
    gql<{ duplicateLeadsByPhone: { leads: Lead[] } }>(
      page,
      "query($p: String!){ duplicateLeadsByPhone(phone: $p){ leads { id number email } } }",
      { p: label },
    );
  expect((await byPhone()).duplicateLeadsByPhone.leads).toEqual([
    expect.objectContaining({ number: first.leadNumber, email: `cleo.work-${id}@example.com` }),
  ]);

  // The history: who merged what, and Unmerge.
  await page.getByRole("tab", { name: "Merge history" }).click();
  const history = page.getByRole("table", { name: "Merge history" });
  const merged = history.getByRole("row", { name: new RegExp(`#${second.leadNumber} Cleo Merge ${id}`) });
  await expect(merged).toContainText(`#${first.leadNumber} Cleo Merge ${id}`);
  await expect(merged).toContainText(`email from #${second.leadNumber}`);
  await expect(merged).toContainText("Can be unmerged until");
  await screenshot(page, "team-lead-cleaning-history");
  await merged.getByRole("button", { name: `Unmerge #${second.leadNumber} Cleo Merge ${id}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Unmerge" }).click();
  await expect(page.getByText(`Unmerged 1 lead from #${first.leadNumber}: they are as they were.`)).toBeVisible();
  await expect(merged).toContainText("Unmerged");
  const back = (await byPhone()).duplicateLeadsByPhone.leads;
  expect(back.map((l) => [l.number, l.email]).sort()).toEqual(
    [
      [first.leadNumber, `cleo-${id}@example.com`],
      [second.leadNumber, `cleo.work-${id}@example.com`],
    ].sort(),
  );

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ["review", "history"] as const) {
        await page.goto(tab === "review" ? "/team/lead-cleaning?key=PHONE" : "/team/lead-cleaning?tab=history");
        await expect(page.getByRole("heading", { name: "Lead cleaning", level: 1 })).toBeVisible();
        await expect(page.getByText(`Cleo Merge ${id}`).filter({ visible: true }).first()).toBeVisible();
        await screenshot(page, `team-lead-cleaning-${tab}-${width}-${theme}`);
      }
    }
  // The merge dialog on a phone, dark.
  await page.goto("/team/lead-cleaning?key=PHONE");
  await page
    .getByRole("button", { name: `Review ${label}` })
    .filter({ visible: true })
    .click();
  await expect(page.getByRole("dialog", { name: `Review ${label}` })).toBeVisible();
  await screenshot(page, "team-lead-cleaning-merge-390-dark");
});
