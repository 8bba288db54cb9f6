// The web build: the browser's app into the dist folder (default web/dist), then the server's render of
// the first pages (web/src/entry-server.tsx) into <dist>/.ssr, which the API imports, then the manifest
// of the app's GraphQL documents, <dist>/.trusted-documents.json (scripts/trusted-documents.ts).
//   bun scripts/build-web.ts [distDir]
import { spawnSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { join, relative, resolve } from "node:path";

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
// The server's render imports its packages (react, @hookform/resolvers...) from node_modules, found from
// where it lies. A dist folder outside the repository (WEB_DIST=/tmp/dist-x, as the e2e runs and benches
// use) has none above it, and Bun then installs whatever version it has cached: a page whose chunk needs
// another version fails to load and goes out unrendered. A link to the repository's node_modules inside
// .ssr (a hidden folder, never served) makes it resolve the same packages as in web/dist.
const ssrModules = join(distDir, ".ssr", "node_modules");
if (relative(root, distDir).startsWith("..") && !existsSync(ssrModules)) {
  symlinkSync(join(root, "node_modules"), ssrModules, "dir");
}
const manifest = spawnSync(process.execPath, [join(root, "scripts/trusted-documents.ts"), distDir], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
if (manifest.status !== 0) process.exit(manifest.status ?? 1);
