import { apiSignIn, expect as baseExpect, gql, screenshot, screenshotsWanted, signInToTeam, test } from "./fixtures";

// Placing a service address by hand: the page shows the address and its pin on the map (MapLibre,
// loaded with the page); typing coordinates and saving stores them with confidence "Placed by hand".
// The address (Jane's first) is saved at the point it already has, so nothing other specs read moves.
// Screenshots at 1440 and 390 px, light and dark.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("place a service address on the map by hand", async ({ page }) => {
  await apiSignIn(page, "customer");
  const mine = await gql<{ customers: { id: string; serviceAddressIds: string[] }[] }>(
    page,
    "{ customers { id serviceAddressIds } }",
  );
  const customerId = mine.customers[0]!.id;
  const addressId = mine.customers[0]!.serviceAddressIds[0]!;
  const path = `/team/geocode-address/${customerId}/${addressId}`;
  await signInToTeam(page, path);
  await expect(page.getByRole("heading", { name: "Place the address on the map", level: 1 })).toBeVisible();
  await expect(page.getByRole("application", { name: /Map: click or drag the pin/ })).toBeVisible();
  await expect(page.locator(".maplibregl-canvas")).toBeVisible();
  const form = page.getByRole("form", { name: "Where it is" });
  const lat = form.getByLabel("Latitude");
  await expect(lat).not.toHaveValue("");
  const [latitude, longitude] = [await lat.inputValue(), await form.getByLabel("Longitude").inputValue()];
  // Typed a little off, then back: the pin follows, and the point is saved by hand.
  await lat.fill(String(Number(latitude) + 0.001));
  await lat.blur();
  await form.getByRole("button", { name: "Save location" }).click();
  await expect(page.getByText(/^Placed .* on the map\.$/)).toBeVisible();
  await expect(form.getByText("Placed by hand")).toBeVisible();
  await lat.fill(latitude);
  await form.getByLabel("Longitude").fill(longitude);
  await form.getByRole("button", { name: "Save location" }).click();
  await expect(page.getByText(/^Placed .* on the map\.$/).first()).toBeVisible();

  for (const theme of ["light", "dark"] as const)
    for (const width of [1440, 390]) {
      await page.evaluate((themeMode) => localStorage.setItem("preferences", JSON.stringify({ themeMode })), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator(".maplibregl-canvas")).toBeVisible();
      if (screenshotsWanted) {
        await page.waitForTimeout(1500); // the basemap's tiles, for the picture
        await screenshot(page, `team-geocode-address-${width}-${theme}`);
      }
    }
});
