import { ChevronRightIcon } from "lucide-react";
import { Link } from "wouter";
import type { DataColumn } from "@/components/data-list/data-table";
import { RowLink } from "@/components/data-list/data-table";
import { formatDateTime, formatNumber as n } from "@/lib/format";
import type { UsageRow } from "../../api";
import { FeatureBadges } from "../branches/feature-badges";

export type UsageSort =
  | "ACCOUNT"
  | "CUSTOMERS"
  | "WORK_ORDERS"
  | "RECEIPTS"
  | "LOGINS"
  | "LAST_LOGIN"
  | "LAST_TRANSACTION";
export const USAGE_SORTS: readonly UsageSort[] = [
  "ACCOUNT",
  "CUSTOMERS",
  "WORK_ORDERS",
  "RECEIPTS",
  "LOGINS",
  "LAST_LOGIN",
  "LAST_TRANSACTION",
];
export const usageSortValue: Record<UsageSort, (r: UsageRow) => string | number | null> = {
  ACCOUNT: (r) => Number(r.account) || r.account,
  CUSTOMERS: (r) => r.customers,
  WORK_ORDERS: (r) => r.workOrders,
  RECEIPTS: (r) => r.salesReceipts,
  LOGINS: (r) => r.logins,
  LAST_LOGIN: (r) => r.lastLoginAt,
  LAST_TRANSACTION: (r) => r.lastTransaction,
};

export const usageHref = (r: UsageRow) => `/admin/usage/${r.account}`;
const num = "text-right tabular-nums";

export const usageColumns: DataColumn<UsageRow, UsageSort>[] = [
  {
    header: "Account",
    sort: "ACCOUNT",
    cell: (r) => (
      <>
        <RowLink href={usageHref(r)}>
          #{r.account} {r.accountName}
        </RowLink>
        <div className="text-muted-foreground text-xs">
          {r.host} · {n(r.users)} users ({n(r.employees)} employees) · {n(r.warehouses)} warehouses
          {r.build ? ` · build ${r.build}` : ""}
        </div>
      </>
    ),
  },
  { header: "Customers", sort: "CUSTOMERS", className: num, cell: (r) => n(r.customers) },
  { header: "Work orders", sort: "WORK_ORDERS", className: num, cell: (r) => n(r.workOrders) },
  { header: "Sales receipts", sort: "RECEIPTS", className: num, cell: (r) => n(r.salesReceipts) },
  { header: "Sign-ins", sort: "LOGINS", className: num, cell: (r) => n(r.logins) },
  {
    header: "Last sign-in",
    sort: "LAST_LOGIN",
    className: "text-sm",
    cell: (r) => (
      <>
        <div className="whitespace-nowrap">{formatDateTime(r.lastLoginAt)}</div>
        <div className="text-muted-foreground text-xs">{r.loginUserName}</div>
      </>
    ),
  },
  {
    header: "Last transaction",
    sort: "LAST_TRANSACTION",
    className: "whitespace-nowrap text-sm",
    cell: (r) => formatDateTime(r.lastTransaction, { empty: "None" }),
  },
  { header: "Features", cell: (r) => <FeatureBadges features={r.features} watertight={r.watertightFeatures} /> },
];

export const usageMobileRow = (r: UsageRow) => (
  <Link
    href={usageHref(r)}
    className="flex items-start gap-3 p-3 outline-none hover:bg-muted/60 focus-visible:bg-muted"
  >
    <div className="grid min-w-0 flex-1 gap-1.5">
      <span className="font-medium">
        #{r.account} {r.accountName}
      </span>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs sm:grid-cols-4">
        {(
          [
            ["Customers", n(r.customers)],
            ["Work orders", n(r.workOrders)],
            ["Sales receipts", n(r.salesReceipts)],
            ["Sign-ins", n(r.logins)],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <span className="text-muted-foreground text-xs">
        Last sign-in {formatDateTime(r.lastLoginAt)} · last transaction{" "}
        {formatDateTime(r.lastTransaction, { empty: "none" })}
      </span>
      <FeatureBadges features={r.features} watertight={r.watertightFeatures} />
    </div>
    <ChevronRightIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
  </Link>
);
