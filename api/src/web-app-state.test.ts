import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// The web app's shared state (the signed-in user, the session, the branch's branding, the server
// version, the active portal banners) lives in web/src/lib: overview.ts, session.ts, branding.ts,
// version.ts, banners.ts. Features read it from there, never from another feature's api.ts, so a
// feature can change its own operations without breaking the shell or its neighbours, and lib/ never
// imports a feature. (This test sits in api/src because `bun test` runs from api/ only.)

const web = resolve(dirname(import.meta.path), "../../web/src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const importFrom = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/g;
function importsOf(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(importFrom)].map((m) => m[1] ?? "");
}

describe("web app state lives in web/src/lib", () => {
  test("only the account feature imports features/account/api; nothing imports features/system/api", () => {
    const offenders = sourceFiles(web).flatMap((file) => {
      const path = relative(web, file);
      return importsOf(file)
        .filter(
          (from) =>
            (from === "@/features/account/api" && !path.startsWith("features/account/")) ||
            from === "@/features/system/api",
        )
        .map((from) => `${path} imports ${from}`);
    });
    expect(offenders).toEqual([]);
  });

  test("web/src/lib imports no feature", () => {
    const offenders = sourceFiles(join(web, "lib")).flatMap((file) =>
      importsOf(file)
        .filter((from) => from.startsWith("@/features/") || from.includes("/features/"))
        .map((from) => `${relative(web, file)} imports ${from}`),
    );
    expect(offenders).toEqual([]);
  });
});
