import { defineConfig } from "@playwright/test";

// End-to-end tests in Chromium against the real server on the embedded default (a fresh PGlite
// database seeded with the demo data on start). CHROMIUM_PATH selects the browser binary; on an
// ordinary machine leave it unset and run `npx playwright install chromium`.
const port = Number(process.env.E2E_PORT ?? 3199);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/routewater-e2e-${port}`;
// Mail goes to a local SMTP sink that the account specs start on this port (e2e/portal-account*.spec.ts);
// for the other specs nothing listens there and the server records the failed send in its outbox.
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);

// Two workers against one server and database. Specs that change demo data other specs read (the
// demo customer's balance, cards and orders, people and grants, branch and shop settings, banners,
// allow-lists, the catalogue) run one at a time in "shared-data", after the specs that only read the
// demo or make their own uniquely named data ran two at a time in "parallel". A spec joins
// "parallel" once it makes its own data. (A failure in "parallel" skips "shared-data": fix it first.)
const sharedData = [
  "admin-impersonate-money",
  "admin-ip-whitelist",
  "portal-account",
  "portal-deliveries",
  "portal-payment",
  "portal-payment-lost-answer",
  "safe-html",
  "shop",
  "team-ecommerce",
  "team-inventory",
  "team-security",
  "team-security-broad",
  "team-settings",
];
const sharedDataSpecs = new RegExp(`(^|/)(${sharedData.join("|")})\\.spec\\.ts$`);

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts/,
  outputDir: "../test-results/artifacts",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: "parallel", testIgnore: sharedDataSpecs },
    { name: "shared-data", testMatch: sharedDataSpecs, workers: 1, dependencies: ["parallel"] },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: `../${process.env.E2E_RESULTS ?? "test-results/e2e-results.json"}` }]],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: "only-on-failure",
    // No transitions to wait out: a width or position is read once the page has settled.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && bun api/src/server.ts`,
    cwd: "..",
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // E2E_CLOCK pins the server's business clock (see e2e/fixtures.ts and api/src/clock.ts).
      ...(process.env.E2E_CLOCK ? { CLOCK_START: process.env.E2E_CLOCK } : {}),
    },
  },
});
