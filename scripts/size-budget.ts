// First-load size budget: for each page of scripts/first-load.ts, the gzip size of the JavaScript and
// CSS the browser fetches before the page is usable, added up from the build's manifest
// (web/dist/.vite/manifest.json).
// A page loads index.html's entry, then its area's route table, then (for pages that are their own
// chunk) the page's chunk; each of those brings its static imports and their CSS. Files are counted
// once per page. Prints every figure against its budget and exits 1 when one is over (or when a chunk
// named there no longer exists: a renamed page must be renamed there too). Deterministic: no server,
// no browser, gzip level 9 (what the server sends, see api/src/http/static-compression.ts).
//
//   bun scripts/size-budget.ts [distDir]        (default web/dist; run after the web build)
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type FirstLoadPage, firstLoadPages } from "./first-load.ts";

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type PageBudget = FirstLoadPage;
export const pageBudgets = firstLoadPages;

export type PageSize = PageBudget & { files: string[]; gzipBytes: number; missing: string[] };

/** The files each page loads first and their total gzip size. */
export function measurePages(distDir: string): PageSize[] {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the web app first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };

  return pageBudgets.map((budget) => {
    const files = new Set<string>();
    const missing: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) {
        missing.push(key);
        return;
      }
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of budget.chunks) visit(key);
    const list = [...files];
    return { ...budget, files: list, missing, gzipBytes: list.reduce((sum, f) => sum + gzipSize(f), 0) };
  });
}

if (import.meta.main) {
  const distDir = resolve(process.argv[2] ?? "web/dist");
  const sizes = measurePages(distDir);
  let failed = false;
  console.log("first load (gzip, JS + CSS)    size      budget");
  for (const s of sizes) {
    const kb = s.gzipBytes / 1000;
    const over = kb > s.budgetKb || s.missing.length > 0;
    failed ||= over;
    const mark = s.missing.length ? `✗ missing chunk ${s.missing.join(", ")}` : over ? "✗ over budget" : "ok";
    console.log(
      `${`${s.page} (${s.path})`.padEnd(30)} ${kb.toFixed(1).padStart(6)} kB ${String(s.budgetKb).padStart(6)} kB  ${mark}`,
    );
  }
  if (process.argv.includes("--files")) for (const s of sizes) console.log(`\n${s.page}:\n  ${s.files.join("\n  ")}`);
  process.exit(failed ? 1 : 0);
}
