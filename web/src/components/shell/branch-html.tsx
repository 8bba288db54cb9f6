import { useMemo } from "react";
import { sanitizeHtml } from "@/lib/sanitize-html";
import { cn } from "@/lib/utils";

/** The branch's own header or footer HTML (sanitized). Renders nothing when empty. */
export function BranchHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html ?? ""), [html]);
  if (!clean) return null;
  return <div className={cn("branch-html", className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
