import { resolve } from "node:path";
import { isServerRenderedPath, SERVER_STATE_ID } from "../../../web/src/server-state.ts";
import { log } from "../log.ts";
import { isSafeReturnUrl } from "../shared/return-url.ts";
import { acceptsGzip } from "./static-compression.ts";

// The pages customers land on first (sign-in, billing, the shop) are sent as HTML with their data, so a
// phone on a slow network shows the page before the scripts arrive (docs/decisions/0413). The render is
// the web app's own (web/src/entry-server.tsx, built into <dist>/.ssr by scripts/build-web.ts); its
// GraphQL requests go through this app in process, with the visitor's cookie, so they see exactly what
// the visitor's browser would. Anything else, a failure or a slow render, sends index.html as it is
// and the browser renders the page as before.

type RenderedPage = { html: string; state: unknown } | { redirect: string };
/** What to send: the page's HTML, or a redirect (a path on this site). */
export type ServerRendered = { html: string } | { redirect: string };
type Renderer = {
  renderPage(url: URL, graphql: (request: Request) => Promise<Response>): Promise<RenderedPage | null>;
};

/** A render that takes longer than this is abandoned: the browser renders the page itself. */
let renderTimeoutMs = 2000;

/** Sets how long a render may take (the API tests allow more: they run on a loaded machine). */
export function configureServerRender(options: { timeoutMs: number }) {
  renderTimeoutMs = options.timeoutMs;
}
/**
 * Renders running at once in this process. Past it a page goes out as index.html (the browser renders it),
 * so a flood of page requests costs the server no more than a few renders at a time.
 */
export const MAX_CONCURRENT_RENDERS = 4;
let rendering = 0;
const ROOT = '<div id="root"></div>';

const renderers = new Map<string, Promise<Renderer | null>>();

/** The built server render of a dist folder, loaded once (null when the build has none). */
function loadRenderer(distDir: string): Promise<Renderer | null> {
  const file = resolve(distDir, ".ssr", "entry-server.js");
  let renderer = renderers.get(file);
  if (!renderer) {
    renderer = Bun.file(file)
      .exists()
      .then((exists) => (exists ? (import(file) as Promise<Renderer>) : null))
      .catch((error) => {
        log.error("the server render could not be loaded", { error, file });
        return null;
      });
    renderers.set(file, renderer);
  }
  return renderer;
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * index.html (read by `readIndex`) with the page at `url` rendered into it, or where the page redirects, or
 * null when the page is not one rendered here (or its render failed). `graphql` answers a request to
 * /graphql as the visitor. Other pages cost nothing here: no read, no render loaded.
 */
export async function serverRenderedIndex(
  distDir: string,
  readIndex: () => Promise<string>,
  url: URL,
  graphql: (request: Request) => Promise<Response>,
): Promise<ServerRendered | null> {
  if (!isServerRenderedPath(url.pathname) || rendering >= MAX_CONCURRENT_RENDERS) return null;
  const indexHtml = await readIndex();
  if (!indexHtml.includes(ROOT)) return null;
  const renderer = await loadRenderer(distDir);
  if (!renderer || rendering >= MAX_CONCURRENT_RENDERS) return null;
  rendering++;
  // Counted until the render ends, also one abandoned at the timeout (it cannot be stopped).
  const render = renderer.renderPage(url, graphql).finally(() => {
    rendering--;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), renderTimeoutMs);
  });
  try {
    const page = await Promise.race([render, timeout]);
    if (!page) return null;
    // A redirect is sent only to a path on this site, by the same rule as the sign-in's ReturnUrl
    // (shared/return-url.ts); any other target (the page's bug) gets index.html, rendered in the browser.
    if ("redirect" in page) return isSafeReturnUrl(page.redirect) ? { redirect: page.redirect } : null;
    // React puts what belongs in the head first (image preloads, the page's <title>): the title goes in
    // place of index.html's.
    const hoisted = /^((?:<link [^>]*>)*)(<title>[^<]*<\/title>)/.exec(page.html);
    const body = hoisted ? hoisted[1] + page.html.slice(hoisted[0].length) : page.html;
    // (Replacements by function: text of the page such as "$'" must not be read as a replacement pattern.)
    const head = hoisted ? indexHtml.replace(/<title>[^<]*<\/title>/, () => hoisted[2] ?? "") : indexHtml;
    const root = `<div id="root">${body}</div>`;
    const state = `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(page.state)}</script>`;
    return { html: withScriptsAfterPaint(head).replace(ROOT, () => root + state) };
  } catch (error) {
    log.warn("server render failed; the browser renders the page", { error, path: url.pathname });
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The page is on screen before its scripts run: they hydrate it, so they load after it has been painted
 * (its styles, fonts and first photos first, not sharing a slow connection with them). The entry script
 * and its preloads wait in a <template> that index.html's first script (scripts/first-load.ts) brings
 * to life after the first paint; the marker on <html> tells it so.
 */
function withScriptsAfterPaint(html: string): string {
  const deferred: string[] = [];
  const rest = html
    .replace(/\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g, (tag) => {
      deferred.push(tag.trim());
      return "";
    })
    .replace(/<html(\s|>)/, "<html data-server-rendered$1");
  if (!deferred.length) return html;
  const template = `<template id="deferred-scripts">${deferred.join("")}</template>`;
  return rest.replace("</head>", () => `  ${template}\n  </head>`);
}

/** A rendered page (private to the visitor, never stored by a cache, gzip when accepted) or its redirect. */
export function renderedPageResponse(page: ServerRendered, acceptEncoding: string | undefined): Response {
  const headers: Record<string, string> = { "cache-control": "private, no-store", vary: "accept-encoding, cookie" };
  if ("redirect" in page) return new Response(null, { status: 302, headers: { ...headers, location: page.redirect } });
  headers["content-type"] = "text/html; charset=utf-8";
  if (!acceptsGzip(acceptEncoding)) return new Response(page.html, { headers });
  return new Response(Bun.gzipSync(page.html, { level: 6 }), { headers: { ...headers, "content-encoding": "gzip" } });
}
