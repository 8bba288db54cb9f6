import type { Page } from "@playwright/test";
import { screenshots } from "./admin-helpers";
import {
  apiSignIn,
  createActivity,
  DEMO_TIME_ZONE,
  expect,
  gql,
  newSaleThread,
  screenshot,
  serverClock,
  test,
  users,
} from "./fixtures";

// Doing the work: my work's overdue / today / upcoming sections, resolving with Undo, rescheduling (and
// the server's refusal on the field it names), reassigning, a project thread's steps and timeline, adding an
// activity that resolves the previous one, and the activity breakdown's counts. Each test starts its
// own thread of "New customer sale" on a demo customer with uniquely named activities assigned to the
// signed-in employee: the demo's own activities are never changed. Days are the branch's, from the
// server's clock (CI may pin it).

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A branch day ("2026-11-25") of an instant. */
const branchDay = (d: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: DEMO_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(d)
    .slice(0, 10);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
/** The instant of a branch wall time ("2026-11-25", "12:00"). */
function branchInstant(day: string, time: string): Date {
  const guess = new Date(`${day}T${time}:00Z`);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: DEMO_TIME_ZONE, timeZoneName: "longOffset" })
    .formatToParts(guess)
    .find((p) => p.type === "timeZoneName")!
    .value.replace("GMT", "");
  return new Date(`${day}T${time}:00${offset || "+00:00"}`);
}
/** "Dec 5" of a branch day, as the list writes its times. */
const monthDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );

type Setup = { threadId: string; steps: Record<string, string>; personId: string };

/** A new thread of "New customer sale" on a demo customer, its steps by name, and the signed-in employee's person. */
async function newThread(page: Page): Promise<Setup> {
  const me = await gql<{ overview: { employeePersonId: string } }>(page, "{ overview { employeePersonId } }");
  return { ...(await newSaleThread(page)), personId: me.overview.employeePersonId };
}

const addActivity = (page: Page, s: Setup, step: string, subject: string, at: Date) =>
  createActivity(page, {
    threadId: s.threadId,
    stepId: s.steps[step],
    subject,
    scheduledTime: at.toISOString(),
    lengthMinutes: 30,
    assignedPersonId: s.personId,
  });

async function signInEmployee(page: Page, path: string) {
  await apiSignIn(page, users.employee, `/team/login?ReturnUrl=${encodeURIComponent(path)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test("my work: new work in its section, resolved with Undo, rescheduled, and a refused time on its field", async ({
  page,
}) => {
  await signInEmployee(page, "/team/my-work");
  const s = await newThread(page);
  const today = branchDay((await serverClock()).now);
  const tag = unique("Route check");
  const late = `${tag} past`;
  const due = `${tag} now`;
  const later = `${tag} soon`;
  await addActivity(page, s, "Quote", late, branchInstant(addDays(today, -3), "10:00"));
  await addActivity(page, s, "Quote", due, branchInstant(today, "12:00"));
  await addActivity(page, s, "Quote", later, branchInstant(addDays(today, 5), "15:00"));

  await page.goto(`/team/my-work?q=${encodeURIComponent(tag)}`);
  const table = page.getByRole("table", { name: "My work" });
  const row = (subject: string) => table.getByRole("row").filter({ hasText: subject });
  await expect(row(late)).toContainText("Overdue");
  await expect(row(late)).toContainText(monthDay(addDays(today, -3)));
  await expect(row(due)).toContainText("Today");
  await expect(row(later)).toContainText("Upcoming");
  await expect(row(later)).toContainText(`${monthDay(addDays(today, 5))}`);

  // The sections as chips, with their counts; the choice is in the address.
  const chips = page.getByRole("group", { name: "Due" });
  await chips.getByRole("button", { name: /^Overdue/ }).click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(row(late)).toBeVisible();
  await expect(row(due)).toHaveCount(0);
  await chips.getByRole("button", { name: /^Today/ }).click();
  await expect(row(due)).toBeVisible();
  await expect(row(late)).toHaveCount(0);
  await screenshots(page, "team-my-work-today", { wide: true });

  // Resolve in one click; Undo in the toast brings it back.
  await row(due)
    .getByRole("button", { name: `Resolve ${due}` })
    .click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: `Resolved “${due}”.` });
  await expect(toast).toBeVisible();
  await expect(row(due)).toHaveCount(0);
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(row(due)).toBeVisible();
  await row(due)
    .getByRole("button", { name: `Resolve ${due}` })
    .click();
  await expect(row(due)).toHaveCount(0);

  // Reschedule the upcoming one: a time out of range is refused on its field, what was typed stays.
  await chips.getByRole("button", { name: /^All/ }).click();
  await row(later)
    .getByRole("button", { name: `More actions for ${later}` })
    .click();
  await page.getByRole("menuitem", { name: "Reschedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Reschedule" });
  const time = dialog.getByLabel("Scheduled time");
  await time.fill("2100-01-05T09:30");
  await dialog.getByRole("button", { name: "Reschedule" }).click();
  await expect(dialog.getByText("Scheduled time must be between the years 2000 and 2099.")).toBeVisible();
  await expect(time).toHaveAttribute("aria-invalid", "true");
  await expect(time).toHaveValue("2100-01-05T09:30");
  const newDay = addDays(today, 9);
  await time.fill(`${newDay}T09:30`);
  await dialog.getByRole("button", { name: "Reschedule" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(later)).toContainText(`${monthDay(newDay)}`);
  await expect(row(later)).toContainText("9:30 AM");

  // Reassign the overdue one to another person: it leaves my work.
  await row(late)
    .getByRole("button", { name: `More actions for ${late}` })
    .click();
  await page.getByRole("menuitem", { name: "Reassign" }).click();
  const reassign = page.getByRole("dialog", { name: "Reassign" });
  await expect(reassign).toContainText(late);
  await reassign.getByRole("combobox", { name: "Assigned to" }).click();
  await page.getByRole("option", { name: "Ben Ashworth" }).click();
  await reassign.getByRole("button", { name: "Reassign" }).click();
  await expect(reassign).toBeHidden();
  await expect(row(late)).toHaveCount(0);
  await expect(row(later)).toBeVisible();

  // The period: today only leaves out the upcoming work.
  await page.getByRole("group", { name: "Period" }).getByRole("button", { name: "Today" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(row(later)).toHaveCount(0);
});

test("a thread: opened from my work, an activity added that resolves the previous one, a refusal on its field", async ({
  page,
}) => {
  await signInEmployee(page, "/team/my-work");
  const s = await newThread(page);
  const today = branchDay((await serverClock()).now);
  const first = unique("Send the quote");
  await addActivity(page, s, "Quote", first, branchInstant(today, "11:00"));

  await page.goto(`/team/my-work?q=${encodeURIComponent(first)}`);
  await page.getByRole("link", { name: first }).click();
  await expect(page).toHaveURL(new RegExp(`/team/project-threads/${s.threadId}`));
  await expect(page.getByRole("heading", { level: 1, name: "New customer sale" })).toBeVisible();
  const steps = page.getByRole("list", { name: "Steps" });
  await expect(steps.locator("[aria-current=step]")).toContainText("Quote");
  const timeline = page.getByRole("list", { name: "Activities" });
  await expect(timeline.getByRole("article", { name: first })).toContainText("Open");

  await page.getByRole("button", { name: "Add activity" }).click();
  const dialog = page.getByRole("dialog", { name: "Add activity" });
  await expect(dialog.getByLabel("Step")).toHaveText("Sold");
  await expect(dialog.getByLabel("Resolve the previous activity")).toBeChecked();
  const next = unique("Sign the agreement");
  await dialog.getByLabel("Subject").fill(next);
  await dialog.getByLabel("Details").fill("Bring two copies.");
  await dialog.getByLabel("Scheduled time").fill(`${addDays(today, 1)}T10:00`);
  await dialog.getByLabel("Length (minutes)").fill("2000");
  await dialog.getByRole("button", { name: "Add activity" }).click();
  const length = dialog.getByLabel("Length (minutes)");
  await expect(dialog.getByText("Length must be between 1 and 1440 minutes.")).toBeVisible();
  await expect(length).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Subject")).toHaveValue(next);
  await length.fill("45");
  await dialog.getByRole("button", { name: "Add activity" }).click();
  await expect(dialog).toBeHidden();

  await expect(timeline.getByRole("article", { name: first })).toContainText("Resolved");
  const added = timeline.getByRole("article", { name: next });
  await expect(added).toContainText("Open");
  await expect(added).toContainText("45 min");
  await expect(added).toContainText("Bring two copies.");
  await expect(steps.locator("[aria-current=step]")).toContainText("Sold");
  await screenshot(page, "team-project-thread");
});

test("a long thread: its first 25 activities, Show more for the rest, and the steps and counts of all of them", async ({
  page,
}) => {
  test.slow(); // 60 requests to set it up
  await signInEmployee(page, "/team/my-work");
  const s = await newThread(page);
  // 30 done activities at "Quote" over past days, then one open at "Sold", the latest: on the second page.
  const tag = unique("Call");
  const start = Date.now() - 40 * 86_400_000;
  await Promise.all(
    Array.from({ length: 30 }, async (_, k) => {
      const id = await addActivity(page, s, "Quote", `${tag} ${k + 1}`, new Date(start + (k + 1) * 3_600_000));
      await gql(page, `mutation($id: ID!) { patchActivity(id: $id, input: { status: RESOLVED }) { isSuccess } }`, {
        id,
      });
    }),
  );
  const last = `${tag} sold`;
  await addActivity(page, s, "Sold", last, new Date(start + 40 * 3_600_000));

  await page.goto(`/team/project-threads/${s.threadId}`);
  const timeline = page.getByRole("list", { name: "Activities" });
  const items = timeline.getByRole("article");
  await expect(items).toHaveCount(25);
  await expect(items.first()).toHaveAccessibleName(`${tag} 1`);
  await expect(items.last()).toHaveAccessibleName(`${tag} 25`);
  await expect(page.getByText("Showing 25 of 31 activities")).toBeVisible();
  // What the page says of the whole thread does not wait for its last page: the open one is at "Sold".
  await expect(page.getByRole("list", { name: "Steps" }).locator("[aria-current=step]")).toContainText("Sold");
  await expect(page.getByText("Open work").locator("..")).toContainText("1 activity");
  await screenshots(page, "team-project-thread-long", { wide: true });

  // Show more from the keyboard: the next page follows in time order; the button goes at the end.
  const more = page.getByRole("button", { name: "Show more" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(31);
  await expect(items.nth(25)).toHaveAccessibleName(`${tag} 26`);
  await expect(items.last()).toHaveAccessibleName(last);
  await expect(page.getByText("Showing 31 of 31 activities")).toBeVisible();
  await expect(more).toHaveCount(0);

  // Resolving the one on the second page reads every page loaded again: it shows as done, every
  // activity once (the demo's automation may add the next step's work after it: then it shows too).
  await timeline
    .getByRole("article", { name: last })
    .getByRole("button", { name: `Resolve ${last}` })
    .click();
  await expect(timeline.getByRole("article", { name: last })).toContainText("Resolved");
  await expect(page.getByText(/^Showing (\d+) of \1 activities$/)).toBeVisible();
  for (const name of [`${tag} 1`, `${tag} 25`, `${tag} 26`, `${tag} 30`, last])
    await expect(timeline.getByRole("article", { name, exact: true })).toHaveCount(1);
  await expect(more).toHaveCount(0);
});

test("the activity breakdown counts a period's activities by person and by status", async ({ page }) => {
  await signInEmployee(page, "/team/my-work");
  const s = await newThread(page);
  // A day of its own, far ahead, so that only this test's activities are counted on it.
  const day = addDays("2080-01-01", (Date.now() + Math.floor(Math.random() * 1000)) % 5000);
  const tag = unique("Count me");
  await addActivity(page, s, "Quote", `${tag} one`, branchInstant(day, "09:00"));
  await addActivity(page, s, "Quote", `${tag} two`, branchInstant(day, "10:00"));
  const done = await addActivity(page, s, "Quote", `${tag} three`, branchInstant(day, "11:00"));
  await gql(page, `mutation($id: ID!) { patchActivity(id: $id, input: { status: RESOLVED }) { isSuccess } }`, {
    id: done,
  });

  await page.goto(`/team/activity-breakdown?from=${day}&to=${day}`);
  const table = page.getByRole("table", { name: "Activity breakdown" });
  const cells = (name: string) => table.getByRole("row").filter({ hasText: name }).getByRole("cell");
  await expect(cells("Eric Employee")).toHaveText(["Eric Employee", "2", "1", "0", "3", "33.3%"]);
  await expect(cells("Total")).toHaveText(["Total", "2", "1", "0", "3", "33.3%"]);

  await page.getByLabel("Group by").click();
  await page.getByRole("option", { name: "Status" }).click();
  await expect(page).toHaveURL(/by=status/);
  await expect(cells("Resolved")).toHaveText(["Resolved", "0", "1", "0", "1", "100%"]);
  await expect(cells("Open")).toHaveText(["Open", "2", "0", "0", "2", "0.0%"]);
  await screenshot(page, "team-activity-breakdown");
});
