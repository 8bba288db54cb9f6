import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  DROP_WITH_CONTENT,
  isAllowedAttributeValue,
  LINK_REL,
} from "@shared/html-policy.ts";
import DOMPurify from "dompurify";

// Staff-written HTML (branch header and footer, shop banner and footer, payment agreement) is the only
// HTML the web renders. It is cleaned by the API before it is saved; it is cleaned again here, with
// DOMPurify and the same allow-list (api/src/shared/html-policy.ts), because a row written before
// the API's sanitizer existed, or by some other path, must not run either. docs/decisions/0008-safe-html.md.

const ALL_ATTRIBUTES = [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())];

let purifier: ReturnType<typeof DOMPurify> | undefined;

function getPurifier() {
  if (purifier) return purifier;
  // An instance of its own: its hooks do not leak into any other DOMPurify user.
  const p = DOMPurify(window);
  p.addHook("uponSanitizeAttribute", (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName.toLowerCase();
    if (!ALLOWED_ATTRIBUTES[tag]?.includes(name) || !isAllowedAttributeValue(tag, name, data.attrValue)) {
      data.keepAttr = false;
    }
  });
  p.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName === "A") node.setAttribute("rel", LINK_REL);
  });
  purifier = p;
  return p;
}

const CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  ADD_FORBID_CONTENTS: [...DROP_WITH_CONTENT],
  // A second lock behind isAllowedAttributeValue: the schemes a link or image may use.
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#|\?)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
};

/** Staff HTML reduced to the allow-list; "" when empty or outside a browser. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html?.trim() || typeof window === "undefined") return "";
  return getPurifier().sanitize(html, CONFIG).trim();
}
