// Starts the end-to-end run's servers at once (e2e/playwright.config.ts), each on a fresh database of
// its own, and prints "e2e servers ready" once every one answers /readyz. Started one after another
// (as Playwright starts the entries of `webServer`), the seeding of the three databases would add up;
// side by side they share the wait. A server that stops ends this script, with its exit code.
import { rmSync } from "node:fs";

type Server = { port: number; dataDir: string; smtpPort: number; clock?: string };

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]") as Server[];
if (!servers.length) throw new Error("E2E_SERVERS names no server");

for (const s of servers) {
  const used = await fetch(`http://localhost:${s.port}/`).then(
    () => true,
    () => false,
  );
  if (used) throw new Error(`port ${s.port} is already used: make sure nothing else runs there`);
}

const children = servers.map((s) => {
  rmSync(s.dataDir, { recursive: true, force: true });
  const child = Bun.spawn(["bun", "api/src/server.ts"], {
    env: {
      ...process.env,
      PORT: String(s.port),
      DATA_DIR: s.dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${s.port}`,
      SMTP_URL: `smtp://127.0.0.1:${s.smtpPort}`,
      // CLOCK_START pins the server's business clock (see e2e/fixtures.ts and api/src/clock.ts).
      ...(s.clock ? { CLOCK_START: s.clock } : {}),
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  void child.exited.then((code) => {
    console.error(`e2e server on port ${s.port} stopped (exit code ${code})`);
    for (const c of children) c.kill();
    process.exit(code || 1);
  });
  return child;
});

async function ready(port: number) {
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(250);
  }
}

await Promise.all(servers.map((s) => ready(s.port)));
console.log("e2e servers ready");
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => {
    for (const c of children) c.kill();
    process.exit(0);
  });
