import sanitize from "sanitize-html";
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  DROP_WITH_CONTENT,
  isAllowedAttributeValue,
  LINK_REL,
} from "../shared/html-policy.ts";

// Staff-written HTML is cleaned here before it is saved, so what the database holds is safe for any
// reader (the portal, the shop, mail, exports). The web cleans it again when it renders, with the same
// allow-list (html-policy.ts). See docs/decisions/0008-safe-html.md.

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]])),
    a: [...(ALLOWED_ATTRIBUTES.a ?? []), "rel"],
  },
  // The scheme checks of the library, kept as a second lock behind isAllowedAttributeValue.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: "discard",
  nonTextTags: [...DROP_WITH_CONTENT],
  transformTags: {
    "*": (tagName, attribs) => {
      const kept: sanitize.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (isAllowedAttributeValue(tagName, name, value)) kept[name] = value;
      }
      if (tagName === "a") kept.rel = LINK_REL;
      return { tagName, attribs: kept };
    },
  },
  // An image whose address was refused is nothing to show.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Staff HTML reduced to the allow-list: formatting, safe links and images; nothing that runs. */
export function sanitizeStaffHtml(html: string): string {
  if (!html.trim()) return "";
  return sanitize(html, OPTIONS).trim();
}
