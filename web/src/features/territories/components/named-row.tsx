import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export type RowAction = {
  label: string;
  icon: LucideIcon;
  /** Names the row too ("Delete North"), for screen readers and tests. */
  ariaLabel: string;
  onClick: () => void;
  disabled?: boolean;
};

/**
 * One row of the maps or territory roles list: the name (a link or plain text), a line about it, and its
 * actions (shown only to those who may change territories). On a narrow screen the actions wrap below.
 */
export function NamedRow({ title, detail, actions }: { title: ReactNode; detail: string; actions?: RowAction[] }) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        {title}
        <span className="truncate text-muted-foreground text-sm">{detail}</span>
      </div>
      {actions?.length ? (
        <div className="flex gap-1">
          {actions.map(({ label, icon: Icon, ariaLabel, onClick, disabled }) => (
            <Button key={label} variant="ghost" size="sm" onClick={onClick} disabled={disabled} aria-label={ariaLabel}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
