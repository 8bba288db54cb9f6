import { useEffect, useMemo, useState } from "react";
import { cn } from "@/lib/utils";

// How staff HTML is cleaned: ./sanitize-html.ts (DOMPurify and the API's allow-list). DOMPurify is
// loaded the first time a page has staff HTML to show, not with every page: it would be a tenth of the
// sign-in page's first load. Until it is there, the HTML's plain text stands in (rendered as text, so
// nothing in it can run), which keeps the page from moving when the formatted HTML replaces it.

type Sanitize = (html: string | null | undefined) => string;
let sanitize: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

function useSanitizer(needed: boolean): Sanitize | undefined {
  const [loaded, setLoaded] = useState<Sanitize | undefined>(() => sanitize);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    loading ??= import("./sanitize-html").then((m) => {
      sanitize = m.sanitizeHtml;
      return sanitize;
    });
    loading.then((fn) => live && setLoaded(() => fn));
    return () => {
      live = false;
    };
  }, [needed, loaded]);
  return loaded;
}

/** Elements dropped with their content (DROP_WITH_CONTENT of api/src/security/html-policy.ts). */
const NOT_TEXT =
  "script,style,template,noscript,noembed,noframes,iframe,frame,frameset,object,embed,applet,textarea,select,option,title,xmp,plaintext,svg,math";

/** The HTML's visible text, parsed inertly (a DOMParser document runs no script and loads nothing). */
function plainText(html: string): string {
  if (typeof DOMParser === "undefined") return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const element of doc.body.querySelectorAll(NOT_TEXT)) element.remove();
  return doc.body.textContent?.trim() ?? "";
}

/** Staff-written HTML, cleaned and rendered. Renders nothing when there is nothing left to show. */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const sanitizeLoaded = useSanitizer(!!html?.trim());
  const clean = useMemo(() => sanitizeLoaded?.(html) ?? "", [sanitizeLoaded, html]);
  const placeholder = useMemo(() => (sanitizeLoaded || !html?.trim() ? "" : plainText(html)), [sanitizeLoaded, html]);
  if (placeholder) return <div className={cn("safe-html", className)}>{placeholder}</div>;
  if (!clean) return null;
  return <div className={cn("safe-html", className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
