import type { Page } from "@playwright/test";
import { uniqueId } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, gql, screenshot, test, users } from "./fixtures";

// A route event end to end, as the "done when" says: an automation (ON, on WORK_ORDER_POSTED,
// its condition the number of this run's own work order) creates an activity for the signed-in
// employee; a delivery is scheduled for a demo customer, then posted by an integration with an API key
// holding ROUTE_MANAGEMENT, as the driver's app does; the activity shows in the employee's my work and
// the run in automation events. Every name is this run's own, so the spec runs beside the others.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

type Address = {
  serviceAddressId: string;
  isOnCreditHold: boolean;
  inactive: boolean;
  billingItems: { catalogItemId: string }[];
};

/** A delivery scheduled for a demo customer of the employee's work (the first one with a free run date). */
async function scheduleDelivery(page: Page): Promise<{ id: string; number: number }> {
  const { assignedActivities } = await gql<{ assignedActivities: { customerId: string | null }[] }>(
    page,
    "{ assignedActivities { customerId } }",
  );
  const ids = [...new Set(assignedActivities.flatMap((a) => (a.customerId ? [a.customerId] : [])))];
  // start somewhere in the list, so that specs running at once rarely ask for the same customer
  const start = Math.floor(Math.random() * ids.length);
  for (const customerId of [...ids.slice(start), ...ids.slice(0, start)].slice(0, 15)) {
    const { customer } = await gql<{ customer: { serviceAddresses: Address[] } }>(
      page,
      `query($c: ID!){ customer(customerId: $c){ serviceAddresses { serviceAddressId isOnCreditHold inactive billingItems { catalogItemId } } } }`,
      { c: customerId },
    );
    const address = customer.serviceAddresses.find((a) => !a.isOnCreditHold && !a.inactive && a.billingItems.length);
    if (!address) continue;
    const { routeCalendarDates } = await gql<{ routeCalendarDates: { date: string; workOrderId: string | null }[] }>(
      page,
      `query($c: ID!, $a: ID!){ routeCalendarDates(customerId: $c, serviceAddressId: $a){ date workOrderId } }`,
      { c: customerId, a: address.serviceAddressId },
    );
    const free = routeCalendarDates.filter((d) => !d.workOrderId);
    const date = free[Math.floor(Math.random() * free.length)]?.date;
    if (!date) continue;
    const r = await gql<{
      updateWorkOrder: { isSuccess: boolean; message: string; workOrder: { id: string; number: number } | null };
    }>(
      page,
      `mutation($w: WorkOrderInput!){ updateWorkOrder(workOrder: $w){ isSuccess message workOrder { id number } } }`,
      {
        w: {
          customerId,
          serviceAddressId: address.serviceAddressId,
          scheduled: date,
          billingItems: [{ catalogItemId: address.billingItems[0]!.catalogItemId, quantity: 1 }],
        },
      },
    );
    if (r.updateWorkOrder.isSuccess) return r.updateWorkOrder.workOrder!;
  }
  throw new Error("no demo customer could have a delivery scheduled");
}

test("a work order posted through the API fires an automation: its activity in my work, its run in automation events", async ({
  page,
}) => {
  const id = uniqueId();
  const name = `Route follow-up ${id}`;
  const subject = `Ask how delivery ${id} went`;
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fmy-work");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });

  const order = await scheduleDelivery(page);
  const setup = await gql<{
    overview: { employeePersonId: string };
    allSteps: { id: string; description: string; projectDescription: string }[];
  }>(page, "{ overview { employeePersonId } allSteps { id description projectDescription } }");
  const step = setup.allSteps.find(
    (s) => s.projectDescription === "Service call" && s.description === "Call received",
  )!;
  const made = await gql<{ createAutomation: { isSuccess: boolean; message: string } }>(
    page,
    `mutation($i: AutomationInput!){ createAutomation(input: $i){ isSuccess message } }`,
    {
      i: {
        name,
        event: "WORK_ORDER_POSTED",
        status: "ON",
        conditions: [{ nativeFieldName: "number", comparator: "EQUALS", value: String(order.number) }],
        actions: [
          {
            type: "CREATE_ACTIVITY",
            stepId: step.id,
            subject,
            personId: setup.overview.employeePersonId,
            dueInMinutes: 0,
          },
        ],
      },
    },
  );
  expect(made.createAutomation.isSuccess, made.createAutomation.message).toBe(true);

  // The driver's app: an API key holding ROUTE_MANAGEMENT posts the delivered order.
  const key = await gql<{ createApiKey: { isSuccess: boolean; message: string; key: string | null } }>(
    page,
    `mutation($i: CreateApiKeyInput!){ createApiKey(input: $i){ isSuccess message key } }`,
    { i: { name: `Driver app ${id}`, personId: setup.overview.employeePersonId, permissions: ["ROUTE_MANAGEMENT"] } },
  );
  expect(key.createApiKey.isSuccess, key.createApiKey.message).toBe(true);
  const post = async () => {
    const res = await page.request.post("/graphql", {
      headers: { "content-type": "application/json", authorization: `Bearer ${key.createApiKey.key}` },
      data: { query: "mutation($id: ID!){ postWorkOrder(id: $id){ isSuccess message } }", variables: { id: order.id } },
    });
    return ((await res.json()) as { data: { postWorkOrder: { isSuccess: boolean; message: string } } }).data
      .postWorkOrder;
  };
  expect(await post()).toEqual({ isSuccess: true, message: `Work order ${order.number} is posted.` });
  expect(await post()).toEqual({ isSuccess: false, message: `Work order ${order.number} is already posted.` });

  // The activity reaches my work once the run is taken up (a job, else the minute's sweep).
  await page.goto(`/team/my-work?q=${encodeURIComponent(subject)}`);
  const work = page.getByRole("table", { name: "My work" });
  await expect(async () => {
    await page.reload();
    await baseExpect(work.getByRole("row").filter({ hasText: subject })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [1000, 2000, 5000] });
  await expect(work.getByRole("row").filter({ hasText: subject })).toContainText("Today");
  await screenshot(page, "route-events-my-work");

  // The run, succeeded, in automation events; its record is the work order.
  await page.goto("/team/automation-events?event=WORK_ORDER_POSTED");
  const runs = page.getByRole("table", { name: "Automation runs" });
  const row = runs.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Succeeded")).toBeVisible();
  await expect(row.getByText(`work order ${order.number}`)).toBeVisible();
  await screenshot(page, "route-events-automation-events");
});

test("the demo's route automations, and a customer's fields offered to a condition", async ({ page }) => {
  await apiSignIn(page, users.employee, "/team/login?ReturnUrl=%2Fteam%2Fautomations");
  await expect(page.getByRole("heading", { level: 1, name: "Automations" })).toBeVisible({ timeout: 30_000 });
  const name = "Call about an expiring autopay card";
  await page.goto(`/team/automations?q=${encodeURIComponent(name)}`);
  await page.getByRole("table", { name: "Automations" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // A card's event is on the customer: a condition may name the customer's account fields.
  const editor = page.getByRole("form", { name: "Automation" });
  await editor.getByRole("button", { name: "Add condition" }).click();
  await editor.getByRole("group", { name: "Condition 1" }).getByLabel("Field").click();
  await expect(page.getByRole("option", { name: "Account number", exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: "Route number", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await editor.getByRole("button", { name: "Discard changes" }).click();

  // The failed run of the skipped stop, in red among the runs.
  await page.goto("/team/automation-events?event=STOP_SKIPPED");
  const failed = page
    .getByRole("table", { name: "Automation runs" })
    .getByRole("row")
    .filter({ hasText: "Say sorry for a skipped stop" });
  await expect(failed.getByText("Failed", { exact: true })).toBeVisible();
  await expect(failed).toContainText("There is no mail address to send to.");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"]) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      await screenshot(page, `route-events-runs-${width}-${theme}`);
    }
  }
});
