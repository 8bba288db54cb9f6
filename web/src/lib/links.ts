// The branch is chosen by the `host` query parameter. It is carried over on every internal link and
// navigation when present and not already in the target.

type PageLocation = { pathname: string; search: string };

// On the server (entry-server.tsx) there is no window: the render tells the page's address.
let serverLocation: () => PageLocation = () => ({ pathname: "/", search: "" });
export function setServerLocation(read: () => PageLocation) {
  serverLocation = read;
}

/** The current page's path and query string. */
export function currentLocation(): PageLocation {
  return typeof window === "undefined" ? serverLocation() : window.location;
}

/** The current page's query string (?host=...). */
export function currentParams() {
  return new URLSearchParams(currentLocation().search);
}

function split(target: string): [string, URLSearchParams, string] {
  const hashAt = target.indexOf("#");
  const hash = hashAt >= 0 ? target.slice(hashAt) : "";
  const rest = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const qAt = rest.indexOf("?");
  return qAt >= 0
    ? [rest.slice(0, qAt), new URLSearchParams(rest.slice(qAt + 1)), hash]
    : [rest, new URLSearchParams(), hash];
}

function join(path: string, params: URLSearchParams, hash: string) {
  const q = params.toString();
  return `${path}${q ? `?${q}` : ""}${hash}`;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** Adds the current `host` parameter to an internal target unless it already has one. */
export function withHost(target: string): string {
  if (isExternal(target)) return target;
  const host = currentParams().get("host");
  if (!host) return target;
  const [path, params, hash] = split(target);
  if (!params.has("host")) params.set("host", host);
  return join(path, params, hash);
}

/** Merges the whole current query string into a target path (the target's own values win). */
export function mergeQuery(target: string): string {
  if (isExternal(target)) return target;
  const [path, params, hash] = split(target);
  for (const [k, v] of currentParams()) if (!params.has(k)) params.set(k, v);
  return join(path, params, hash);
}

/** Attributes for a link that opens in a new tab without opener or referrer. */
export const newTabProps = { target: "_blank", rel: "noopener noreferrer" } as const;
