import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { DocumentTitle } from "@/components/shell/document-title";

/** A centred status message: icon, code or eyebrow, title, text and actions. */
export function StatusPanel({
  icon: Icon,
  eyebrow,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-10 text-center md:py-16"
      aria-labelledby="status-title"
    >
      <DocumentTitle title={title} />
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-yellow/25 text-brand-navy dark:text-brand-yellow">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      {eyebrow ? (
        <p className="font-semibold text-muted-foreground text-sm uppercase tracking-widest">{eyebrow}</p>
      ) : null}
      <h1 id="status-title" className="font-semibold text-3xl tracking-tight">
        {title}
      </h1>
      {children ? <div className="grid gap-2 text-muted-foreground">{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{actions}</div> : null}
    </section>
  );
}
