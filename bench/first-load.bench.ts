// Benchmark: the first load of the sign-in page, billing, the shop index and the team home.
//  - size: gzip kB of the JS + CSS each page needs before it is usable, from the build's manifest
//    (the same figures and budgets as `npm test`'s size budget, scripts/size-budget.ts);
//  - loopback: Lighthouse in Chromium with no throttling (what this machine's browser sees): LCP;
//  - mobile: Lighthouse's default mobile run (simulated slow 4G and a 4x slower CPU): performance
//    score, LCP, CLS, total blocking time, and the JS + CSS the page actually transferred.
// Goals: LCP <= 1.5 s on loopback for sign-in and billing; mobile score >= 90 with CLS < 0.1 on
// sign-in, billing and the shop (issue 12), >= 95 on the team home and the personnel list (issue 21). Scores move with the
// machine's load; read them together.
//
//   bun bench/first-load.bench.ts [distDir]     (default web/dist, built first when older than web/)
//   FIRST_LOAD_PORT=3293 LIGHTHOUSE_RUNS=3 CHROMIUM_PATH=/usr/bin/chromium bun bench/first-load.bench.ts
//   FIRST_LOAD_PAGES="team home" FIRST_LOAD_MOBILE_ONLY=1 LIGHTHOUSE_KEEP=/tmp/lh ...   (one page, mobile
//   runs only, every Lighthouse report kept in /tmp/lh)
//
// It starts its own server (embedded PGlite, demo seed, a temporary DATA_DIR) and signs in the demo
// customer (billing) and the demo employee (team home) through GraphQL and loads those pages with the
// session's cookie.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { measurePages } from "../scripts/size-budget.ts";

const repo = resolve(import.meta.dir, "..");
const port = Number(process.env.FIRST_LOAD_PORT ?? 3298);
const base = `http://localhost:${port}`;
const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

/** The newest modification time under a folder (skipping node_modules and dist). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === "dist") continue;
    latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

function distDir(): string {
  if (process.argv[2]) return resolve(process.argv[2]);
  const dist = join(repo, "web", "dist");
  const manifest = join(dist, ".vite", "manifest.json");
  const sources = Math.max(newest(join(repo, "web")), newest(join(repo, "scripts", "first-load.ts")));
  if (!existsSync(manifest) || statSync(manifest).mtimeMs < sources) {
    console.log("web/dist is older than web/: building it");
    const build = Bun.spawnSync([process.execPath, "scripts/build-web.ts"], {
      cwd: repo,
      stdout: "inherit",
      stderr: "inherit",
    });
    if (build.exitCode !== 0) throw new Error("the web build failed");
  }
  return dist;
}

type Audit = { numericValue?: number; details?: { items?: { url: string; transferSize?: number }[] } };
type LighthouseResult = { categories: { performance: { score: number } }; audits: Record<string, Audit> };

/** One Lighthouse run through its CLI under Node (it drives Chromium with chrome-launcher). */
async function lighthouse(url: string, mode: "mobile" | "loopback", cookie: string): Promise<LighthouseResult> {
  const out = join(tmpdir(), `first-load-${process.pid}-${Date.now()}.json`);
  const args = [
    "node",
    join(repo, "node_modules", "lighthouse", "cli", "index.js"),
    url,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=performance",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
    "--max-wait-for-load=30000",
  ];
  // Desktop-sized, no throttling at all: what the browser on this machine sees over loopback.
  if (mode === "loopback") args.push("--preset=desktop", "--throttling-method=provided");
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const proc = Bun.spawn(args, { cwd: repo, env: { ...process.env, CHROME_PATH: chromePath }, stderr: "pipe" });
  const code = await proc.exited;
  if (code !== 0 || !existsSync(out)) {
    throw new Error(`lighthouse failed for ${url}: ${(await new Response(proc.stderr).text()).slice(-2000)}`);
  }
  const result = JSON.parse(readFileSync(out, "utf8")) as LighthouseResult;
  // LIGHTHOUSE_KEEP=<dir> keeps every report there (to read what cost the score).
  const keep = process.env.LIGHTHOUSE_KEEP;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    copyFileSync(out, join(keep, `${new URL(url).pathname.replace(/\W+/g, "_")}-${mode}-${Date.now()}.json`));
  }
  rmSync(out, { force: true });
  return result;
}

function jsCssTransferred(result: LighthouseResult): number {
  const items = result.audits["network-requests"]?.details?.items ?? [];
  return items.filter((i) => /\.(js|css)(\?|$)/.test(i.url)).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await Bun.sleep(500);
  }
  throw new Error("server did not become ready");
}

/**
 * Where the page ends up after the server's redirects (/v2/billing goes on to /v2/billing/{customer}):
 * Lighthouse sends the session cookie (an extra header) with the first request only, not after a redirect.
 */
async function finalUrl(url: string, cookie: string): Promise<string> {
  for (let hops = 0; hops < 5; hops++) {
    const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return url;
    url = new URL(location, url).href;
  }
  return url;
}

async function signIn(username: string): Promise<string> {
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      query: `mutation { login(username: "${username}", password: "demo-pass-1") { isSuccess } }`,
    }),
  });
  const cookie = (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  if (!cookie) throw new Error(`${username} could not sign in`);
  return cookie;
}

const dist = distDir();
const sizes = measurePages(dist);
const dataDir = mkdtempSync(join(tmpdir(), "routewater-first-load-"));
const server = Bun.spawn([process.execPath, "api/src/server.ts"], {
  cwd: repo,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: dist,
    LOG_LEVEL: "warn",
    SEED_DEMO: "always",
    PUBLIC_URL: base,
  },
  stdout: "ignore",
  stderr: "inherit",
});

const allPages = [
  { page: "sign-in", path: "/v2/account/login", user: "", lcpGoal: 1500, scoreGoal: 90 },
  { page: "billing", path: "/v2/billing", user: "customer@demo.test", lcpGoal: 1500, scoreGoal: 90 },
  { page: "shop index", path: "/shop", user: "", lcpGoal: 0, scoreGoal: 90 },
  { page: "team home", path: "/team", user: "employee@demo.test", lcpGoal: 0, scoreGoal: 95 },
  { page: "personnel", path: "/team/personnel", user: "employee@demo.test", lcpGoal: 0, scoreGoal: 95 },
];
// FIRST_LOAD_MOBILE_ONLY=1 skips the loopback runs (their LCP shows as NaN).
const mobileOnly = process.env.FIRST_LOAD_MOBILE_ONLY === "1";
// FIRST_LOAD_PAGES="team home,billing" runs only those pages (names as in the table).
const only = process.env.FIRST_LOAD_PAGES?.split(",").map((s) => s.trim());
const pages = only ? allPages.filter((p) => only.includes(p.page)) : allPages;

let failed = false;
try {
  await waitReady();
  // The first server-rendered page after a start against the next one (the server warms its render up
  // before /readyz says ready: api/src/server.ts). Goal: the first within 2x the second (+ 20 ms).
  const timed = async () => {
    const t = performance.now();
    await (await fetch(`${base}/v2/account/login`)).text();
    return performance.now() - t;
  };
  const first = await timed();
  const next = await timed();
  const firstOk = first <= 2 * next + 20;
  failed ||= !firstOk;
  console.log(
    `\nfirst request after start: sign-in page ${first.toFixed(0)} ms, next ${next.toFixed(0)} ms ${firstOk ? "ok" : "MISSED"}`,
  );
  const cookies: Record<string, string> = {
    "customer@demo.test": await signIn("customer@demo.test"),
    "employee@demo.test": await signIn("employee@demo.test"),
  };
  console.log(`\nfirst load: JS + CSS (gzip kB, from the manifest), Lighthouse median of ${runs} run(s)`);
  console.log(
    "page            size / budget     loopback LCP   mobile score   mobile LCP   CLS     TBT      JS+CSS sent load",
  );
  for (const p of pages) {
    const size = sizes.find((s) => s.page === p.page);
    const auth = p.user ? (cookies[p.user] ?? "") : "";
    const url = await finalUrl(`${base}${p.path}`, auth);
    const loopback: number[] = [];
    const score: number[] = [];
    const lcp: number[] = [];
    const cls: number[] = [];
    const tbt: number[] = [];
    const sent: number[] = [];
    // The machine's 1-minute load average at each mobile run: TBT follows it on a shared machine.
    const load: number[] = [];
    for (let i = 0; i < runs; i++) {
      if (!mobileOnly) {
        const desk = await lighthouse(url, "loopback", auth);
        loopback.push(desk.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
      }
      load.push(loadavg()[0] ?? Number.NaN);
      const mobile = await lighthouse(url, "mobile", auth);
      score.push(Math.round(mobile.categories.performance.score * 100));
      lcp.push(mobile.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
      cls.push(mobile.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN);
      tbt.push(mobile.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
      sent.push(jsCssTransferred(mobile));
    }
    const m = {
      loopback: median(loopback),
      score: median(score),
      lcp: median(lcp),
      cls: median(cls),
      tbt: median(tbt),
      sent: median(sent),
    };
    const misses: string[] = [];
    if (size && size.gzipBytes / 1000 > size.budgetKb) misses.push("size");
    if (p.lcpGoal && !mobileOnly && !(m.loopback <= p.lcpGoal)) misses.push("loopback LCP");
    if (!(m.score >= p.scoreGoal)) misses.push("score");
    if (!(m.cls < 0.1)) misses.push("CLS");
    failed ||= misses.length > 0;
    console.log(
      [
        p.page.padEnd(15),
        `${size ? (size.gzipBytes / 1000).toFixed(1) : "?"} / ${size?.budgetKb ?? "?"}`.padEnd(17),
        `${(m.loopback / 1000).toFixed(2)} s`.padEnd(14),
        String(m.score).padEnd(14),
        `${(m.lcp / 1000).toFixed(2)} s`.padEnd(12),
        m.cls.toFixed(3).padEnd(7),
        `${Math.round(m.tbt)} ms`.padEnd(8),
        `${(m.sent / 1000).toFixed(1)} kB`.padEnd(11),
        `load ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`.padEnd(14),
        misses.length ? `✗ ${misses.join(", ")}` : "ok",
      ].join(" "),
    );
  }
} finally {
  server.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
