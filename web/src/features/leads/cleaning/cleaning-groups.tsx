import { HouseIcon, SearchCheckIcon } from "lucide-react";
import { useState } from "react";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { MobileCard } from "@/components/data-list/mobile-row";
import { usePageOnlyListState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type DuplicateGroup, type DuplicateKey, useDuplicateGroups } from "./cleaning-api";
import { MergeDialog } from "./cleaning-merge-dialog";

// The groups to review: leads sharing a phone, email or address (the key facet, in the address), newest
// arrival first, each with the key that matched and the customers or route stops sharing it; Review
// opens the merge dialog.

const PAGE_SIZE = 25;
const KEY_WORDS: Record<string, string> = {
  PHONE: "Phone",
  EMAIL: "Email",
  ADDRESS: "Address",
  ALL: "All keys",
  "": "By hand",
};

/** The key leads matched on (a merge by hand has none). */
export function KeyBadge({ matchedKey }: { matchedKey: string }) {
  return <Badge variant="secondary">{KEY_WORDS[matchedKey] ?? matchedKey}</Badge>;
}
const FACETS: readonly ListFacet[] = [
  {
    key: "key",
    label: "Matching key",
    kind: "chips",
    defaultValue: "ALL",
    options: (["ALL", "PHONE", "EMAIL", "ADDRESS"] as const).map((k) => ({ value: k, label: KEY_WORDS[k]! })),
  },
];

function CustomerFlag({ group }: { group: DuplicateGroup }) {
  if (!group.customers.length) return <span className="text-muted-foreground">None</span>;
  return (
    <ul className="grid gap-1">
      {group.customers.map((c) => (
        <li key={`${c.customerId}${c.matchedOn}`} className="flex flex-wrap items-center gap-1">
          <Badge variant="destructive">
            <HouseIcon aria-hidden="true" />
            Customer {c.accountNumber}
          </Badge>
          <span className="text-muted-foreground text-xs">
            {c.matchedOn}
            {c.routeNumbers.length ? ` · route ${c.routeNumbers.join(", ")}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

const leadsText = (g: DuplicateGroup) =>
  g.leads
    .slice(0, 4)
    .map((l) => `#${l.number} ${l.name}`)
    .join(", ") + (g.leadCount > 4 ? ` and ${g.leadCount - 4} more` : "");

export function DuplicateGroups({ canMerge }: { canMerge: boolean }) {
  const list = usePageOnlyListState();
  const facets = useListFacets(FACETS);
  const key = (facets.value("key") || "ALL") as DuplicateKey;
  const groups = useDuplicateGroups(key, (list.state.page - 1) * PAGE_SIZE, PAGE_SIZE);
  const [open, setOpen] = useState<DuplicateGroup | null>(null);
  const review = (g: DuplicateGroup) => (
    <Button size="sm" variant="outline" onClick={() => setOpen(g)} aria-label={`Review ${g.label}`}>
      Review
    </Button>
  );
  const columns: DataColumn<DuplicateGroup, never>[] = [
    { header: "Key", cell: (g) => <KeyBadge matchedKey={g.key} /> },
    { header: "Match", cell: (g) => <span className="font-medium">{g.label}</span> },
    { header: "Leads", cell: (g) => <span className="text-sm">{leadsText(g)}</span>, className: "whitespace-normal" },
    { header: "Count", cell: (g) => g.leadCount, className: "text-right tabular-nums" },
    { header: "Customers", cell: (g) => <CustomerFlag group={g} />, className: "whitespace-normal" },
    { header: "Actions", srOnly: true, cell: review, className: "text-right" },
  ];
  return (
    <>
      <DataTable<DuplicateGroup, never>
        label="Duplicate groups"
        noun="groups"
        columns={columns}
        rows={groups.data?.leadDuplicateGroups.items}
        total={groups.data?.leadDuplicateGroups.totalCount}
        rowKey={(g) => g.id}
        mobileRow={(g) => (
          <MobileCard
            title={<span className="min-w-0 break-all font-medium">{g.label}</span>}
            end={<KeyBadge matchedKey={g.key} />}
            className="gap-2"
          >
            <span>{leadsText(g)}</span>
            {g.customers.length ? <CustomerFlag group={g} /> : null}
            <div>{review(g)}</div>
          </MobileCard>
        )}
        list={list}
        pageSize={PAGE_SIZE}
        query={groups}
        facets={{ facets: FACETS, state: facets }}
        empty={{
          icon: <SearchCheckIcon aria-hidden="true" />,
          title: "No duplicates to review",
          description: "Leads sharing a phone, email or address with another lead or a customer show here.",
        }}
      />
      <MergeDialog group={open} canMerge={canMerge} onClose={() => setOpen(null)} />
    </>
  );
}
