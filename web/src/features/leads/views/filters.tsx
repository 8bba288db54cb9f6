import { ChevronDownIcon, Columns3Icon, XIcon } from "lucide-react";
import { SelectControl } from "@/components/form";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import type { LeadViewOptions } from "./api";
import { DEFAULT_COLUMNS, LEAD_COLUMNS, STATUS_WORDS } from "./columns";
import type { ListKey, ViewParams } from "./url-state";

// A lead view's filters beside the table: a faceted menu per list (status, source, assigned person,
// form, zone: any of the values ticked), a time range (the last N days, or from and to dates), the
// grouping of the counts and the columns shown. Each change is written to the address.

type Option = { id: string; name: string };
type Set = (patch: Record<string, string | string[] | number | null>) => void;

function FacetMenu({
  label,
  options,
  chosen,
  onChange,
}: {
  label: string;
  options: Option[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const names = options.filter((o) => chosen.includes(o.id)).map((o) => o.name);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant={chosen.length ? "secondary" : "outline"}
          size="sm"
          aria-label={`Filter by ${label.toLowerCase()}`}
        >
          <span className="flex max-w-48 items-center">
            {label}
            {chosen.length ? (
              <span className="truncate font-normal text-muted-foreground">
                : {names.length === 1 ? names[0] : `${chosen.length} chosen`}
              </span>
            ) : null}
          </span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {options.map((o) => (
          <DropdownMenuCheckboxItem
            key={o.id}
            checked={chosen.includes(o.id)}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(on) => onChange(on ? [...chosen, o.id] : chosen.filter((id) => id !== o.id))}
          >
            {o.name}
          </DropdownMenuCheckboxItem>
        ))}
        {options.length === 0 ? <DropdownMenuItem disabled>None to choose</DropdownMenuItem> : null}
        {chosen.length ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onChange([])}>
              <XIcon aria-hidden="true" />
              Clear {label.toLowerCase()}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const STATUS_OPTIONS = Object.entries(STATUS_WORDS).map(([id, name]) => ({ id, name }));
const DAYS = [
  { value: "any", label: "Any time" },
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
  { value: "range", label: "Between dates" },
];
export const GROUPS = [
  { value: "none", label: "No grouping" },
  { value: "STATUS", label: "Group by status" },
  { value: "SOURCE", label: "Group by source" },
  { value: "PERSON", label: "Group by person" },
  { value: "FORM", label: "Group by form" },
  { value: "ZONE", label: "Group by zone" },
  { value: "DAY", label: "Group by day" },
  { value: "WEEK", label: "Group by week" },
  { value: "MONTH", label: "Group by month" },
];

export function ViewFilters({ params, set, options }: { params: ViewParams; set: Set; options?: LeadViewOptions }) {
  const facets: [ListKey, string, Option[]][] = [
    ["status", "Status", STATUS_OPTIONS],
    ["source", "Source", options?.sources ?? []],
    ["person", "Assigned to", options?.persons ?? []],
    ["form", "Form", options?.forms ?? []],
    ["zone", "Zone", options?.zones ?? []],
  ];
  const range = params.from || params.to ? "range" : params.days ? String(params.days) : "any";
  const known = DAYS.some((d) => d.value === range);
  const cols = params.cols.length ? params.cols : DEFAULT_COLUMNS;
  const dateInput = (key: "from" | "to", label: string) => (
    <Input
      type="date"
      aria-label={label}
      className="h-8 w-36"
      value={params[key]}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {facets.map(([key, label, opts]) => (
        <FacetMenu
          key={key}
          label={label}
          options={opts}
          chosen={params.lists[key]}
          onChange={(ids) => set({ [key]: ids })}
        />
      ))}
      <SelectControl
        value={known ? range : "custom"}
        onValueChange={(v) =>
          v === "range"
            ? set({ days: null, from: params.from || todayMinus(30), to: "" })
            : set({ days: v === "any" ? null : v, from: null, to: null })
        }
        options={known ? DAYS : [...DAYS, { value: "custom", label: `Last ${params.days} days` }]}
        trigger={{ "aria-label": "Time range", size: "sm", className: "w-40" }}
      />
      {range === "range" ? (
        <span className="flex items-center gap-1">
          {dateInput("from", "From")}
          <span className="text-muted-foreground text-xs">to</span>
          {dateInput("to", "To")}
        </span>
      ) : null}
      <SelectControl
        value={params.group || "none"}
        onValueChange={(v) => set({ group: v === "none" ? null : v })}
        options={GROUPS}
        trigger={{ "aria-label": "Group by", size: "sm", className: "w-40" }}
      />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm">
            <Columns3Icon aria-hidden="true" />
            Columns
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
          {LEAD_COLUMNS.map((c) => (
            <DropdownMenuCheckboxItem
              key={c.key}
              checked={cols.includes(c.key)}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(on) => {
                const next = on ? [...cols, c.key] : cols.filter((k) => k !== c.key);
                set({ cols: next.length ? LEAD_COLUMNS.map((x) => x.key).filter((k) => next.includes(k)) : ["name"] });
              }}
            >
              {c.header}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function todayMinus(days: number) {
  const d = new Date();
  d.setDate(d.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
