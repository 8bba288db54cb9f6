import type * as React from "react";
import { cn } from "@/lib/utils";

export type PageHeaderProps = Omit<React.ComponentProps<"header">, "title"> & {
  /** Rendered in an <h1>. */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons at the right (wrap below the title on narrow screens). */
  actions?: React.ReactNode;
};

/** Page title block; `children` render underneath (tabs, filters). */
export function PageHeader({ title, description, actions, className, children, ...props }: PageHeaderProps) {
  return (
    <header data-slot="page-header" className={cn("flex flex-col gap-3 pb-4", className)} {...props}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </header>
  );
}
