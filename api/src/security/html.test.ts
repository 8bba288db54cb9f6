import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { XSS_CORPUS } from "../../test/xss-corpus.ts";
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from "../shared/html-policy.ts";
import { sanitizeStaffHtml } from "./html.ts";

// Stored XSS through staff-written HTML (branding header/footer, shop banner/footer, payment
// agreement): every payload is saved through the GraphQL mutations the back office uses, then what
// the database holds is read back and walked with a real HTML parser (Bun's HTMLRewriter): only
// allow-listed tags and attributes, no event handlers, no script URLs. Harmless formatting survives.

/** Formatting that must come through as written (links gain rel). */
const HARMLESS: [string, string][] = [
  ["<p><strong>Bold</strong>, <em>italic</em> and <u>underlined</u></p>", ""],
  ["<h2>Summer sale</h2><ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>", ""],
  ["<blockquote>Quoted</blockquote><hr /><p>a<br />b</p>", ""],
  ['<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>', ""],
  [
    '<a href="https://example.com/x?y=1" target="_blank">site</a>',
    '<a href="https://example.com/x?y=1" target="_blank" rel="noopener noreferrer">site</a>',
  ],
  [
    '<a href="mailto:shop@example.com">mail</a> <a href="tel:+15125550100">call</a> <a href="/shop">shop</a>',
    '<a href="mailto:shop@example.com" rel="noopener noreferrer">mail</a> <a href="tel:+15125550100" rel="noopener noreferrer">call</a> <a href="/shop" rel="noopener noreferrer">shop</a>',
  ],
  [
    '<img src="/media/0123456789abcdef0123456789abcdef.png" alt="Logo" /><img src="https://cdn.example.com/a.jpg" alt="A" width="40" />',
    "",
  ],
  ["<div><span>inline</span></div>", ""],
];

const allowedAttributes = (tag: string) => [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(tag === "a" ? ["rel"] : [])];
const squeeze = (v: string) =>
  Array.from(v)
    .filter((ch) => (ch.codePointAt(0) ?? 0) > 0x20 && !/[\s\u007f-\u00a0]/u.test(ch))
    .join("")
    .toLowerCase();

type Element = { tag: string; attributes: [string, string][] };

/** Every element of an HTML fragment, as a browser-grade parser (lol-html) sees it. */
async function elements(html: string): Promise<Element[]> {
  const found: Element[] = [];
  await new HTMLRewriter()
    .on("*", {
      element(el) {
        found.push({ tag: el.tagName.toLowerCase(), attributes: [...el.attributes] as [string, string][] });
      },
    })
    .transform(new Response(`<!doctype html><body>${html}</body>`))
    .text();
  return found.filter((e) => e.tag !== "body");
}

/** The reasons a stored fragment could run something; empty when it cannot. */
async function executableParts(html: string): Promise<string[]> {
  const problems: string[] = [];
  for (const { tag, attributes } of await elements(html)) {
    if (!(ALLOWED_TAGS as readonly string[]).includes(tag)) problems.push(`<${tag}>`);
    for (const [name, value] of attributes) {
      if (name.startsWith("on")) problems.push(`${tag}[${name}] (event handler)`);
      if (!allowedAttributes(tag).includes(name)) problems.push(`${tag}[${name}] not allowed`);
      if (/^(javascript|vbscript|data|blob|file):/.test(squeeze(value))) problems.push(`${tag}[${name}]=${value}`);
      if (name === "href" && squeeze(value).startsWith("//")) problems.push(`${tag}[${name}] protocol-relative`);
    }
  }
  return problems;
}

let server: TestServer;
let manager: Client;
let visitor: Client;
let branchId: string;

const UPDATE = `mutation($input:UpdateShopCustomizationInput!){ updateShopCustomization(input:$input){ bannerHtml footerHtml paymentAgreementHtml } }`;
const BRANDING = `mutation($input:SetBranchBrandingInput!){ setBranchBranding(input:$input){ isSuccess message } }`;
const PUBLIC = `{ shopBannerAndFooter { bannerHtml footerHtml } branchBranding { websiteHeaderHtml websiteFooterHtml ecommercePaymentAgreementHtml } }`;

beforeAll(async () => {
  server = await createTestServer();
  const f = factories(server.prisma);
  const branch = await f.branch({ host: "xss-alpha", features: ["V2_WEB_PORTAL", "E_COMMERCE"] });
  branchId = branch.id;
  const user = await f.user(branch.id, { permissions: ["ECOMMERCE_MANAGEMENT"] });
  manager = new Client(server.url, "xss-alpha");
  expect((await manager.login(user.email, user.password)).isSuccess).toBe(true);
  visitor = new Client(server.url, "xss-alpha");
}, 120_000);
afterAll(() => server.close(), 30_000);

/** Saves `html` into all five fields through the two mutations; returns what the database holds. */
async function saveEverywhere(html: string) {
  const shop = await manager.gql(UPDATE, { input: { bannerHtml: html, footerHtml: html, paymentAgreementHtml: html } });
  expect(shop.errors).toBeUndefined();
  const branding = await manager.gql(BRANDING, {
    input: { name: "XSS Water", websiteHeaderHtml: html, websiteFooterHtml: html },
  });
  expect(branding.errors).toBeUndefined();
  const [branch, config] = await Promise.all([
    server.prisma.branch.findUniqueOrThrow({ where: { id: branchId } }),
    server.prisma.storefrontConfig.findUniqueOrThrow({ where: { branchId } }),
  ]);
  return {
    websiteHeaderHtml: branch.websiteHeaderHtml,
    websiteFooterHtml: branch.websiteFooterHtml,
    ecommercePaymentAgreementHtml: branch.ecommercePaymentAgreementHtml,
    bannerHtml: config.bannerHtml,
    footerHtml: config.footerHtml,
  };
}

describe("staff HTML saved through GraphQL", () => {
  for (const [name, payload] of Object.entries(XSS_CORPUS)) {
    test(`${name}: nothing executable is stored or served`, async () => {
      const stored = await saveEverywhere(payload);
      for (const [field, value] of Object.entries(stored)) {
        expect({ field, problems: await executableParts(value) }).toEqual({ field, problems: [] });
        expect(value).not.toMatch(
          /<\s*(script|svg|math|iframe|object|embed|style|form|meta|base|input|set|animate)\b/i,
        );
      }
      // What visitors are served is what was stored.
      const served = await visitor.gql<{
        shopBannerAndFooter: { bannerHtml: string; footerHtml: string };
        branchBranding: Record<string, string>;
      }>(PUBLIC);
      expect(served.data?.shopBannerAndFooter.bannerHtml).toBe(stored.bannerHtml);
      expect(served.data?.branchBranding.websiteHeaderHtml).toBe(stored.websiteHeaderHtml);
      expect(served.data?.branchBranding.ecommercePaymentAgreementHtml).toBe(stored.ecommercePaymentAgreementHtml);
    });
  }

  test("harmless formatting survives as written", async () => {
    for (const [html, expected] of HARMLESS) {
      const stored = await saveEverywhere(html);
      for (const value of Object.values(stored)) expect(value).toBe(expected || html);
    }
  });

  test("text next to a payload is kept; links lose only what is unsafe", async () => {
    const stored = await saveEverywhere(
      '<p>Call <strong>us</strong></p><script>window.__xss=1</script><a href="javascript:x()" onclick="x()" style="position:fixed">x</a>',
    );
    expect(stored.bannerHtml).toBe('<p>Call <strong>us</strong></p><a rel="noopener noreferrer">x</a>');
  });
});

describe("sanitizeStaffHtml", () => {
  test("empty stays empty; the old regex's misses are caught", () => {
    expect(sanitizeStaffHtml("   ")).toBe("");
    expect(sanitizeStaffHtml(`<img src="x"/onerror=alert(1)><p>ok</p>`)).toBe("<p>ok</p>");
    expect(sanitizeStaffHtml(XSS_CORPUS["svg set href"]!)).toBe("");
    expect(sanitizeStaffHtml('<p style="color:red" class="fixed" id="root">x</p>')).toBe("<p>x</p>");
    expect(sanitizeStaffHtml('<a href="https://x.test" target="_top">x</a>')).toBe(
      '<a href="https://x.test" rel="noopener noreferrer">x</a>',
    );
  });
});
