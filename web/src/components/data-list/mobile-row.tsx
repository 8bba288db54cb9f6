import { ChevronRightIcon, PencilIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * A list's card on a phone: the whole card opens the row, with an optional lead (a picture, a number),
 * the row's title and a muted line under it, anything else the row shows below those, an optional end
 * (a status, a price) and the chevron. With `edit`, a pencil button beside the card edits the row instead.
 */
export function MobileRow({
  href,
  lead,
  title,
  meta,
  children,
  end,
  edit,
}: {
  href: string;
  lead?: ReactNode;
  title: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
  end?: ReactNode;
  edit?: { label: string; onClick: () => void };
}) {
  const card = (
    <Link
      href={href}
      className={cn(
        "flex items-center gap-3 px-3 py-3 outline-none hover:bg-muted/60 focus-visible:bg-muted",
        edit && "min-w-0 flex-1",
      )}
    >
      {lead}
      <span className={cn("grid min-w-0 flex-1", children ? "gap-1" : "gap-0.5")}>
        <span className="truncate font-medium text-sm">{title}</span>
        {meta !== undefined ? <span className="truncate text-muted-foreground text-xs">{meta}</span> : null}
        {children}
      </span>
      {end}
      <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
    </Link>
  );
  if (!edit) return card;
  return (
    <div className="flex items-center gap-2 pr-2">
      {card}
      <Button variant="ghost" size="icon" aria-label={edit.label} onClick={edit.onClick}>
        <PencilIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The row's place in its order, at the start of its phone card. */
export function MobileRowOrder({ children }: { children: ReactNode }) {
  return <span className="w-10 shrink-0 text-right text-muted-foreground text-xs tabular-nums">{children}</span>;
}

/**
 * A list's card on a phone for a row that opens no page of its own: a title line with `end` at its
 * right (a key, a status), then the row's other lines and buttons. `className` adds to or overrides
 * the spacing.
 */
export function MobileCard({
  title,
  end,
  className,
  children,
}: {
  title: ReactNode;
  end?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("grid gap-1 px-3 py-3 text-sm", className)}>
      <div className="flex items-center justify-between gap-2">
        {title}
        {end}
      </div>
      {children}
    </div>
  );
}
