import type { MiddlewareHandler } from "hono";

// Requests whose address cannot be read are answered 400 with a short plain message, before any route
// sees them: a path whose percent-encoding does not decode ("/%", "/%zz"), a path that decodes to a
// control character ("/%00", "/%0d"), and a ReturnUrl (the sign-in pages' return address) holding a
// control character. Routes below can then decode the path without it throwing (a 500 before).
// Other query parameters are left to their routes: a GraphQL GET's query text holds newlines.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
const BAD_REQUEST = "Bad request: the address is not valid.";

/** Why the request's address is refused, or null when it is fine. */
export function malformedAddress(url: string): string | null {
  // Without a percent sign nothing decodes, so the address is what it says (most requests: no parsing).
  if (!url.includes("%") && !CONTROL.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return BAD_REQUEST;
  }
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return BAD_REQUEST;
  }
  if (CONTROL.test(path)) return BAD_REQUEST;
  if (parsed.searchParams.getAll("ReturnUrl").some((v) => CONTROL.test(v))) return BAD_REQUEST;
  return null;
}

/** Hono middleware: 400 for an address that cannot be read (see above). */
export const refuseMalformedAddress: MiddlewareHandler = async (c, next) => {
  const problem = malformedAddress(c.req.url);
  if (problem) return c.text(problem, 400);
  await next();
};
