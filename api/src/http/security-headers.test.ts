import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { parseConfig } from "../config.ts";
import { appContentSecurityPolicy, cameOverHttps, frameAncestorsFor, permissionsPolicy } from "./security-headers.ts";

// Security headers on what the server answers, for GET and HEAD alike: the web app's pages (a built
// index.html stand-in), a hashed asset, GraphQL and the health check.

let server: TestServer;
let webDist: string;
let branchHost: string;
const INDEX =
  '<!doctype html><html><head><script src="/theme-init.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "rw-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), INDEX);
  writeFileSync(join(webDist, "assets", "app-abc123.js"), "console.log('app');\n");
  server = await createTestServer({ WEB_DIST: webDist });
  branchHost = (await factories(server.prisma).branch()).host;
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
}, 30_000);

/** GET and HEAD of a path, the GET's bytes as sent (gzip when the server compressed them) and as text. */
async function both(path: string, headers: Record<string, string> = {}) {
  headers = { "accept-encoding": "gzip", ...headers }; // as browsers send it
  const get = await fetch(server.url + path, { headers, decompress: false });
  const sent = new Uint8Array(await get.arrayBuffer());
  const gzip = get.headers.get("content-encoding") === "gzip";
  const getBody = new TextDecoder().decode(gzip ? Bun.gunzipSync(sent) : sent);
  const head = await fetch(server.url + path, { method: "HEAD", headers, decompress: false });
  const headBody = await head.text();
  return { get, getBody, sentLength: sent.length, head, headBody };
}

/** The directives of a policy, by name. */
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[]>;

const COMMON = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(self), payment=(self), usb=()",
};

function expectCommon(res: Response) {
  for (const [name, value] of Object.entries(COMMON)) expect(res.headers.get(name)).toBe(value);
  expect(res.headers.get("strict-transport-security")).toBeNull(); // plain http
}

/** HEAD: the GET's status and headers (content-length included), and no body. */
function expectHeadLikeGet(r: Awaited<ReturnType<typeof both>>) {
  expect(r.head.status).toBe(r.get.status);
  expect(r.headBody).toBe("");
  for (const name of [
    "content-type",
    "content-length",
    "cache-control",
    "content-security-policy",
    "x-frame-options",
    ...Object.keys(COMMON),
  ]) {
    expect({ name, value: r.head.headers.get(name) }).toEqual({ name, value: r.get.headers.get(name) });
  }
  expect(Number(r.head.headers.get("content-length"))).toBe(r.sentLength);
}

describe("the web app's pages", () => {
  for (const path of ["/", "/shop", "/v2/billing", "/team/ecommerce-setup"]) {
    test(`${path}: a strict CSP, no framing, for GET and HEAD`, async () => {
      const r = await both(path);
      expect(r.get.status).toBe(200);
      expect(r.getBody).toBe(INDEX);
      expect(r.get.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(r.get.headers.get("content-encoding")).toBe("gzip");
      expect(r.get.headers.get("vary")).toBe("accept-encoding");
      expectCommon(r.get);
      const csp = directives(r.get.headers.get("content-security-policy"));
      const host = new URL(server.url).host;
      expect(csp).toEqual({
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", `ws://${host}`, `wss://${host}`],
        "worker-src": ["'self'", "blob:"],
        "frame-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
      });
      expect(r.get.headers.get("x-frame-options")).toBe("DENY");
      expect(r.get.headers.get("cache-control")).toBe("no-cache");
      expectHeadLikeGet(r);
    });
  }

  test("HSTS only when the request came over https (here: through a proxy that says so)", async () => {
    const r = await both("/shop", { "x-forwarded-proto": "https" });
    expect(r.get.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(r.head.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const plain = await fetch(`${server.url}/shop`, { headers: { "x-forwarded-proto": "http" } });
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  test("a hashed asset: cached for a year, nosniff, a policy that lets nothing run", async () => {
    const r = await both("/assets/app-abc123.js");
    expect(r.get.status).toBe(200);
    expect(r.get.headers.get("content-type")).toStartWith("text/javascript");
    expect(r.get.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expectCommon(r.get);
    expect(directives(r.get.headers.get("content-security-policy"))["default-src"]).toEqual(["'none'"]);
    expectHeadLikeGet(r);
    const missing = await both("/assets/gone-000000.js");
    expect(missing.get.status).toBe(404);
    expect(missing.head.status).toBe(404);
    expect(missing.head.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("API responses", () => {
  test("/graphql (GET and HEAD, and POST): private, never cached, nosniff", async () => {
    const r = await both(`/graphql?query=${encodeURIComponent("{ __typename }")}`, { BranchHost: branchHost });
    expect(r.get.status).toBe(200);
    expect(JSON.parse(r.getBody)).toEqual({ data: { __typename: "Query" } });
    expect(r.get.headers.get("content-type")).toStartWith("application/");
    expect(r.get.headers.get("cache-control")).toBe("no-store");
    expectCommon(r.get);
    expectHeadLikeGet(r);

    const post = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", BranchHost: branchHost },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get("cache-control")).toBe("no-store");
    expectCommon(post);

    const unknownBranch = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", BranchHost: "no-such-branch" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(unknownBranch.status).toBe(404);
    expect(unknownBranch.headers.get("cache-control")).toBe("no-store");
    expect(unknownBranch.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("/healthz (GET and HEAD): fresh JSON, nosniff", async () => {
    const r = await both("/healthz");
    expect(r.get.status).toBe(200);
    expect(JSON.parse(r.getBody)).toMatchObject({ status: "ok" });
    expect(r.get.headers.get("content-type")).toStartWith("application/json");
    expect(r.get.headers.get("cache-control")).toBe("no-store");
    expectCommon(r.get);
    expectHeadLikeGet(r);
  });
});

describe("policies", () => {
  const config = (env: Record<string, string> = {}) => parseConfig({ PORT: "0", ...env });

  test("NMI's Collect.js is allowed only with PAYMENT_GATEWAY=nmi", () => {
    const sandbox = directives(appContentSecurityPolicy(config()));
    expect(sandbox["script-src"]).toEqual(["'self'"]);
    const nmi = directives(
      appContentSecurityPolicy(
        config({ PAYMENT_GATEWAY: "nmi", NMI_COLLECT_JS_URL: "https://secure.nmi.example/token/Collect.js" }),
      ),
    );
    expect(nmi["script-src"]).toEqual(["'self'", "https://secure.nmi.example"]);
    expect(nmi["frame-src"]).toEqual(["'self'", "https://secure.nmi.example"]);
    expect(nmi["connect-src"]).toContain("https://secure.nmi.example");
    for (const csp of [sandbox, nmi]) expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(permissionsPolicy(config({ PAYMENT_GATEWAY: "nmi" }))).toContain('payment=(self "https://secure.nmi.com")');
  });

  test("territory maps: MapLibre's worker is allowed; a hosted map style's origin may be fetched", () => {
    const plain = directives(appContentSecurityPolicy(config()));
    expect(plain["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(plain["script-src"]).toEqual(["'self'"]);
    const hosted = directives(appContentSecurityPolicy(config({ MAP_STYLE_URL: "https://tiles.example/style.json" })));
    expect(hosted["connect-src"]).toContain("https://tiles.example");
  });

  test("a Host header that is not a plain host name adds no connect-src source", () => {
    const csp = directives(appContentSecurityPolicy(config(), { host: "evil.test; script-src *" }));
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
  });

  test("frameAncestorsFor: the hook for embeddable lead forms keeps only plain origins", () => {
    expect(frameAncestorsFor([])).toEqual(["'none'"]);
    expect(frameAncestorsFor(["https://dealer.example", "https://dealer.example/", "http://w.example:8080"])).toEqual([
      "'self'",
      "https://dealer.example",
      "http://w.example:8080",
    ]);
    expect(
      frameAncestorsFor(["*", "javascript:alert(1)", "https://a.example/path", "https://b.example; script-src *"]),
    ).toEqual(["'none'"]);
    const csp = directives(
      appContentSecurityPolicy(config(), { frameAncestors: frameAncestorsFor(["https://d.example"]) }),
    );
    expect(csp["frame-ancestors"]).toEqual(["'self'", "https://d.example"]);
  });

  test("https is recognised directly or through x-forwarded-proto", () => {
    expect(cameOverHttps("https://a.example/", undefined)).toBe(true);
    expect(cameOverHttps("http://a.example/", "https")).toBe(true);
    expect(cameOverHttps("http://a.example/", "https, http")).toBe(true);
    expect(cameOverHttps("http://a.example/", "http")).toBe(false);
    expect(cameOverHttps("http://a.example/", undefined)).toBe(false);
  });
});
