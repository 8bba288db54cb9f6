import { SelectItem } from "@/components/ui/select";

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
