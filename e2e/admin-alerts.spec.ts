import { type SmtpSink, startSmtpSink } from "../api/src/integrations/mail/smtp-sink";
import { screenshots, signInAsAdmin } from "./admin-helpers";
import { apiSignIn, expect as baseExpect, gql, test, users } from "./fixtures";

// Admin console: Error Alert Setup. The demo's raised alert; an alert created here crosses its
// threshold from telemetry this test posts with the north branch's API key, and the server's alert job
// mails the super admins (a local SMTP sink on the e2e server's SMTP port). Exclusions added and
// removed. Super admins only. What it creates is named uniquely per run, and it only reads the demo's
// alerts and exclusions, so it runs beside other specs.

test.describe.configure({ timeout: 240_000, mode: "serial" });
const expect = baseExpect.configure({ timeout: 15_000 });
const e2ePort = Number(process.env.E2E_PORT ?? 3199);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? e2ePort + 1000);

/** Unique per run: other runs and specs may share the server. */
const run = Date.now().toString(36);
const ALERT = `E2E card reader failures ${run}`;
const EXCLUDED = `Terminal busy ${run}`;

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(smtpPort);
});
test.afterAll(async () => {
  await sink?.close();
});

test("alerts: the demo's raised alert; a new alert raised by posted telemetry is mailed", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Error Alert Setup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Error Alert Setup" })).toBeVisible();
  const alerts = page.getByRole("table", { name: "Alerts" });
  await expect(alerts.getByRole("row", { name: /Fatal errors today/ })).toContainText("Raised");
  await expect(alerts.getByRole("row", { name: /Error spike/ })).toContainText("Watching");
  await expect(alerts.getByRole("row", { name: /Warnings/ })).toContainText("Disabled");
  await screenshots(page, "admin-error-alerts");

  // A refused save says why and keeps the dialog.
  await page.getByRole("button", { name: "New alert" }).click();
  const dialog = page.getByRole("dialog", { name: "New alert" });
  await dialog.getByLabel("Name").fill(ALERT);
  await dialog.getByLabel("Window (minutes)").fill("0");
  await dialog.getByRole("button", { name: "Create alert" }).click();
  await expect(dialog.getByText("Window must be at least 1 minute.")).toBeVisible();
  await dialog.getByLabel("Window (minutes)").fill("5");
  await dialog.getByLabel("Threshold").fill("3");
  await dialog.getByRole("combobox", { name: "Severity" }).click();
  await page.getByRole("option", { name: "Fatal" }).click();
  await dialog.getByLabel("Slack channel").fill("#wtd-alerts");
  await dialog.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByText("Alert created.")).toBeVisible();
  const mine = alerts.getByRole("row", { name: new RegExp(ALERT) });
  await expect(mine).toContainText("Watching");
  await expect(mine).toContainText("≥ 3 fatal in 5 min");

  // The north branch's desktop client reports three fatal errors (a fresh API key, shown once; the
  // demo branch's key is left alone for the specs that read it).
  const { branchesOverview } = await gql<{ branchesOverview: { id: string; host: string }[] }>(
    page,
    "{ branchesOverview { id host } }",
  );
  const northId = branchesOverview.find((b) => b.host === "north")!.id;
  const { resetBranchApiKey } = await gql<{ resetBranchApiKey: { apiKey: string } }>(
    page,
    "mutation($b: ID!){ resetBranchApiKey(branchId: $b){ apiKey } }",
    { b: northId },
  );
  const post = await page.request.post("/telemetry/errors", {
    headers: { authorization: `Bearer ${resetBranchApiKey.apiKey}`, "content-type": "application/json" },
    data: {
      errors: [
        {
          severity: "FATAL",
          message: "Card reader lost during checkout",
          program: "E2ePointOfSale",
          lineNum: 77,
          buildVersion: "7.5.0102",
          count: 3,
        },
      ],
    },
  });
  expect(post.status()).toBe(202);
  const bad = await page.request.post("/telemetry/errors", {
    headers: { authorization: `Bearer ${resetBranchApiKey.apiKey}`, "content-type": "application/json" },
    data: { errors: [{ severity: "LOUD", message: "x" }] },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: "errors[0].severity: must be one of ERROR, FATAL, INFO, WARNING" });

  // The alert job runs every minute: the raise is mailed to the super admins.
  const mail = await sink.waitFor((m) => m.subject === `Raised: ${ALERT}`, 150_000);
  expect(mail.to).toContain("admin@demo.test");
  expect(mail.text).toContain("3 FATAL or worse errors in the last 5 minutes");
  await page.reload();
  await expect(alerts.getByRole("row", { name: new RegExp(ALERT) })).toContainText("Raised");

  // Edit: disabled.
  await alerts.getByRole("button", { name: `Edit ${ALERT}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit alert" });
  // the raise is recorded in its history
  await expect(edit.getByRole("region", { name: "History" })).toContainText("Raised");
  await expect(edit.getByRole("region", { name: "History" })).toContainText("with 3 errors");
  await edit.getByRole("switch", { name: "Enabled" }).click();
  await edit.getByRole("button", { name: "Save alert" }).click();
  await expect(page.getByText("Alert saved.")).toBeVisible();
  await expect(alerts.getByRole("row", { name: new RegExp(ALERT) })).toContainText("Disabled");

  // Delete it.
  await alerts.getByRole("button", { name: `Delete ${ALERT}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Alert deleted.")).toBeVisible();
  await expect(alerts.getByRole("row", { name: new RegExp(ALERT) })).toHaveCount(0);
});

test("alerts: exclusions added and removed; active only or all", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/error-alerts");
  const exclusions = page.getByRole("table", { name: "Exclusions" });
  await expect(exclusions).toContainText("Printer not found");
  await expect(exclusions).not.toContainText("Update check skipped");
  await page.getByRole("switch", { name: "Active only" }).click();
  await expect(exclusions).toContainText("Update check skipped");
  await page.getByRole("switch", { name: "Active only" }).click();

  await page.getByRole("button", { name: "New exclusion" }).click();
  const dialog = page.getByRole("dialog", { name: "New exclusion" });
  await dialog.getByRole("button", { name: "Add exclusion" }).click();
  await expect(dialog.getByText("Give a message, a program or a line to exclude.")).toBeVisible();
  await dialog.getByLabel("Message contains").fill(EXCLUDED);
  await dialog.getByLabel("Program").fill("PaymentPost");
  await dialog.getByLabel("Comment").fill("Lane firmware update");
  await dialog.getByRole("button", { name: "Add exclusion" }).click();
  await expect(page.getByText("Exclusion added.")).toBeVisible();
  const row = exclusions.getByRole("row", { name: new RegExp(EXCLUDED) });
  await expect(row).toContainText("Lane firmware update");

  await row.getByRole("button", { name: /Remove exclusion/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Exclusion removed.")).toBeVisible();
  await expect(exclusions.getByRole("row", { name: new RegExp(EXCLUDED) })).toHaveCount(0);
});

test("alerts: a portal customer is sent home", async ({ page }) => {
  await apiSignIn(page, users.customer);
  await expect(page).not.toHaveURL(/login/i);
  await page.goto("/admin/error-alerts");
  await expect(page).not.toHaveURL(/\/admin/);
});
