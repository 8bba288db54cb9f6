import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// The import graph of api/src has no circle: every file can be read knowing only what it imports.
// Edges are the relative specifiers of `import ... from`, `export ... from`, side-effect imports and
// `import("...")` with a literal path. `import type` counts too: a circle of types still ties the two
// files' meaning together (each must be read to understand the other), and it is always cheap to
// break (put the shared type below both, or make the lower file generic). Tests and generated code
// are left out: nothing imports a test, and generated code imports nothing of ours.

const root = dirname(import.meta.path);
const specifier =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

function importGraph(): Map<string, string[]> {
  const files = new Set(sourceFiles(root));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const m of readFileSync(file, "utf8").matchAll(specifier)) {
      const target = resolve(dirname(file), m[1] ?? m[2] ?? "");
      if (files.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every circle, each as the files on it (Tarjan's strongly connected components of two files or more). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(root, w));
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("api/src structure", () => {
  test("the reader finds the imports it should", () => {
    const graph = importGraph();
    const imports = (file: string) => (graph.get(join(root, file)) ?? []).map((f) => relative(root, f));
    expect(graph.size).toBeGreaterThan(100);
    // a value import, a type import and a dynamic import
    expect(imports("auth/context.ts")).toContain("auth/api-keys.ts");
    expect(imports("auth/context.ts")).toContain("runtime.ts");
    expect(imports("server.ts")).toContain("graphql/schema.ts");
  });

  test("no import circle", () => {
    expect(circles(importGraph())).toEqual([]);
  });

  // Module code reaches the unscoped client (every branch's rows) only through db/cross-branch.ts, and
  // only these files may: the super-admin console's services and the job that walks every branch.
  test("modules reach the unscoped client only through the cross-branch door, and only where allowed", () => {
    const allowed = new Set([
      "modules/admin/admin-users.schema.ts",
      "modules/admin/branches.shared.ts",
      "modules/admin/impersonation.ts",
      "modules/admin/ip-whitelist.schema.ts",
      "modules/admin/resource-limits.schema.ts",
      "modules/admin/usage.schema.ts",
      "modules/admin-messages/admin-messages.service.ts",
      "modules/announcements/portal-banners.service.ts",
      "modules/announcements/whats-new.service.ts",
      "modules/automations/engine.ts",
      "modules/deliveries/route-event-sweep.ts",
      "modules/leads/imports.job.ts",
      "modules/leads/intake.http.ts",
      // the retailer feed poller: every branch's connections whose poll is due, each then on its branch
      "modules/leads/retailer.poll.ts",
      "modules/payments/autopay.service.ts",
      "modules/shortcuts/shortcuts.job.ts",
    ]);
    const around: string[] = [];
    const through: string[] = [];
    for (const file of sourceFiles(join(root, "modules"))) {
      const text = readFileSync(file, "utf8");
      if (/runtime\??\.prisma\b|runtime\s*\.\s*prisma\b|\{\s*prisma\s*\}\s*=\s*\w*\.?runtime/.test(text))
        around.push(relative(root, file));
      if (text.includes("db/cross-branch.ts")) through.push(relative(root, file));
    }
    expect(around).toEqual([]);
    expect(through.filter((f) => !allowed.has(f))).toEqual([]);
  });

  // shared/ is what the web imports too (as @shared/...): it runs in the browser, so it imports nothing
  // but its own files, save the types of the generated Prisma enums (erased when built) and zod, which
  // both sides validate with (a field's checks written once for the form and the API; the web's build
  // resolves "zod" to its own configured instance, web/src/lib/zod.ts).
  test("shared/ imports only itself", () => {
    const outside: string[] = [];
    for (const file of sourceFiles(join(root, "shared"))) {
      for (const m of readFileSync(file, "utf8").matchAll(anyImport)) {
        const [statement, path] = [m[0], m[1] ?? m[2] ?? ""];
        const ok =
          path.startsWith("./") ||
          path === "zod" ||
          (/^\s*import\s+type\s/.test(statement) && path === "../generated/prisma/enums.ts");
        if (!ok) outside.push(`${relative(root, file)}: ${path}`);
      }
    }
    expect(sourceFiles(join(root, "shared")).length).toBeGreaterThan(3);
    expect(outside).toEqual([]);
  });
});

/** Every import specifier, packages included (the graph above only follows relative ones). */
const anyImport =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
