// Branch header/footer HTML is written by the dealer's staff in the back office. It is rendered as
// HTML, but without scripts, frames, inline event handlers or javascript: links.

const DROP_ELEMENTS = "script,iframe,object,embed,link,meta,base,form,style,noscript,template";
const URL_ATTRIBUTES = new Set(["href", "src", "xlink:href", "action", "formaction", "srcset"]);

export function sanitizeHtml(html: string): string {
  if (!html.trim() || typeof DOMParser === "undefined") return "";
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const el of Array.from(doc.body.querySelectorAll(DROP_ELEMENTS))) el.remove();
  for (const el of Array.from(doc.body.querySelectorAll("*"))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = Array.from(attr.value)
        .filter((ch) => ch.charCodeAt(0) > 32)
        .join("")
        .toLowerCase();
      if (name.startsWith("on") || (URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|data:text\/html)/.test(value))) {
        el.removeAttribute(attr.name);
      }
    }
    if (el.tagName === "A" && el.getAttribute("target") === "_blank") el.setAttribute("rel", "noopener noreferrer");
  }
  return doc.body.innerHTML;
}
