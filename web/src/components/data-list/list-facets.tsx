import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

// Facet filters of a list, beside its search and flags: a select of one value ("Status: Resolved") or
// a group of checkboxes of any values ("Severity: Fatal, Error"). They live in the address with the
// list's own state (?status=RESOLVED&severity=FATAL,ERROR) so a view survives reloads and can be
// linked; a value equal to its default is left out. Changing a facet goes back to the first page.
// Give them to <DataTable facets={{ facets, state }}> (or render <ListFacets> yourself).

export type ListFacetOption = {
  value: string;
  label: string;
  /** How many rows have this value, shown on a chip ("Cancelled 3"); left out while unknown. */
  count?: number;
};

export type ListFacet = {
  /** The address parameter ("status"). */
  key: string;
  /** The control's accessible name ("Delivery status"); a check group's legend. */
  label: string;
  options: readonly ListFacetOption[];
  /**
   * "select": one value (the default); "checks": any of the values, as checkboxes; "chips": one
   * value, as a row of toggle buttons with their counts (a short list of states, e.g. order status).
   */
  kind?: "select" | "checks" | "chips";
  /** A select's value when the address has none (the first option unless given). */
  defaultValue?: string;
  /** A check group's values when the address has none (none unless given). */
  defaultValues?: readonly string[];
  /** Keep any value the address gives, not only the options' (options still loading, e.g. branches). */
  open?: boolean;
  /** Width of a select's trigger, e.g. "sm:w-44". */
  className?: string;
};

export type FacetValues = Record<string, string | string[]>;

const isChecks = (f: ListFacet) => f.kind === "checks";
const defaultOf = (f: ListFacet): string | string[] =>
  isChecks(f) ? [...(f.defaultValues ?? [])] : (f.defaultValue ?? f.options[0]?.value ?? "");
const same = (a: string | string[], b: string | string[]) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v) => b.includes(v)) : a === b;

/** The facets' values in `search`; unknown values fall back to the default. */
export function readFacets(search: string, facets: readonly ListFacet[]): FacetValues {
  const p = new URLSearchParams(search);
  const known = (f: ListFacet, v: string) => !!f.open || f.options.some((o) => o.value === v);
  return Object.fromEntries(
    facets.map((f) => {
      const raw = p.get(f.key);
      if (raw === null) return [f.key, defaultOf(f)];
      if (isChecks(f))
        return [
          f.key,
          raw
            .split(",")
            .filter((v) => known(f, v))
            // in the options' order
            .sort((a, b) => f.options.findIndex((o) => o.value === a) - f.options.findIndex((o) => o.value === b)),
        ];
      return [f.key, known(f, raw) ? raw : defaultOf(f)];
    }),
  );
}

/** `search` with the facets' values written (defaults left out) and the page reset. */
export function writeFacets(search: string, values: FacetValues, facets: readonly ListFacet[]): string {
  const p = new URLSearchParams(search);
  for (const f of facets) {
    const v = values[f.key] ?? defaultOf(f);
    if (same(v, defaultOf(f))) p.delete(f.key);
    else p.set(f.key, Array.isArray(v) ? v.join(",") : v);
  }
  p.delete("page");
  const text = p.toString();
  return text ? `?${text}` : "";
}

export type FacetState = {
  values: FacetValues;
  /** A select's value. */
  value: (key: string) => string;
  /** A check group's values. */
  checked: (key: string) => string[];
  set: (key: string, value: string | string[]) => void;
  /** Some facet is off its default (an empty list then says "no match"). */
  active: boolean;
  /** Every facet back to its default, and the other parameters named (search, page, flags) removed. */
  clear: (alsoRemove?: string[]) => void;
};

/** The facets' state in the address. `facets` is a constant of the page. */
export function useListFacets(facets: readonly ListFacet[]): FacetState {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the facets are constants of the page
  const values = useMemo(() => readFacets(search, facets), [search]);
  const go = (next: string) => navigate(`${location}${next}`, { replace: true });
  return {
    values,
    value: (key) => {
      const v = values[key];
      return typeof v === "string" ? v : "";
    },
    checked: (key) => {
      const v = values[key];
      return Array.isArray(v) ? v : [];
    },
    set: (key, value) => go(writeFacets(search, { ...values, [key]: value }, facets)),
    active: facets.some((f) => !same(values[f.key] ?? defaultOf(f), defaultOf(f))),
    clear: (alsoRemove = []) => {
      const p = new URLSearchParams(writeFacets(search, {}, facets));
      for (const key of alsoRemove) p.delete(key);
      const text = p.toString();
      go(text ? `?${text}` : "");
    },
  };
}

/** The facets' controls: a select per one-value facet, a row of checkboxes per any-of facet. */
export function ListFacets({
  facets,
  state,
  className,
}: {
  facets: readonly ListFacet[];
  state: FacetState;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-x-4 gap-y-2", className)}>
      {facets.map((f) =>
        f.kind === "chips" ? (
          <fieldset key={f.key} className="flex flex-wrap gap-1.5">
            <legend className="sr-only">{f.label}</legend>
            {f.options.map((o) => {
              const on = state.value(f.key) === o.value;
              return (
                <Button
                  key={o.value}
                  variant={on ? "default" : "outline"}
                  size="sm"
                  aria-pressed={on}
                  onClick={() => state.set(f.key, o.value)}
                >
                  {o.label}
                  {o.count !== undefined ? (
                    <span className={cn("rounded px-1 text-[11px] tabular-nums", on ? "bg-white/20" : "bg-muted")}>
                      {o.count}
                    </span>
                  ) : null}
                </Button>
              );
            })}
          </fieldset>
        ) : isChecks(f) ? (
          <fieldset key={f.key} className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <legend className="sr-only">{f.label}</legend>
            {f.options.map((o) => {
              const chosen = state.checked(f.key);
              return (
                <Label key={o.value} className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={chosen.includes(o.value)}
                    onCheckedChange={(on) =>
                      state.set(
                        f.key,
                        f.options.map((x) => x.value).filter((v) => (v === o.value ? on === true : chosen.includes(v))),
                      )
                    }
                  />
                  {o.label}
                </Label>
              );
            })}
          </fieldset>
        ) : (
          <Select key={f.key} value={state.value(f.key)} onValueChange={(v) => state.set(f.key, v)}>
            <SelectTrigger aria-label={f.label} className={cn("w-full sm:w-40", f.className)}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {f.options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ),
      )}
    </div>
  );
}
