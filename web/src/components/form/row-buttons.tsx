import { PlusIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

// The buttons of a list edited in a form (a field array): one removes its row, one adds a row under the list.

/** Removes one row: a trash icon whose accessible name says which row. */
export function RemoveRowButton({
  label,
  onClick,
  size = "icon",
  className,
}: {
  label: string;
  onClick: () => void;
  size?: "icon" | "icon-sm";
  className?: string;
}) {
  return (
    <Button type="button" variant="ghost" size={size} className={className} aria-label={label} onClick={onClick}>
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}

/** Adds a row at the end of the list. */
export function AddRowButton({
  onClick,
  size,
  disabled,
  children,
}: {
  onClick: () => void;
  size?: "sm";
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="button" variant="outline" size={size} className="w-fit" onClick={onClick} disabled={disabled}>
      <PlusIcon aria-hidden="true" />
      {children}
    </Button>
  );
}
