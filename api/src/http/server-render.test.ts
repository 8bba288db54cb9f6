import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, factories, type TestServer } from "../../test/harness.ts";
import { RENDER_INDEX, renderedPage, serveRendered } from "../../test/serve-rendered.ts";
import { XSS_CORPUS } from "../../test/xss-corpus.ts";
import { OFF_SITE_RETURN_URLS } from "../security/return-url-corpus.ts";
import { MAX_CONCURRENT_RENDERS, serverRenderedIndex } from "./server-render.ts";

// The server's render of the first pages (http/server-render.ts with the web's entry-server.tsx, taken
// from the sources here, as `vite build --ssr` bundles it): what it sends, to whom, and that staff HTML
// in it is cleaned even when the database holds it raw.

let server: TestServer;
let branchHost: string;
let other: { host: string };
let customerId: string;
let strangerCustomerId: string;
const user = { email: "", password: "" };

serveRendered(async (made) => {
  server = made;
  const f = factories(server.prisma);
  const branch = await f.branch({ features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  branchHost = branch.host;
  await server.prisma.branch.update({ where: { id: branch.id }, data: { company: "Clearbrook Springs" } });
  const u = await f.user(branch.id);
  Object.assign(user, { email: u.email, password: u.password });
  const customer = await f.customer(branch.id, "700001", { userId: u.id });
  customerId = customer.id;
  await server.prisma.transaction.create({
    data: {
      branchId: branch.id,
      customerId,
      kind: "CHARGE",
      datePosted: new Date("2026-10-02T12:00:00Z"),
      description: "Spring water 5 gal",
      amountCents: 4321,
    },
  });
  strangerCustomerId = (await f.customer(branch.id, "700002")).id;
  other = await f.branch();
});

const page = (path: string, cookie = "") => renderedPage(server, path, cookie);

async function branchOf() {
  return server.prisma.branch.findFirstOrThrow({ where: { host: branchHost } });
}

async function signedIn() {
  const client = new Client(server.url, branchHost);
  expect((await client.login(user.email, user.password)).isSuccess).toBe(true);
  return client.cookie;
}

describe("the sign-in page", () => {
  test("comes rendered, with its data for the browser, its title, and private to the visitor", async () => {
    const { res, html, root, state } = await page(`/v2/account/login?host=${branchHost}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(root).toContain("Clearbrook Springs");
    expect(root).toContain('type="password"');
    expect(html).toContain("<title>Sign in · Route Water</title>");
    expect(html).not.toContain("<title>Route Water</title>");
    // The scripts that hydrate it wait for the first paint (scripts/first-load.ts starts them).
    expect(html).toContain("<html data-server-rendered>");
    expect(html).toContain(
      '<template id="deferred-scripts"><script type="module" src="/assets/app.js"></script></template>',
    );
    // Links keep ?host= as the browser's render would.
    expect(root).toContain(`host=${branchHost}`);
    expect(state.lazyModules).toEqual(["area-portal", "login-page"]);
    expect(state.queries.queries.map((q: { queryKey: string[] }) => q.queryKey[0]).sort()).toEqual([
      "BranchBranding",
      "Overview",
    ]);
  });

  test("text of the page that looks like a replacement pattern stays as it is", async () => {
    const odd = await factories(server.prisma).branch();
    const name = "Dollar $' Water $& Co $` $1";
    await server.prisma.branch.update({ where: { id: odd.id }, data: { company: name } });
    const { root, state } = await page(`/v2/account/login?host=${odd.host}`);
    expect(root).toContain("Dollar $&#x27; Water $&amp; Co $` $1");
    expect(JSON.stringify(state)).toContain(JSON.stringify(name).slice(1, -1));
  });

  test("another branch is rendered with its own branding", async () => {
    const { root } = await page(`/v2/account/login?host=${other.host}`);
    expect(root).not.toContain("Clearbrook Springs");
  });

  test("a signed-in customer is sent on from the sign-in page, as the browser would", async () => {
    const { res } = await page(`/v2/account/login?host=${branchHost}`, await signedIn());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/v2/billing?host=${branchHost}`);
  });

  test("raw staff HTML in the database is cleaned, and nothing in the data closes its script block", async () => {
    const raw = `<p><strong>Staff HTML</strong></p>${Object.values(XSS_CORPUS).join("")}</script><script>window.__xss=1</script>`;
    const hosted = await factories(server.prisma).branch();
    await server.prisma.branch.update({
      where: { id: hosted.id },
      data: { websiteHeaderHtml: raw, websiteFooterHtml: raw },
    });
    const { html, root, state } = await page(`/v2/account/login?host=${hosted.host}`);
    expect(root).toContain("<strong>Staff HTML</strong>");
    // (The page's own icons are SVG and its form has inputs; the payloads' SVG, with its <set> and
    // <animate>, and their autofocus input are gone.)
    expect(root).not.toMatch(
      /<script|<iframe|<object|<embed|<set|<animate|<math|<style|<meta|<base|autofocus onfocus/i,
    );
    expect(root).not.toMatch(/\son[a-z]+\s*=|javascript:|vbscript:|data:text|formaction/i);
    // The only scripts are index.html's and the JSON block (its "<" escaped): the raw HTML stays data.
    expect(html.match(/<script/g)?.length).toBe(2);
    expect(JSON.stringify(state)).toContain("window.__xss=1</script>");
  });
});

describe("billing", () => {
  test("signed out: sent to sign in with a return address", async () => {
    const { res } = await page(`/v2/billing?host=${branchHost}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/v2/account/login?ReturnUrl=${encodeURIComponent(`/v2/billing?host=${branchHost}`)}&host=${branchHost}`,
    );
  });

  test("the bare path goes to the customer's billing, which comes rendered with the balance", async () => {
    const cookie = await signedIn();
    const bare = await page(`/v2/billing?host=${branchHost}`, cookie);
    expect(bare.res.status).toBe(302);
    expect(bare.res.headers.get("location")).toBe(`/v2/billing/${customerId}?host=${branchHost}`);
    const { res, root, state } = await page(`/v2/billing/${customerId}?host=${branchHost}`, cookie);
    expect(res.status).toBe(200);
    expect(root).toContain("$43.21");
    expect(root).toContain("Spring water 5 gal");
    expect(state.queries.queries.map((q: { queryKey: string[] }) => q.queryKey[0])).toContain("Billing");
  });

  test("a customer the visitor is not linked to: not found, as in the browser, and nothing of theirs sent", async () => {
    const { res, html } = await page(`/v2/billing/${strangerCustomerId}?host=${branchHost}`, await signedIn());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/404?host=${branchHost}`);
    expect(html).toBe("");
  });
});

test("the shop index comes rendered for a visitor", async () => {
  const { res, root } = await page(`/shop?host=${branchHost}`);
  expect(res.status).toBe(200);
  expect(root).toContain("Clearbrook Springs");
});

describe("the team home", () => {
  test("an employee gets it rendered, with the side navigation, the counts and the data to hydrate", async () => {
    const employee = await factories(server.prisma).user((await branchOf()).id, {
      permissions: ["PERSONNEL_MANAGEMENT"],
    });
    const client = new Client(server.url, branchHost);
    expect((await client.login(employee.email, employee.password)).isSuccess).toBe(true);
    const { res, html, root, state } = await page(`/team?host=${branchHost}`, client.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain("<title>Team · Route Water</title>");
    expect(root).toContain("Welcome back, Test");
    expect(root).toContain('aria-label="Team navigation"');
    expect(root).toContain("Active employees");
    expect(state.lazyModules).toEqual(["area-team"]);
    const keys = state.queries.queries.map((q: { queryKey: string[] }) => q.queryKey[0]);
    expect(keys).toContain("Overview");
    expect(keys).toContain("TeamHomePeopleCounts");
  });

  test("signed out: sent to the team's sign-in; a customer: to the forbidden page", async () => {
    const out = await page(`/team?host=${branchHost}`);
    expect(out.res.status).toBe(302);
    expect(out.res.headers.get("location")).toStartWith("/team/login?ReturnUrl=");
    const customer = await page(`/team?host=${branchHost}`, await signedIn());
    expect(customer.res.status).toBe(302);
    expect(customer.res.headers.get("location")).toBe(`/forbidden?host=${branchHost}`);
  });
});

test("other pages (the rest of the team and the portal) are rendered in the browser", async () => {
  for (const path of ["/team/security", "/v2/payment-methods", "/whats-new"]) {
    const { html } = await page(`${path}?host=${branchHost}`, await signedIn());
    expect(html).toBe(RENDER_INDEX);
  }
});

test("a flood of page requests: a few are rendered at a time, the rest get index.html at once", async () => {
  // A render that waits until the test lets it finish.
  const dist = mkdtempSync(join(tmpdir(), "rw-ssr-slow-"));
  mkdirSync(join(dist, ".ssr"));
  writeFileSync(
    join(dist, ".ssr", "entry-server.js"),
    `export async function renderPage() { await globalThis.__renderGate; return { html: "<p>rendered</p>", state: {} }; }\n`,
  );
  let open = () => {};
  (globalThis as { __renderGate?: Promise<void> }).__renderGate = new Promise<void>((done) => {
    open = done;
  });
  try {
    const graphql = async () => new Response("{}");
    const readIndex = async () => RENDER_INDEX;
    const url = new URL("http://localhost/shop");
    const renders = Array.from({ length: MAX_CONCURRENT_RENDERS + 3 }, () =>
      serverRenderedIndex(dist, readIndex, url, graphql),
    );
    // Those past the limit are answered without waiting for the others.
    const refused = await Promise.all(renders.slice(MAX_CONCURRENT_RENDERS));
    expect(refused).toEqual([null, null, null]);
    open();
    const done = await Promise.all(renders.slice(0, MAX_CONCURRENT_RENDERS));
    for (const r of done) expect(r && "html" in r && r.html).toContain("<p>rendered</p>");
    // Slots are given back: the next one is rendered.
    expect(await serverRenderedIndex(dist, readIndex, url, graphql)).toHaveProperty("html");
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test("the build's hidden files are not served", async () => {
  for (const path of ["/.ssr/entry-server.js", "/%2essr/entry-server.js", "/.vite/manifest.json"]) {
    expect((await fetch(`${server.url}${path}`)).status).toBe(404);
  }
});

describe("return addresses (ReturnUrl) on the sign-in page", () => {
  // A signed-in visitor of the sign-in page is sent on to its ReturnUrl, by a 302 from here: an address
  // off the site is never followed (the visitor goes home), and none of them is a 500.
  test("the reported ones: a tab and a carriage return are not followed, and no 500", async () => {
    const cookie = await signedIn();
    for (const raw of ["/%09/evil.example", "/%0d/evil.example", "/%0a/evil.example", "//evil.example"]) {
      const { res } = await page(`/v2/account/login?ReturnUrl=${raw}&host=${branchHost}`, cookie);
      expect(res.status).not.toBe(500);
      if (res.status === 302) expect(res.headers.get("location")).toBe(`/v2/billing?host=${branchHost}`);
      else expect(res.status).toBe(400);
    }
  });

  test("every smuggling form sends the visitor home, or is refused as a bad request", async () => {
    const cookie = await signedIn();
    for (const returnUrl of OFF_SITE_RETURN_URLS) {
      const { res } = await page(
        `/v2/account/login?ReturnUrl=${encodeURIComponent(returnUrl)}&host=${branchHost}`,
        cookie,
      );
      const location = res.headers.get("location");
      expect({ returnUrl, status: res.status, location }).toEqual({
        returnUrl,
        status: res.status === 400 ? 400 : 302,
        location: res.status === 400 ? null : `/v2/billing?host=${branchHost}`,
      });
    }
  });

  test("a return address on this site is followed", async () => {
    const cookie = await signedIn();
    const { res } = await page(
      `/v2/account/login?ReturnUrl=${encodeURIComponent("/v2/manage?from=email")}&host=${branchHost}`,
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/v2/manage?from=email&host=${branchHost}`);
  });
});

describe("malformed addresses", () => {
  test("a path that does not decode, or decodes to a control character, is a 400 with a short message", async () => {
    for (const path of [
      "/%",
      "/%zz",
      "/v2/%E0%A4%A",
      "/%00",
      "/shop/%00",
      "/%0d/x",
      "/%0A",
      "/assets/%",
      "/media/%zz",
    ]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.headers.get("content-type")).toStartWith("text/plain");
      expect(await res.text()).toBe("Bad request: the address is not valid.");
    }
  });

  test("a ReturnUrl holding a control character is a 400, signed in or not", async () => {
    for (const cookie of ["", await signedIn()]) {
      for (const value of ["%0d", "/%0d/evil.example", "/v2/billing%0D%0ASet-Cookie:%20x=1", "/%00"]) {
        const { res } = await page(`/v2/account/login?ReturnUrl=${value}&host=${branchHost}`, cookie);
        expect({ value, status: res.status }).toEqual({ value, status: 400 });
      }
    }
  });

  test("ordinary addresses with encoded characters still work", async () => {
    expect((await page(`/v2/account/login?host=${branchHost}&q=a%20b%0Ac`)).res.status).toBe(200);
    expect((await fetch(`${server.url}/whats-new%20?host=${branchHost}`)).status).toBe(200);
    const gql = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{\n  __typename\n}")}`, {
      headers: { host: "localhost", branchhost: branchHost, "graphql-require-preflight": "1" },
    });
    expect(gql.status).toBe(200);
  });
});
