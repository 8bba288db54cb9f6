import { ChevronDownIcon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery } from "@/components/data-list/data-table";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Switch } from "@/components/ui/switch";
import { type LeadConfiguration, type PersonAccess, useEnforceLeadTerritory } from "./setup-api";

// Who sees which leads: every person with a lead permission, with "Only their zones" (on: they see and
// work only the leads placed in the zones chosen for them) and the zones, each change saved at once.

const PAGE_SIZE = 25;
type Sort = "NAME";
type Zone = LeadConfiguration["zones"][number];

type Access = { on: boolean; zones: string[]; save: (on: boolean, zones: string[]) => void };

/**
 * Each person's rule as shown: what is stored, or the change on its way (the switch and the zones of a
 * row read the same one; a refused change goes back to what is stored).
 */
function useAccesses() {
  const enforce = useEnforceLeadTerritory();
  const [pending, setPending] = useState<Record<string, { on: boolean; zones: string[] }>>({});
  return (p: PersonAccess): Access => {
    const shown = pending[p.personId] ?? { on: p.enforceZonePermission, zones: p.zoneIds };
    return {
      ...shown,
      save: async (on, zones) => {
        setPending((all) => ({ ...all, [p.personId]: { on, zones } }));
        await enforce.run({ personId: p.personId, enforce: on, zoneIds: zones });
        setPending(({ [p.personId]: _done, ...rest }) => rest);
      },
    };
  };
}

function OnlyTheirZones({ person, access: a }: { person: PersonAccess; access: Access }) {
  return (
    <Switch
      checked={a.on}
      onCheckedChange={(on) => a.save(on, a.zones)}
      aria-label={`Only their zones: ${person.name}`}
    />
  );
}

function ZonePicker({ person, zones, access: a }: { person: PersonAccess; zones: Zone[]; access: Access }) {
  const names = zones.filter((z) => a.zones.includes(z.id)).map((z) => z.name);
  if (!zones.length) return <span className="text-muted-foreground text-sm">Choose a lead map first</span>;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="max-w-full justify-between"
          aria-label={`Zones of ${person.name}`}
        >
          <span className="truncate">{names.length ? names.join(", ") : "No zones"}</span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Zones {person.name} works</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {zones.map((z) => (
          <DropdownMenuCheckboxItem
            key={z.id}
            checked={a.zones.includes(z.id)}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(on) => a.save(a.on, on ? [...a.zones, z.id] : a.zones.filter((id) => id !== z.id))}
          >
            <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: z.color }} />
            {z.name}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function PeopleList({ config, query }: { config: LeadConfiguration | undefined; query: ListQuery }) {
  const list = useListUrlState<Sort>({ sorts: ["NAME"], defaultSort: "NAME" });
  const zones = config?.zones ?? [];
  const access = useAccesses();
  const { rows, total } = useClientRows(config?.persons, list.state, {
    searchText: (p) => [p.name, ...zones.filter((z) => p.zoneIds.includes(z.id)).map((z) => z.name)],
    sortValue: { NAME: (p) => p.name },
    pageSize: PAGE_SIZE,
  });
  const columns: DataColumn<PersonAccess, Sort>[] = [
    { header: "Person", sort: "NAME", cell: (p) => <span className="font-medium">{p.name}</span> },
    { header: "Only their zones", className: "w-40", cell: (p) => <OnlyTheirZones person={p} access={access(p)} /> },
    { header: "Zones", cell: (p) => <ZonePicker person={p} zones={zones} access={access(p)} /> },
  ];
  return (
    <section aria-labelledby="lead-people" className="grid gap-2">
      <div>
        <h2 id="lead-people" className="font-semibold text-lg">
          Who sees which leads
        </h2>
        <p className="text-muted-foreground text-sm">
          People with a lead permission see every lead unless held to their zones: then they see and work only the leads
          placed in those zones, and none without a zone.
        </p>
      </div>
      <DataTable
        label="People with lead permissions"
        noun="people"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(p) => p.personId}
        mobileRow={(p) => (
          <div className="grid gap-2 px-3 py-3">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-sm">{p.name}</span>
              <div className="flex items-center gap-2 text-muted-foreground text-xs">
                <span aria-hidden="true">Only their zones</span>
                <OnlyTheirZones person={p} access={access(p)} />
              </div>
            </div>
            <ZonePicker person={p} zones={zones} access={access(p)} />
          </div>
        )}
        list={list}
        pageSize={PAGE_SIZE}
        query={query}
        search={{ label: "Search people", placeholder: "Search by name or zone" }}
        empty={{
          icon: <UsersIcon aria-hidden="true" />,
          title: "Nobody has a lead permission",
          description: "Give people Lead admin, Lead data entry or Lead reporting under Security.",
        }}
      />
    </section>
  );
}
