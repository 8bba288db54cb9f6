import type { ConsoleMessage, Page } from "@playwright/test";
import { expect } from "./fixtures";

// Helpers for the pages the server renders and the browser takes over (decisions 0413, 0980).

/** What React says when the browser's first render differs from the server's HTML. */
export function hydrationComplaints(page: Page) {
  const found: string[] = [];
  const listen = (m: ConsoleMessage) => {
    if ((m.type() === "error" || m.type() === "warning") && /hydrat|did not match|server rendered/i.test(m.text()))
      found.push(m.text());
  };
  page.on("console", listen);
  page.on("pageerror", (e) => found.push(e.message));
  return found;
}

/**
 * Opens `path` until the server has rendered it (a busy server sends index.html for the browser to render
 * instead: a render past 2 s or beyond 4 at once, decision 0413), and checks that its HTML holds `texts`.
 */
export async function openServerRendered(page: Page, path: string, texts: string[]) {
  await expect(async () => {
    const res = await page.goto(path);
    const html = (await res?.text()) ?? "";
    expect(html).toContain("data-server-rendered");
    for (const text of texts) expect(html).toContain(text);
  }).toPass({ timeout: 60_000 });
}

/** The page is the browser's once the shield over the server's HTML is gone (app.tsx, HydrationShield). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-server-rendered] .cursor-progress.fixed")).toHaveCount(0);
}
