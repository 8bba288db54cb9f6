// Return addresses (the `ReturnUrl` of the sign-in pages, and any redirect the server sends): the one
// rule, shared by the API (http/server-render.ts) and the browser (web/src/lib/router.ts). No imports:
// the web bundles this file as it is.
//
// A return address is followed only when it is a path on this site. Browsers are lenient about what
// they take as "another site": they drop tabs and newlines anywhere in an address, treat "\" as "/",
// read "//host" and "/\host" as a host, and some servers and routers decode a path again (or fold
// Unicode lookalikes such as the fullwidth solidus into "/") before using it. So the rule is strict:
//
// - the address is at most MAX_LENGTH characters of printable ASCII (no whitespace, no control
//   characters, no raw non-ASCII: the browser percent-encodes every path it gives us);
// - it starts with a single "/" (not "//", not "/\"), so it has no scheme and no host;
// - its path part (before "?" or "#"), decoded as often as it changes (an address encoded twice is
//   decoded twice) and folded with NFKC, holds no control, format or space character, no "\", no
//   empty segment ("//" anywhere) and no "." or ".." segment; an encoding that does not decode (a
//   stray "%") refuses it too. Our own pages never produce any of these.
// - the query string and fragment are only held to the first rule: nothing in them can change which
//   site the browser goes to (so a search for "blue%20bottle" keeps working).
//
// Anything else is refused (null): the caller goes to its default (the user's home) instead.

/** Longer return addresses are refused (ours are a path and a short query string). */
export const MAX_RETURN_URL_LENGTH = 2048;

/** Printable ASCII only, no space. */
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;
/** Control (C0, DEL, C1), format (zero-width, bidi, BOM) and space characters of any kind, and "\". */
const FORBIDDEN_DECODED = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
/** How many rounds of percent-decoding are tried before the address is refused as too nested. */
const MAX_DECODE_ROUNDS = 5;

/** The path decoded until it stops changing; null when it does not decode or never settles. */
function fullyDecoded(path: string): string | null {
  let current = path;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Whether a decoded path keeps to the rules above (one leading "/", no odd characters or segments). */
function isPlainPath(path: string): boolean {
  if (!path.startsWith("/") || FORBIDDEN_DECODED.test(path)) return false;
  if (path === "/") return true;
  const segments = path.slice(1).split("/");
  // A trailing "/" leaves one empty last segment, which is fine; any other empty one is a "//".
  return segments.every((s, i) => (s === "" ? i === segments.length - 1 : s !== "." && s !== ".."));
}

/**
 * `value` when it is a return address on this site (see the rules above), else null. The value is
 * returned as given (not decoded): it is what the browser is sent to.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_URL_LENGTH) return null;
  if (!PRINTABLE_ASCII.test(value)) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  const end = value.search(/[?#]/);
  const path = end === -1 ? value : value.slice(0, end);
  const decoded = fullyDecoded(path);
  if (decoded === null) return null;
  return isPlainPath(decoded) && isPlainPath(decoded.normalize("NFKC")) ? value : null;
}

/** Whether `value` is a return address on this site. */
export const isSafeReturnUrl = (value: string | null | undefined): value is string => safeReturnUrl(value) !== null;
