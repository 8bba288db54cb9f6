import { uniqueId } from "./admin-helpers";
import { expect as baseExpect, gql, screenshot, signInToTeam, test } from "./fixtures";

// Lead setup: the demo's lead map (Sales territories) is shown, not changed; this run's own salesperson
// (LEAD_DATA_ENTRY) is held to their zones with the switch and given "North sales" from the zone menu,
// each change saved at once and said in a toast; the rule is what the API then answers. Screenshots at
// 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

type Config = {
  leadConfiguration: {
    persons: { personId: string; enforceZonePermission: boolean; zoneIds: string[] }[];
    zones: { id: string; name: string }[];
  };
};

test("hold a salesperson to one zone of the lead map", async ({ page }) => {
  const id = uniqueId();
  const name = `Zed Zone${id}`;
  await signInToTeam(page, "/team/lead-setup");
  const made = await gql<{ createEmployee: { message: string; person: { id: string } | null } }>(
    page,
    "mutation($i: CreateEmployeeInput!){ createEmployee(input: $i){ message person { id } } }",
    {
      i: { firstName: "Zed", lastName: `Zone${id}`, jobTitle: "Sales", email: `zed-${id}@example.com`, invite: false },
    },
  );
  if (!made.createEmployee.person) throw new Error(made.createEmployee.message);
  const personId = made.createEmployee.person.id;
  await gql(page, "mutation($i: ToggleEmployeePermissionInput!){ toggleEmployeePermission(input: $i){ granted } }", {
    i: { actorType: "PERSON", actorId: personId, permission: "LEAD_DATA_ENTRY", granted: true },
  });

  await page.goto(`/team/lead-setup?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { name: "Lead setup", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Segregation map" })).toHaveText("Sales territories");
  const table = page.getByRole("table", { name: "People with lead permissions" });
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const only = row.getByRole("switch", { name: `Only their zones: ${name}` });
  await expect(only).not.toBeChecked();
  await only.click();
  await expect(
    page.getByText(`${name} is held to zones but has none: they see no leads until given a zone.`),
  ).toBeVisible();
  await expect(only).toBeChecked();

  // the zones from the keyboard: open the menu, tick North sales
  const zones = row.getByRole("button", { name: `Zones of ${name}` });
  await expect(zones).toHaveText("No zones");
  await zones.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitemcheckbox", { name: "North sales" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${name} sees only the leads of "North sales".`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(zones).toHaveText("North sales");

  const config = await gql<Config>(
    page,
    "{ leadConfiguration { zones { id name } persons { personId enforceZonePermission zoneIds } } }",
  );
  const north = config.leadConfiguration.zones.find((z) => z.name === "North sales")!;
  expect(config.leadConfiguration.persons.find((p) => p.personId === personId)).toEqual({
    personId,
    enforceZonePermission: true,
    zoneIds: [north.id],
  });

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/team/lead-setup?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole("heading", { name: "Lead setup", level: 1 })).toBeVisible();
      await expect(page.getByText(name).filter({ visible: true })).toBeVisible();
      await screenshot(page, `team-lead-setup-${width}-${theme}`);
    }
  await page.evaluate(() => localStorage.setItem("preferences", JSON.stringify({ themeMode: "light" })));
});
