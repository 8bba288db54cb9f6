// The web build: the browser's app into the dist folder (default web/dist), then the server's render of
// the first pages (web/src/entry-server.tsx) into <dist>/.ssr, which the API imports, then the manifest
// of the app's GraphQL documents, <dist>/.trusted-documents.json (scripts/trusted-documents.ts).
//   bun scripts/build-web.ts [distDir]
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

const root = join(import.meta.dir, "..");
const distDir = resolve(root, process.argv[2] ?? process.env.WEB_DIST ?? "web/dist");
// `bun x vite` runs Vite with Node where there is one (as npx does), else with Bun (the Docker build).
const vite = [
  process.execPath,
  "x",
  "vite",
  "build",
  "--config",
  "web/vite.config.ts",
  "--logLevel",
  "warn",
  "--emptyOutDir",
];

for (const args of [
  ["--outDir", distDir],
  ["--ssr", "src/entry-server.tsx", "--outDir", join(distDir, ".ssr")],
]) {
  const r = spawnSync(vite[0]!, [...vite.slice(1), ...args], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const manifest = spawnSync(process.execPath, [join(root, "scripts/trusted-documents.ts"), distDir], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
if (manifest.status !== 0) process.exit(manifest.status ?? 1);
