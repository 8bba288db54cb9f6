import { useEffect, useMemo, useState } from "react";
import { cn } from "@/lib/utils";

// How staff HTML is cleaned: ./sanitize-html.ts (DOMPurify and the API's allow-list). DOMPurify is
// loaded the first time a page has staff HTML to show, not with every page: most pages have none, and
// it would be a tenth of the sign-in page's first load. Until it is there, the HTML is not shown.

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

/** Staff-written HTML, cleaned and rendered. Renders nothing when there is nothing left to show. */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const sanitizeLoaded = useSanitizer(!!html?.trim());
  const clean = useMemo(() => sanitizeLoaded?.(html) ?? "", [sanitizeLoaded, html]);
  if (!clean) return null;
  return <div className={cn("safe-html", className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
