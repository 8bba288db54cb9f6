import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";

// Security headers on every response the Hono app sends (docs/decisions/0009-security-headers.md):
// - HTML (the web app's index.html): a Content-Security-Policy with no inline script, no framing;
// - everything: nosniff, a referrer policy, a permissions policy, HSTS when the request came over https;
// - GraphQL and other JSON: Cache-Control: no-store (answers are private to the session), and a
//   policy that lets nothing run should such a response ever be opened as a page.

type HeaderConfig = Pick<Config, "PAYMENT_GATEWAY" | "NMI_COLLECT_JS_URL" | "NODE_ENV"> &
  Partial<Pick<Config, "MAP_STYLE_URL">>;

/** One CSP directive per entry; sources are joined with spaces. */
type Directives = Record<string, readonly string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");

/**
 * The `frame-ancestors` sources for a page that may be embedded. Everything the app serves today is
 * `'none'`. Hook for the public lead forms a dealer will embed on its own website: pass the branch's
 * allowed origins (https://dealer.example) and use the result as the form page's frame-ancestors.
 * Anything that is not a plain http(s) origin is ignored, so a stored value cannot widen the policy.
 */
export function frameAncestorsFor(allowedOrigins: readonly string[] = []): string[] {
  const origins = allowedOrigins.flatMap((value) => {
    try {
      const url = new URL(value);
      if ((url.protocol !== "https:" && url.protocol !== "http:") || url.origin !== value.replace(/\/$/, "")) return [];
      return [url.origin];
    } catch {
      return [];
    }
  });
  return origins.length ? ["'self'", ...new Set(origins)] : ["'none'"];
}

/** An origin's host as a CSP source, or undefined when the Host header is not a plain host[:port]. */
function selfHost(host: string | undefined): string | undefined {
  return host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? host.toLowerCase() : undefined;
}

/** The web app's policy. NMI's Collect.js (script, its card-field frames, its calls) only in NMI mode. */
export function appContentSecurityPolicy(
  config: HeaderConfig,
  opts: { host?: string; frameAncestors?: readonly string[] } = {},
): string {
  const nmi = config.PAYMENT_GATEWAY === "nmi" ? [new URL(config.NMI_COLLECT_JS_URL).origin] : [];
  const host = selfHost(opts.host);
  // A hosted territory-map style (MAP_STYLE_URL) is fetched from its origin; the map's tiles must
  // then come from that origin too.
  const mapStyle = config.MAP_STYLE_URL ? [new URL(config.MAP_STYLE_URL).origin] : [];
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'", ...nmi],
    // React style props go through the CSSOM (not blocked), but sonner and Radix insert <style>
    // elements and the HTML preview frame carries its own stylesheet.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(host ? [`ws://${host}`, `wss://${host}`] : []), ...nmi, ...mapStyle],
    // MapLibre GL (territory maps) parses tiles in a worker: its own script here, blob: for a worker
    // built at run time.
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'self'", ...nmi],
    "frame-ancestors": opts.frameAncestors ?? ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
}

/** GraphiQL (development only, never in production): yoga's page has inline scripts and uses unpkg. */
function graphiqlContentSecurityPolicy(): string {
  const cdn = "https://unpkg.com";
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", cdn],
    "style-src": ["'self'", "'unsafe-inline'", cdn],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'", "data:", cdn],
    "worker-src": ["'self'", "blob:"],
    "connect-src": ["'self'", cdn],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
}

/** For anything that is not a page (JSON, images, scripts): nothing may run if it is opened as one. */
const NOT_A_PAGE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export function permissionsPolicy(config: HeaderConfig): string {
  const nmi = config.PAYMENT_GATEWAY === "nmi" ? [` "${new URL(config.NMI_COLLECT_JS_URL).origin}"`] : [];
  return `camera=(), microphone=(), geolocation=(self), payment=(self${nmi.join("")}), usb=()`;
}

const HSTS = "max-age=31536000";

/** Whether the browser reached us over https: directly, or through a proxy that says so. */
export function cameOverHttps(url: string, forwardedProto: string | undefined): boolean {
  // A request's url is absolute and normalized (its scheme in lower case).
  if (url.startsWith("https:")) return true;
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The middleware: `app.use("*", securityHeaders(config))`. Headers a route set itself are kept. */
export function securityHeaders(config: HeaderConfig): MiddlewareHandler {
  const permissions = permissionsPolicy(config);
  return async (c, next) => {
    await next();
    try {
      c.res.headers.set("x-content-type-options", "nosniff");
    } catch {
      // Immutable headers (a Response passed through from fetch): copy it into one that is not.
      c.res = new Response(c.res.body, c.res);
    }
    const headers = c.res.headers;
    const type = headers.get("content-type")?.toLowerCase() ?? "";
    const isHtml = type.startsWith("text/html");
    const isGraphql = c.req.path === "/graphql";

    headers.set("x-content-type-options", "nosniff");
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
    headers.set("permissions-policy", permissions);
    if (cameOverHttps(c.req.url, c.req.header("x-forwarded-proto"))) headers.set("strict-transport-security", HSTS);

    if (!headers.has("content-security-policy")) {
      if (isHtml && isGraphql) headers.set("content-security-policy", graphiqlContentSecurityPolicy());
      else if (isHtml)
        headers.set("content-security-policy", appContentSecurityPolicy(config, { host: c.req.header("host") }));
      else headers.set("content-security-policy", NOT_A_PAGE_POLICY);
    }
    if (isHtml && !headers.has("x-frame-options")) {
      // For browsers without frame-ancestors; a page that allows framing sets its own CSP and no XFO.
      const csp = headers.get("content-security-policy") ?? "";
      if (/frame-ancestors 'none'/.test(csp)) headers.set("x-frame-options", "DENY");
    }
    // GraphQL answers depend on the session; health checks must be fresh. Nothing JSON is cached.
    if (isGraphql || type.includes("json")) headers.set("cache-control", "no-store");
  };
}
