import { EyeIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { sanitizeHtml } from "@/components/sanitize-html";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

const PREVIEW_STYLE = `
  :root { color-scheme: light; }
  html, body { margin: 0; }
  body { font: 14px/1.5 Roboto, system-ui, sans-serif; color: #0f172a; background: #fff; padding: 12px 14px; }
  h1, h2, h3 { line-height: 1.25; margin: 0 0 .4em; }
  p { margin: 0 0 .6em; } p:last-child { margin-bottom: 0; }
  a { color: #1d4ed8; }
  img { max-width: 100%; height: auto; }
`;

/**
 * Staff-written HTML, shown as customers will see it: sanitized (no scripts, frames or event
 * handlers, as the portal renders it) inside a sandboxed frame that may not run scripts at all.
 */
export function HtmlPreview({ html, title, className }: { html: string; title: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(80);
  const doc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>${PREVIEW_STYLE}</style></head><body>${clean}</body></html>`;

  // The frame is same-origin (to measure it) but may run no script.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the frame element exists only while there is HTML
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => {
      const body = el.contentDocument?.body;
      if (body) setHeight(Math.min(480, Math.max(48, body.scrollHeight + 2)));
    };
    el.addEventListener("load", measure);
    measure();
    return () => el.removeEventListener("load", measure);
  }, [!!clean]);

  return (
    <div className={cn("overflow-hidden rounded-md border bg-white", className)}>
      {clean ? (
        <iframe
          ref={frame}
          title={title}
          sandbox="allow-same-origin"
          srcDoc={doc}
          style={{ height }}
          className="block w-full border-0"
        />
      ) : (
        <p className="px-3.5 py-3 text-slate-500 text-sm italic">Nothing to show yet.</p>
      )}
    </div>
  );
}

/** A textarea for HTML with a live, sandboxed preview beside it (below it on narrow screens). */
export function HtmlEditor({
  label,
  description,
  error,
  value,
  onChange,
  onBlur,
  name,
  disabled,
  rows = 6,
}: {
  label: string;
  description?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  rows?: number;
}) {
  const previewId = useId();
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      <FormField label={label} description={description} error={error}>
        <Textarea
          name={name}
          rows={rows}
          value={value}
          disabled={disabled}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-controls={previewId}
          className="min-h-32 font-mono text-xs leading-relaxed"
        />
      </FormField>
      <div className="grid content-start gap-1.5" id={previewId}>
        <span className="flex items-center gap-1.5 font-medium text-muted-foreground text-sm">
          <EyeIcon aria-hidden="true" className="size-4" />
          Preview
        </span>
        <HtmlPreview html={value} title={`${label} preview`} />
      </div>
    </div>
  );
}
