import type { Page } from "@playwright/test";
import { apiSignIn, expect as baseExpect, gql, screenshot, signInToTeam, test } from "./fixtures";

// Team availability: a person's weekly hours and time off (the form checks its dates itself); a
// zone's appointment slots (zone chosen from the territory maps) and its next two weeks; phone width;
// refused without SCHEDULING. The tests that save make their own person, map and zone (unique names),
// so the demo's people and zones stay as other specs read them.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A new employee working Mon–Fri 09:00–17:00 with a vacation, like the demo's salespeople. */
async function newWorker(page: Page): Promise<string> {
  const lastName = `Avail${unique()}`;
  const r = await gql<{ createEmployee: { message: string; person: { id: string } | null } }>(
    page,
    `mutation($input: CreateEmployeeInput!) { createEmployee(input: $input) { message person { id } } }`,
    {
      input: {
        firstName: "Tess",
        lastName,
        jobTitle: "Availability check",
        email: "",
        phone: "",
        etaReminders: false,
        invite: false,
      },
    },
  );
  if (!r.createEmployee.person) throw new Error(r.createEmployee.message);
  const day = (weekday: string) => ({ weekday, startMinute: 540, endMinute: 1020 });
  await gql(
    page,
    `mutation($input: ChangePersonAvailabilityInput!) { changePersonAvailability(input: $input) { isSuccess } }`,
    {
      input: {
        personId: r.createEmployee.person.id,
        weekly: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"].map(day),
        timeOff: [{ startDate: "2099-07-01", endDate: "2099-07-14", reason: "Vacation" }],
      },
    },
  );
  return `Tess ${lastName}`;
}

test("weekly hours and time off of a salesperson", async ({ page }) => {
  await signInToTeam(page, "/team/availability");
  const demo = page.getByRole("region", { name: "Colin Mercer" });
  await expect(demo).toContainText("Mon 09:00–17:00");
  await expect(demo).toContainText("Vacation");
  await screenshot(page, "team-availability-people");
  const name = await newWorker(page);
  await page.reload();
  const row = page.getByRole("region", { name });
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Availability of ${name}` });
  await dialog.getByRole("button", { name: "Add period" }).click();
  const added = dialog.getByRole("group", { name: "Period 6" });
  await added.getByRole("combobox", { name: "Day" }).click();
  await page.getByRole("option", { name: "Sat" }).click();
  await added.getByLabel("From").fill("09:00");
  await added.getByLabel("To").fill("12:00");
  await dialog.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText(`Availability of ${name} saved.`)).toBeVisible();
  await expect(row).toContainText("Sat 09:00–12:00");

  // An overlap is refused with the server's message, and nothing changes.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await dialog.getByRole("button", { name: "Add period" }).click();
  const overlap = dialog.getByRole("group", { name: "Period 7" });
  await overlap.getByLabel("From").fill("16:00");
  await overlap.getByLabel("To").fill("18:00");
  await dialog.getByRole("button", { name: "Save availability" }).click();
  await expect(dialog.getByText("Working hours on Monday overlap: 09:00–17:00 and 16:00–18:00.")).toBeVisible();
});

test("time off with empty or reversed dates is checked on the fields, not sent", async ({ page }) => {
  await signInToTeam(page, "/team/availability");
  const name = await newWorker(page);
  await page.reload();
  const row = page.getByRole("region", { name });
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Availability of ${name}` });
  await dialog.getByRole("button", { name: "Add time off" }).click();
  const added = dialog.getByRole("group", { name: "Time off 2" });
  await added.getByLabel("Reason").fill("Dentist");
  await dialog.getByRole("button", { name: "Save availability" }).click();

  // What the user saw before: `Variable "$input" got invalid value...`. Now the field says it.
  await expect(added.getByText("Enter the first day.")).toBeVisible();
  await expect(added.getByLabel("First day")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText(/Variable|invalid value/)).toHaveCount(0);
  await expect(added.getByLabel("Reason")).toHaveValue("Dentist");
  await screenshot(page, "team-availability-time-off-error");

  // A last day before the first is named on the last day.
  await added.getByLabel("First day").fill("2099-08-10");
  await added.getByLabel("Last day").fill("2099-08-03");
  await dialog.getByRole("button", { name: "Save availability" }).click();
  await expect(added.getByText("The last day must be on or after the first day.")).toBeVisible();

  // Nothing was sent meanwhile (the dialog stays, with what was typed); a corrected row saves (an
  // empty last day: one day off).
  await expect(dialog).toBeVisible();
  await expect(added.getByLabel("Reason")).toHaveValue("Dentist");
  await added.getByLabel("Last day").fill("");
  await dialog.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText(`Availability of ${name} saved.`)).toBeVisible();
  await expect(row).toContainText("Off 2099-08-10 (Dentist)");
});

/** A map of its own with one zone holding one weekly slot (Monday 09:00–12:00). */
async function newZone(page: Page): Promise<{ map: string; zone: string }> {
  const map = `Availability map ${unique()}`;
  const m = await gql<{ addTerritoryMap: { id: string } }>(
    page,
    "mutation($name: String!) { addTerritoryMap(name: $name) { id } }",
    { name: map },
  );
  const square = [
    [
      [-97.75, 30.25],
      [-97.7, 30.25],
      [-97.7, 30.3],
      [-97.75, 30.3],
      [-97.75, 30.25],
    ],
  ];
  const z = await gql<{ addTerritoryZone: { id: string } }>(
    page,
    "mutation($input: AddTerritoryZoneInput!) { addTerritoryZone(input: $input) { id } }",
    { input: { mapId: m.addTerritoryMap.id, name: "North sales", data: { type: "Polygon", coordinates: square } } },
  );
  await gql(
    page,
    "mutation($input: SetAppointmentTimeSlotsInput!) { setAppointmentTimeSlots(input: $input) { isSuccess } }",
    {
      input: {
        zoneId: z.addTerritoryZone.id,
        slots: [{ weekday: "MONDAY", startMinute: 540, endMinute: 720, capacity: 2 }],
      },
    },
  );
  return { map, zone: "North sales" };
}

test("appointment slots per zone and the next two weeks", async ({ page }) => {
  await signInToTeam(page, "/team/availability?tab=slots");
  const own = await newZone(page);
  await page.reload();
  await page.getByRole("combobox", { name: "Map" }).click();
  await page.getByRole("option", { name: own.map }).click();
  await page.getByRole("combobox", { name: "Zone" }).click();
  await page.getByRole("option", { name: own.zone }).click();
  await expect(page).toHaveURL(/zone=/);
  await expect(page.getByRole("group", { name: "Slot 1", exact: true })).toBeVisible();
  const days = page.getByRole("list", { name: "Availability by day" });
  await expect(days.getByRole("listitem")).toHaveCount(14);
  await screenshot(page, "team-availability-slots");
  await page.getByRole("button", { name: "Add slot" }).click();
  const last = page.getByRole("group", { name: /^Slot \d+$/ }).last();
  await last.getByRole("combobox", { name: "Day" }).click();
  await page.getByRole("option", { name: "Sun" }).click();
  await last.getByLabel("From").fill("10:00");
  await last.getByLabel("To").fill("12:00");
  await page.getByRole("button", { name: "Save slots" }).click();
  await expect(page.getByText(/^\d+ slots a week saved\.$/)).toBeVisible();
  await expect(days).toContainText("10:00–12:00");
});

test("at phone width the availability page fits", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToTeam(page, "/team/availability");
  await expect(page.getByRole("region", { name: "Colin Mercer" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, "team-availability-phone");
});

test("an employee without SCHEDULING does not get the availability page", async ({ page }) => {
  await apiSignIn(page, "noaccess@demo.test", `/team/login?ReturnUrl=${encodeURIComponent("/team")}`);
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("link", { name: "Availability" })).toHaveCount(0);
  await page.goto("/team/availability");
  await expect(page).toHaveURL(/\/team\/forbidden$/);
});
