import { type LucideIcon, MoreHorizontalIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { DataColumn } from "./data-table";

/** One item of a row's menu; `separated` draws a line above it, `destructive` colours it red. */
export type RowAction = {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  destructive?: boolean;
  separated?: boolean;
};

/** A row's "…" menu, named "Actions for <name>"; a false or null item is left out. */
export function RowActions({ name, items }: { name: string; items: (RowAction | false | null)[] }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((a) => (a ? <RowActionItem key={a.label} action={a} /> : null))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function RowActionItem({ action: a }: { action: RowAction }) {
  const item = (
    <DropdownMenuItem variant={a.destructive ? "destructive" : undefined} onSelect={a.onSelect}>
      <a.icon aria-hidden="true" />
      {a.label}
    </DropdownMenuItem>
  );
  return a.separated ? (
    <>
      <DropdownMenuSeparator />
      {item}
    </>
  ) : (
    item
  );
}

/** The table's last column: the row's actions, under a header only screen readers read. */
export function actionsColumn<Row, S extends string>(cell: (row: Row) => ReactNode): DataColumn<Row, S> {
  return { header: "Actions", srOnly: true, className: "w-14 text-right", cell };
}
