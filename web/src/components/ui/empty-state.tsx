import { InboxIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

export type EmptyStateProps = Omit<React.ComponentProps<"div">, "title"> & {
  /** An icon element, e.g. <PackageIcon />; defaults to an inbox. */
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Optional call to action, e.g. <Button>Add customer</Button>. */
  action?: React.ReactNode;
};

export function EmptyState({ icon, title, description, action, className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center",
        className,
      )}
      {...props}
    >
      <div className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg:not([class*='size-'])]:size-5">
        {icon ?? <InboxIcon aria-hidden="true" />}
      </div>
      <div className="grid max-w-sm gap-1">
        <p className="font-medium text-base">{title}</p>
        {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {action ? <div className="mt-1 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}
