import { BriefcaseIcon, StoreIcon, UsersIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useClientRows } from "@/components/data-list/client-rows";
import { type DataColumn, DataTable, type ListQuery } from "@/components/data-list/data-table";
import type { ListState } from "@/components/data-list/use-list-url-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import {
  type RetailerEmployeeRow,
  type RetailerServiceRow,
  type RetailerStoreRow,
  usePatchRetailerService,
  usePatchRetailerStore,
} from "./api";

// The stores, services and employees the retailer's feed lists, each a short kit table on the settings
// page (their search and page kept in the component: three lists on one page cannot share the address).
// A store sends its referrals to a lead source; a service switched off has its referrals declined.

type Sort = "NAME";
type Query = ListQuery;
const PAGE_SIZE = 10;
const NO_SOURCE = "__none__";

function useLocalList() {
  const [state, setState] = useState<ListState<Sort, never>>({
    q: "",
    page: 1,
    sort: "NAME",
    dir: "ASC",
    flags: {} as Record<never, boolean>,
  });
  return {
    state,
    update: (patch: Partial<ListState<Sort, never>>) => setState((s) => ({ ...s, ...patch })),
    sortProps: () => ({}),
  };
}

function SmallTable<Row>(props: {
  label: string;
  noun: string;
  rows: Row[] | undefined;
  query: Query;
  columns: DataColumn<Row, Sort>[];
  rowKey: (r: Row) => string;
  text: (r: Row) => string[];
  name: (r: Row) => string;
  icon: ReactNode;
  empty: string;
}) {
  const list = useLocalList();
  const { rows, total } = useClientRows(props.rows, list.state, {
    searchText: props.text,
    sortValue: { NAME: props.name },
    pageSize: PAGE_SIZE,
  });
  return (
    <section aria-label={props.label} className="grid gap-2">
      <h2 className="font-semibold text-base">{props.label}</h2>
      <DataTable
        label={props.label}
        noun={props.noun}
        columns={props.columns}
        rows={rows}
        total={total}
        rowKey={props.rowKey}
        list={list}
        pageSize={PAGE_SIZE}
        query={props.query}
        search={{ label: `Search ${props.noun}` }}
        empty={{ icon: props.icon, title: `No ${props.noun} yet`, description: props.empty }}
      />
    </section>
  );
}

export function StoresTable({
  stores,
  sources,
  query,
}: {
  stores: RetailerStoreRow[] | undefined;
  sources: { id: string; name: string; inactive: boolean }[];
  query: Query;
}) {
  const patch = usePatchRetailerStore();
  const columns: DataColumn<RetailerStoreRow, Sort>[] = [
    { header: "Store", cell: (s) => <span className="font-mono text-xs">{s.storeNumber}</span> },
    { header: "Name", cell: (s) => <span className="font-medium">{s.name}</span> },
    { header: "City", cell: (s) => [s.city, s.stateCode].filter(Boolean).join(", ") },
    {
      header: "Lead source",
      cell: (s) => (
        <Select
          value={s.leadSourceId ?? NO_SOURCE}
          onValueChange={(v) => patch.run({ id: s.id, leadSourceId: v === NO_SOURCE ? null : v })}
        >
          <SelectTrigger aria-label={`Lead source of store ${s.storeNumber}`} className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_SOURCE}>The default source</SelectItem>
            {sources.map((src) => (
              <SelectItem key={src.id} value={src.id}>
                {src.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ),
    },
  ];
  return (
    <SmallTable
      label="Stores"
      noun="stores"
      rows={stores}
      query={query}
      columns={columns}
      rowKey={(s) => s.id}
      text={(s) => [s.storeNumber, s.name, s.city]}
      name={(s) => s.storeNumber.padStart(8, "0")}
      icon={<StoreIcon aria-hidden="true" />}
      empty="The stores arrive with the first read of the feed."
    />
  );
}

export function ServicesTable({ services, query }: { services: RetailerServiceRow[] | undefined; query: Query }) {
  const patch = usePatchRetailerService();
  const columns: DataColumn<RetailerServiceRow, Sort>[] = [
    { header: "Service", cell: (s) => <span className="font-medium">{s.name || s.code}</span> },
    { header: "Code", cell: (s) => <span className="font-mono text-xs">{s.code}</span> },
    {
      header: "Offered",
      cell: (s) => (
        <Switch
          checked={s.offered}
          aria-label={`Offer ${s.name || s.code}`}
          onCheckedChange={(offered) => patch.run({ id: s.id, offered })}
        />
      ),
    },
  ];
  return (
    <SmallTable
      label="Services"
      noun="services"
      rows={services}
      query={query}
      columns={columns}
      rowKey={(s) => s.id}
      text={(s) => [s.code, s.name]}
      name={(s) => s.name || s.code}
      icon={<BriefcaseIcon aria-hidden="true" />}
      empty="The services arrive with the first read of the feed."
    />
  );
}

export function EmployeesTable({ employees, query }: { employees: RetailerEmployeeRow[] | undefined; query: Query }) {
  const columns: DataColumn<RetailerEmployeeRow, Sort>[] = [
    { header: "Employee", cell: (e) => <span className="font-medium">{e.name || e.employeeId}</span> },
    { header: "Id", cell: (e) => <span className="font-mono text-xs">{e.employeeId}</span> },
    { header: "Store", cell: (e) => <span className="font-mono text-xs">{e.storeNumber}</span> },
  ];
  return (
    <SmallTable
      label="Employees"
      noun="employees"
      rows={employees}
      query={query}
      columns={columns}
      rowKey={(e) => e.id}
      text={(e) => [e.employeeId, e.name, e.storeNumber]}
      name={(e) => e.name || e.employeeId}
      icon={<UsersIcon aria-hidden="true" />}
      empty="The store employees who refer leads arrive with the first read of the feed."
    />
  );
}
