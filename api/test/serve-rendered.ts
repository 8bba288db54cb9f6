import { afterAll, beforeAll } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createTestServer, type TestServer } from "./harness.ts";

// The server's render of the first pages (http/server-render.ts with the web's entry-server.tsx) over a
// web build made for the test: its index.html is RENDER_INDEX, and its .ssr/entry-server.js exports the
// web's entry-server.tsx from the sources here, as `vite build --ssr` bundles it.

/** The index.html of the test's web build: what a page the server does not render answers. */
export const RENDER_INDEX =
  '<!doctype html><html><head><title>Route Water</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A test file's own rendering server, made before its tests with `env` added to its settings, and closed
 * (its web build removed) after them; `ready` gets the server to put the file's data in.
 */
export function serveRendered(ready: (server: TestServer) => unknown, env: Record<string, string> = {}) {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "rw-ssr-"));
    mkdirSync(join(webDist, ".ssr"));
    writeFileSync(join(webDist, "index.html"), RENDER_INDEX);
    const source = resolve(import.meta.dir, "../../web/src/entry-server.tsx");
    writeFileSync(join(webDist, ".ssr", "entry-server.js"), `export * from ${JSON.stringify(source)};\n`);
    server = await createTestServer({ WEB_DIST: webDist, ...env });
    await ready(server);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  }, 30_000);
}

/** A page as the server sends it: the response, its HTML, what is in #root and the state to hydrate from. */
export async function renderedPage(server: TestServer, path: string, cookie = "") {
  const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await res.text();
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="server-state">/.exec(html)?.[1];
  const state = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { res, html, root, state: state ? JSON.parse(state) : undefined };
}
