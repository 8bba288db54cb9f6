import { existsSync } from "node:fs";
import { isAbsolute } from "node:path";
import { defineConfig } from "@playwright/test";

// End-to-end tests in Chromium against the real server on the embedded default (a fresh PGlite
// database seeded with the demo data on start). CHROMIUM_PATH selects the browser binary; unset, the
// headless shell (Debian's chromium-headless-shell: the same Blink without the browser's UI, a third
// less CPU) if installed, else /usr/bin/chromium. On an ordinary machine `npx playwright install
// chromium` and CHROMIUM_PATH=.
const headlessShell = "/usr/lib/chromium/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

// Four servers, each with its own fresh database, so that specs which change demo data never run
// beside specs that read it:
// - "parallel" (E2E_PORT): the specs that only read the demo or make their own uniquely named data,
//   as many at a time as there are workers. A spec joins "parallel" once it makes its own data.
// - "shared-data" (E2E_PORT + 1) and "shared-data-2" (E2E_PORT + 3): the specs that change demo data
//   other specs read (the demo customer's balance, cards and orders, people and grants, branch and
//   shop settings, banners, allow-lists, the catalogue), one at a time on each, beside the parallel ones.
// - "pinned-clock" (E2E_PORT + 2): time is an input. The tests whose pages depend on the date (tagged
//   @date, and portal-billing.spec.ts whole) run again, one at a time, with the server's and the
//   browser's clock pinned to a hard moment: a Sunday night past the 3 PM cutoff, on a month end
//   (E2E_PINNED_CLOCK). They run first, so the pinned clock has moved minutes, not hours.
// Each server mails to its own port + 1000, where nothing listens unless a spec starts a sink there
// (e2e/portal-account.spec.ts on the shared-data server's, e2e/admin-alerts.spec.ts on the parallel's).
const port = Number(process.env.E2E_PORT ?? 3199);
const sharedPort = Number(process.env.E2E_SHARED_PORT ?? port + 1);
const pinnedPort = Number(process.env.E2E_PINNED_PORT ?? port + 2);
const shared2Port = Number(process.env.E2E_SHARED2_PORT ?? port + 3);
const pinnedClock = process.env.E2E_PINNED_CLOCK ?? "2027-01-31T21:50:00-06:00";
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);

// The specs that change demo data, in two chains of about equal length, each on a server of its own.
const sharedData = ["admin-ip-whitelist", "portal-account", "portal-deliveries", "team-security"];
const sharedData2 = [
  "portal-payment",
  "portal-payment-lost-answer",
  "safe-html",
  "shop",
  "team-ecommerce",
  "team-inventory",
  "team-security-broad",
  "team-settings",
];
const specsNamed = (names: string[]) => new RegExp(`(^|/)(${names.join("|")})\\.spec\\.ts$`);
const sharedDataSpecs = specsNamed(sharedData);
const sharedData2Specs = specsNamed(sharedData2);

/** One server of the run: its port, fresh data directory and mail port; `clock` pins its business clock. */
function server(serverPort: number, smtp: number, clock?: string) {
  const dataDir = process.env.E2E_DATA_DIR
    ? `${process.env.E2E_DATA_DIR}-${serverPort}`
    : `/tmp/routewater-e2e-${serverPort}`;
  return { port: serverPort, dataDir, smtpPort: smtp, ...(clock ? { clock } : {}) };
}
// With E2E_DATABASE_URL (a PostgreSQL server; CI sets it) the "parallel" server runs as a deployment
// does: two worker processes on one port (WORKERS=2) on a fresh PostgreSQL database, sharing Redis
// (E2E_REDIS_URL), so the specs prove the workers stateless: any worker may answer any request.
const cluster = process.env.E2E_DATABASE_URL
  ? { databaseUrl: process.env.E2E_DATABASE_URL, redisUrl: process.env.E2E_REDIS_URL, workers: 2 }
  : {};
// The projects named on the command line (`--project parallel`): only their servers start, so a run of
// one spec in "parallel" starts one server. None named: every project, every server.
const cliProjects = process.argv.flatMap((arg, i, all) =>
  arg === "--project" || arg === "-p" ? [all[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
const wanted = (project: string) => !cliProjects.length || cliProjects.includes(project);
// E2E_CLOCK pins every server's clock (and so every page's); the pinned-clock server is always pinned.
const servers = [
  { ...server(port, smtpPort, process.env.E2E_CLOCK), ...cluster },
  ...(wanted("shared-data") ? [server(sharedPort, sharedPort + 1000, process.env.E2E_CLOCK)] : []),
  ...(wanted("shared-data-2") ? [server(shared2Port, shared2Port + 1000, process.env.E2E_CLOCK)] : []),
  ...(wanted("pinned-clock") ? [server(pinnedPort, pinnedPort + 1000, process.env.E2E_CLOCK ?? pinnedClock)] : []),
];

const resultsFile = (path: string) => (isAbsolute(path) ? path : `../${path}`);

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts/,
  outputDir: "../test-results/artifacts",
  fullyParallel: false,
  // Three workers on two cores: with no trace recorded for a passing test a test mostly waits, and three
  // keep both cores about 95 % busy (decision 0996); four, while every test recorded a trace, only
  // made assertions run out of time (decision 0995).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // In this order: a free worker takes the first project below its limit, so the pinned-clock tests run
  // first (their clock has moved minutes, not hours), the two shared-data chains one spec after another
  // beside them and after them, and the parallel specs once a worker is free of those.
  projects: [
    {
      name: "pinned-clock",
      grep: /@date|(^| )portal-billing\.spec\.ts /,
      workers: 1,
      use: { baseURL: `http://localhost:${pinnedPort}` },
      metadata: { pinnedClock: true },
    },
    { name: "shared-data", testMatch: sharedDataSpecs, workers: 1, use: { baseURL: `http://localhost:${sharedPort}` } },
    {
      name: "shared-data-2",
      testMatch: sharedData2Specs,
      workers: 1,
      use: { baseURL: `http://localhost:${shared2Port}` },
    },
    { name: "parallel", testIgnore: [sharedDataSpecs, sharedData2Specs] },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // E2E_RESULTS: the JSON results file, absolute or relative to the repository.
  reporter: [
    ["list"],
    ["json", { outputFile: resultsFile(process.env.E2E_RESULTS ?? "test-results/e2e-results.json") }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: "only-on-failure",
    // No transitions to wait out: a width or position is read once the page has settled.
    reducedMotion: "reduce",
    // A trace only when a test is retried (CI retries once): recording one for every test (screencast
    // frames and a DOM snapshot per action) took half of the run's CPU and made each test ~40 % slower
    // (decision 0996). E2E_TRACE=on records every test's.
    trace: (process.env.E2E_TRACE ?? "on-first-retry") as "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // E2E_CHROME_ARGS: more flags, for trying one out.
        ...(process.env.E2E_CHROME_ARGS ? process.env.E2E_CHROME_ARGS.split(" ") : []),
      ],
    },
  },
  // The three servers start side by side (scripts/e2e-servers.ts), ready when each answers /readyz.
  webServer: {
    command: "bun scripts/e2e-servers.ts",
    cwd: "..",
    wait: { stdout: /e2e servers ready/ },
    // Seeding four databases side by side takes ~20 s on a quiet machine; a CI run that overlapped the
    // API tests on a heavily loaded one took over 180 s.
    timeout: 360_000,
    reuseExistingServer: false,
    // SIGTERM, so that e2e-servers.ts stops the servers and drops the PostgreSQL databases it made.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_SERVERS: JSON.stringify(servers) },
  },
});
