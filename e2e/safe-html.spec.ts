import type { APIRequestContext, Page } from "@playwright/test";
import { XSS_CORPUS } from "../api/test/xss-corpus";
import { apiSignIn, expect as baseExpect, DEMO_PASSWORD, test, users } from "./fixtures";

// Stored XSS through staff-written HTML (branch header and footer, shop banner and footer, payment
// agreement). Every payload of the corpus would set window.__xss or open a dialog if it ran. First the
// payloads are saved as an employee through the API and the portal, the shop and checkout are loaded;
// then they reach the page raw (as a row written before the API cleaned HTML would), with the CSP
// switched off, so the web's own sanitizer is what is tested.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const ALL_PAYLOADS = Object.entries(XSS_CORPUS)
  .map(([name, html]) => `<p>payload: ${name}</p>${html}`)
  .join("\n");
const MARKER = "<p><strong>Staff HTML</strong> <em>check</em></p>";

type Saved = {
  storefront: { bannerHtml: string; footerHtml: string; paymentAgreementHtml: string };
  branding: {
    name: string;
    phone: string;
    logoUrl: string;
    websiteHeaderHtml: string;
    websiteFooterHtml: string;
    brandWebsiteUrl: string;
  };
};

async function gql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await api.post("/graphql", {
    data: { query, variables },
    headers: { "content-type": "application/json" },
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

async function employeeApi(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const r = await gql<{ login: { isSuccess: boolean } }>(
    api,
    "mutation($u:String!,$p:String!){ login(username:$u,password:$p){ isSuccess } }",
    { u: users.employee, p: DEMO_PASSWORD },
  );
  expect(r.login.isSuccess).toBe(true);
  return api;
}

async function read(api: APIRequestContext): Promise<Saved> {
  const d = await gql<{
    storefrontConfiguration: Saved["storefront"];
    branchBranding: Saved["branding"];
  }>(
    api,
    "{ storefrontConfiguration { bannerHtml footerHtml paymentAgreementHtml } branchBranding { name phone logoUrl websiteHeaderHtml websiteFooterHtml brandWebsiteUrl } }",
  );
  return { storefront: d.storefrontConfiguration, branding: d.branchBranding };
}

async function write(api: APIRequestContext, s: Saved) {
  await gql(
    api,
    "mutation($input:UpdateShopCustomizationInput!){ updateShopCustomization(input:$input){ bannerHtml } }",
    {
      input: s.storefront,
    },
  );
  await gql(api, "mutation($input:SetBranchBrandingInput!){ setBranchBranding(input:$input){ isSuccess } }", {
    input: s.branding,
  });
}

/** Records dialogs and CSP violations; the page's own record of what ran is window.__xss. */
async function watch(page: Page) {
  const seen = { dialogs: [] as string[], csp: [] as string[] };
  page.on("dialog", (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.csp.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

/**
 * The staff HTML on the page holds nothing executable: no element outside the allow-list, no event
 * handler, no script URL (SVG links are checked on their animated value, which <set> would change).
 * Links inside SVG would be clicked: with the old sanitizer the <set>/<animate> payloads ran then.
 */
async function expectInert(page: Page) {
  await page.waitForTimeout(500); // let SMIL animations and image errors fire
  const problems = await page.evaluate(() => {
    const allowed = new Set(
      "p br strong em b i u s small sub sup h1 h2 h3 h4 h5 h6 ul ol li a img span div table caption thead tbody tfoot tr th td blockquote hr".split(
        " ",
      ),
    );
    const out: string[] = [];
    // The containers of staff HTML: wherever the marker paragraph was rendered.
    const roots = Array.from(document.querySelectorAll("strong"))
      .filter((el) => el.textContent === "Staff HTML")
      .map((el) => el.parentElement?.parentElement)
      .filter((el): el is HTMLElement => !!el);
    if (!roots.length) out.push("no staff HTML on the page");
    for (const root of roots) {
      for (const el of Array.from(root.querySelectorAll("*"))) {
        const tag = el.localName;
        if (!allowed.has(tag) || el.namespaceURI !== "http://www.w3.org/1999/xhtml") out.push(`<${tag}>`);
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.startsWith("on")) out.push(`${tag}[${attr.name}]`);
          if (/^\s*(javascript|vbscript|data):/i.test(attr.value)) out.push(`${tag}[${attr.name}]=${attr.value}`);
        }
        const animated = (el as unknown as { href?: { animVal?: string } }).href?.animVal;
        if (typeof animated === "string" && /^\s*javascript:/i.test(animated)) out.push(`${tag} animated href`);
      }
      for (const link of Array.from(root.querySelectorAll("svg a")))
        link.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
    return out;
  });
  expect(problems).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
}

type Open = (page: Page, path: string) => Promise<unknown>;

/**
 * Opens `path` in the browser's router: the page is rendered in the browser from the browser's GraphQL
 * answers. (page.goto of the sign-in page or the shop gets the server's render, whose data never passes
 * through the browser's requests; the API's sanitizer cleans that HTML, see api/src/http/server-render.test.ts.)
 */
const openInBrowser: Open = async (page, path) => {
  if (!page.url().startsWith("http")) await page.goto("/404");
  await page.evaluate((to) => history.pushState(null, "", to), path);
};

/** Portal sign-in page (branch header and footer), the shop (banner and footer), checkout (agreement). */
async function visitEverywhere(page: Page, open: Open = (p, path) => p.goto(path)) {
  await open(page, "/v2/account/login");
  await expect(page.getByText("Staff HTML").first()).toBeVisible();
  await expectInert(page);

  await open(page, "/shop");
  await expect(page.getByRole("region", { name: "Shop announcement" }).getByText("Staff HTML")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Shop information" }).getByText("Staff HTML")).toBeVisible();
  await expectInert(page);

  await apiSignIn(page, users.customer);
  await expect(page.getByTestId("balance")).toBeVisible({ timeout: 30_000 });
  await page.goto("/shop?q=paper cups");
  await page.getByRole("button", { name: "Add to cart: Paper Cups, 7 oz (50)" }).click();
  await page.goto("/shop/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: /Payment agreement/ })).toBeVisible();
  await expect(page.getByText("Staff HTML").first()).toBeVisible();
  await expectInert(page);
  // Leave the cart as it was for the other specs.
  await page.goto("/shop/cart");
  await page.getByRole("button", { name: "Remove Paper Cups, 7 oz (50) from cart" }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
}

test.describe("staff HTML payloads", () => {
  let api: APIRequestContext;
  let original: Saved;

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await employeeApi(playwright, baseURL!);
    original = await read(api);
  });
  test.afterAll(async () => {
    await write(api, original);
    await api.dispose();
  });

  test("saved through the API: the portal, the shop and checkout show them inert", async ({ page }) => {
    const html = `${MARKER}${ALL_PAYLOADS}`;
    await write(api, {
      storefront: { bannerHtml: html, footerHtml: html, paymentAgreementHtml: html },
      branding: { ...original.branding, websiteHeaderHtml: html, websiteFooterHtml: html },
    });
    const stored = await read(api);
    expect(stored.storefront.bannerHtml).toContain("<strong>Staff HTML</strong>");
    expect(stored.storefront.bannerHtml).not.toMatch(/<(script|svg|math|iframe|img src="x")/i);

    const seen = await watch(page);
    await visitEverywhere(page);
    expect(seen.dialogs).toEqual([]);
    expect(seen.csp).toEqual([]);
  });
});

test.describe("raw payloads that skip the API's sanitizer", () => {
  // The CSP would stop most of these on its own; without it the web's sanitizer must.
  test.use({ bypassCSP: true });

  test("the web cleans them before rendering", async ({ page }) => {
    const html = `${MARKER}${ALL_PAYLOADS}`;
    const fields = new Set([
      "websiteHeaderHtml",
      "websiteFooterHtml",
      "ecommercePaymentAgreementHtml",
      "paymentAgreementHtml",
      "bannerHtml",
      "footerHtml",
    ]);
    const inject = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(inject);
      if (value && typeof value === "object")
        return Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, fields.has(k) && typeof v === "string" ? html : inject(v)]),
        );
      return value;
    };
    await page.route("**/graphql", async (route) => {
      const response = await route.fetch();
      const type = response.headers()["content-type"] ?? "";
      if (!type.includes("json")) return route.fulfill({ response });
      const body = (await response.json()) as { data?: unknown };
      await route.fulfill({ response, json: { ...body, data: inject(body.data) } });
    });
    const seen = await watch(page);
    await visitEverywhere(page, openInBrowser);
    expect(seen.dialogs).toEqual([]);
  });
});
