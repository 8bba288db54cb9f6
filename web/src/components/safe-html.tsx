import { useEffect, useMemo, useState } from "react";
import { markLazyModuleLoaded, registerLazyModule, useRenderedModule } from "@/lib/lazy";
import { cn } from "@/lib/utils";

// How staff HTML is cleaned: ./sanitize-html.ts (DOMPurify and the API's allow-list). DOMPurify is
// loaded the first time a page has staff HTML to show, not with every page: it would be a tenth of the
// sign-in page's first load. Until it is there, the HTML's plain text stands in (rendered as text, so
// nothing in it can run), which keeps the page from moving when the formatted HTML replaces it.

// A server-rendered page is sent with its staff HTML formatted (cleaned by the API's own sanitizer, set
// by entry-server.tsx); the browser then loads DOMPurify before it hydrates such a page (lib/lazy.ts).

type Sanitize = (html: string | null | undefined) => string;
let sanitize: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;
const SANITIZER_MODULE = "sanitize-html";

function loadSanitizer(): Promise<Sanitize> {
  loading ??= import("./sanitize-html").then((m) => {
    sanitize = m.sanitizeHtml;
    return sanitize;
  });
  return loading;
}
registerLazyModule(SANITIZER_MODULE, loadSanitizer);

/** The server's render cleans staff HTML with this (the API's sanitizer, same allow-list). */
export function setServerSanitizer(fn: Sanitize) {
  sanitize = fn;
  markLazyModuleLoaded(SANITIZER_MODULE);
}

function useSanitizer(needed: boolean): Sanitize | undefined {
  const [loaded, setLoaded] = useState<Sanitize | undefined>(() => sanitize);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    loadSanitizer().then((fn) => live && setLoaded(() => fn));
    return () => {
      live = false;
    };
  }, [needed, loaded]);
  return loaded;
}

/** Elements dropped with their content (DROP_WITH_CONTENT of api/src/shared/html-policy.ts). */
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
  const needed = !!html?.trim();
  useRenderedModule(needed ? SANITIZER_MODULE : null);
  const sanitizeLoaded = useSanitizer(needed);
  const clean = useMemo(() => sanitizeLoaded?.(html) ?? "", [sanitizeLoaded, html]);
  const placeholder = useMemo(() => (sanitizeLoaded || !html?.trim() ? "" : plainText(html)), [sanitizeLoaded, html]);
  if (placeholder) return <div className={cn("safe-html", className)}>{placeholder}</div>;
  if (!clean) return null;
  return <div className={cn("safe-html", className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
