import { describe, expect, test } from "bun:test";
import { safeReturnUrl } from "../shared/return-url.ts";
import { OFF_SITE_RETURN_URLS } from "./return-url-corpus.ts";

// The return-address rule (shared/return-url.ts) against the ways an address is smuggled off the
// site: every one of these is refused, and our own pages' addresses pass unchanged.

/** Our own pages' return addresses (query-client.ts builds them from the page's path and query string). */
const ON_SITE = [
  "/",
  "/v2/billing",
  "/v2/billing/",
  "/v2/billing?host=demo",
  "/v2/manage?from=email",
  "/shop/checkout",
  "/team/reports?host=demo&from=2026-01-01",
  "/shop?q=blue%20bottle",
  "/shop?q=a+b#top",
  "/v2/billing/3f6c1f8e-1d7a-4a4b-9a52-6f3b8f3e2a10",
  "/shop/products/caf%C3%A9",
  "/v2/account/needs-verification",
  "/a/b.c/d..e",
];

describe("safeReturnUrl", () => {
  test.each(OFF_SITE_RETURN_URLS.map((u) => [JSON.stringify(u), u]))("refuses %s", (_name, url) => {
    expect(safeReturnUrl(url)).toBeNull();
  });

  test.each(ON_SITE.map((u) => [u]))("keeps %s as it is", (url) => {
    expect(safeReturnUrl(url)).toBe(url);
  });

  test("nothing given is nothing", () => {
    expect(safeReturnUrl(null)).toBeNull();
    expect(safeReturnUrl(undefined)).toBeNull();
  });

  test("whatever it keeps, a browser resolves on this site", () => {
    for (const url of [...OFF_SITE_RETURN_URLS, ...ON_SITE]) {
      const kept = safeReturnUrl(url);
      if (kept === null) continue;
      expect(new URL(kept, "https://portal.example/v2/account/login").origin).toBe("https://portal.example");
    }
  });
});
