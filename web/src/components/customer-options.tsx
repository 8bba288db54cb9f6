import type * as React from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** A select's items for a person's customer accounts, each "100001 · Jane Customer". */
export function CustomerOptions({
  customers,
}: {
  customers: readonly { id: string; accountNumber: string | number; name: string }[];
}) {
  return customers.map((c) => (
    <SelectItem key={c.id} value={c.id}>
      {c.accountNumber} · {c.name}
    </SelectItem>
  ));
}

/**
 * A select of a person's customer accounts; `trigger` goes to its button (id, classes, a FormField's
 * control), `children` are items before the accounts (e.g. "All accounts").
 */
export function CustomerSelect({
  customers,
  value,
  onValueChange,
  trigger,
  children,
}: {
  customers: readonly { id: string; accountNumber: string | number; name: string }[];
  value: string;
  onValueChange: (id: string) => void;
  trigger: React.ComponentProps<typeof SelectTrigger>;
  children?: React.ReactNode;
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {children}
        <CustomerOptions customers={customers} />
      </SelectContent>
    </Select>
  );
}
