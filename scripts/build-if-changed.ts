// `npm start`'s build step: regenerates and rebuilds only what its inputs changed.
// - `npm run generate` (Prisma client, printed GraphQL schema) when prisma/schema.prisma, the API's
//   sources or the lockfile changed since the last run (stamp: api/src/generated/.inputs-hash);
// - the web build (vite) when the web sources (the printed schema included), the build config or the
//   lockfile changed since the last build (stamp: web/dist/.build-stamp), or there is no build.
// A stamp holds a SHA-256 over the inputs' paths and contents, so a checkout, an edit or a branch
// switch all count, and timestamps do not.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = join(import.meta.dir, "..");

function files(dir: string, skip: (rel: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (skip(rel)) continue;
    if (statSync(path).isDirectory()) files(path, skip, out);
    else out.push(path);
  }
  return out;
}

function hashOf(paths: string[]): string {
  const h = createHash("sha256");
  for (const p of paths) {
    h.update(relative(root, p));
    h.update("\0");
    h.update(existsSync(p) ? readFileSync(p) : "");
    h.update("\0");
  }
  return h.digest("hex");
}

const readStamp = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").trim() : "");

function run(cmd: string[]) {
  const r = spawnSync(cmd[0]!, cmd.slice(1), { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const shared = ["package-lock.json", "package.json", "tsconfig.json"].map((f) => join(root, f));

// 1. The generated Prisma client and the printed schema.
const generatedDir = join(root, "api/src/generated");
const generateStamp = join(generatedDir, ".inputs-hash");
const generateInputs = hashOf([
  join(root, "prisma/schema.prisma"),
  ...shared,
  ...files(join(root, "api/src"), (rel) => rel.startsWith("api/src/generated") || /\.test\.ts$/.test(rel)),
  join(root, "scripts/print-schema.ts"),
]);
const printed = join(root, "web/src/graphql/schema.graphql");
if (readStamp(generateStamp) !== generateInputs || !existsSync(join(generatedDir, "prisma")) || !existsSync(printed)) {
  console.log("Generating the Prisma client and the GraphQL schema…");
  run(["npm", "run", "generate", "--silent"]);
  writeFileSync(generateStamp, `${generateInputs}\n`);
}

// 2. The web app (into WEB_DIST when set, as the server reads it).
const distDir = resolve(root, process.env.WEB_DIST ?? "web/dist");
const buildStamp = join(distDir, ".build-stamp");
const webInputs = hashOf([
  ...shared,
  ...files(
    join(root, "web"),
    (rel) =>
      rel === "web/dist" ||
      rel.startsWith("web/dist/") ||
      rel.includes("node_modules") ||
      rel === relative(root, distDir),
  ),
  // The web's sanitizer and the server's render use the API's HTML policy and sanitizer.
  ...files(join(root, "api/src/security"), (rel) => /\.test\.ts$/.test(rel)),
]);
if (readStamp(buildStamp) !== webInputs || !existsSync(join(distDir, "index.html"))) {
  console.log("Building the web app…");
  run([process.execPath, join(root, "scripts/build-web.ts"), distDir]);
  writeFileSync(buildStamp, `${webInputs}\n`);
} else {
  console.log(`The web app is up to date (${relative(root, distDir) || distDir}).`);
}
