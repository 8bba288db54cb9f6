// What staff-written HTML may contain (branding header and footer, shop banner and footer, payment
// agreement): one allow-list, applied by the API before saving (security/html.ts, sanitize-html) and
// again by the web when it renders (web/src/components/safe-html.tsx, DOMPurify). Plain data and pure
// functions only: the web imports this file too. Why these choices: docs/decisions/0008-safe-html.md.

/** Formatting tags. No SVG or MathML, no forms, frames, media players, scripts or styles. */
export const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "b",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "span",
  "div",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "blockquote",
  "hr",
] as const;

/**
 * Attributes per tag; nothing else survives: no event handlers, no `style` (it could lay a link over
 * the whole page), no `class` (the app's utility classes could do the same), no `id`/`name` (DOM
 * clobbering).
 */
export const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href", "title", "target"],
  img: ["src", "alt", "title", "width", "height"],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

/** Elements whose content is dropped with them (the text of a script is not text to show). */
export const DROP_WITH_CONTENT = [
  "script",
  "style",
  "template",
  "noscript",
  "noembed",
  "noframes",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "textarea",
  "select",
  "option",
  "title",
  "xmp",
  "plaintext",
  "svg",
  "math",
] as const;

/** What a link is given, whatever the author wrote. */
export const LINK_REL = "noopener noreferrer";

// Browsers skip whitespace and control characters inside a URL's scheme ("java\tscript:"); the
// checks look at the value with them removed. Entities are decoded before (both parsers do).
const ignoredInUrl = (c: number) =>
  c <= 0x20 ||
  (c >= 0x7f && c <= 0xa0) ||
  (c >= 0x2000 && c <= 0x202f) ||
  [0x1680, 0x180e, 0x205f, 0x3000, 0xfeff].includes(c);
const squeeze = (value: string) =>
  Array.from(value)
    .filter((ch) => !ignoredInUrl(ch.codePointAt(0) ?? 0))
    .join("");

/** Links: http, https, mailto and tel, or a path on this site ("/shop", "#top", "?page=2"). */
export function isAllowedHref(value: string): boolean {
  const v = squeeze(value);
  return /^(?:https?:\/\/|mailto:|tel:)/i.test(v) || /^(?:\/(?![/\\])|#|\?)/.test(v);
}

/** Images: http(s) addresses or the uploads this site serves at /media/. No data: URLs. */
export function isAllowedImageSrc(value: string): boolean {
  const v = squeeze(value);
  return /^https?:\/\//i.test(v) || v.startsWith("/media/");
}

/** `target` may only open a new tab. */
export const isAllowedTarget = (value: string) => value === "_blank";

/** Whether an attribute value that passed the per-tag allow-list may stay. */
export function isAllowedAttributeValue(tag: string, attribute: string, value: string): boolean {
  if (tag === "a" && attribute === "href") return isAllowedHref(value);
  if (tag === "img" && attribute === "src") return isAllowedImageSrc(value);
  if (tag === "a" && attribute === "target") return isAllowedTarget(value);
  if (attribute === "width" || attribute === "height" || attribute === "colspan" || attribute === "rowspan")
    return /^\d{1,4}$/.test(value.trim());
  return true;
}
