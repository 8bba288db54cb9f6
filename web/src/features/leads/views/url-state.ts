import { useRef } from "react";
import { useLocation, useSearch } from "wouter";
import type { LeadGroupBy, LeadViewInput, LeadViewRow, LeadWhere } from "./api";

// A lead view's working state lives in the address, so a reload, the back button and a shared link show
// the same leads: ?v=1 (the view's saved state was taken in), status, source, person, form, zone (lists,
// comma separated), from and to (dates), days (the last N days), q (search), group, cols, sort, dir,
// page. Opening a view without ?v=1 writes its saved state there; "Save view" writes the address back.

export const LIST_KEYS = ["status", "source", "person", "form", "zone"] as const;
export type ListKey = (typeof LIST_KEYS)[number];

export type ViewParams = {
  lists: Record<ListKey, string[]>;
  from: string;
  to: string;
  days: number | null;
  group: LeadGroupBy | "";
  cols: string[];
};

const GROUPS = ["STATUS", "SOURCE", "PERSON", "FORM", "ZONE", "DAY", "WEEK", "MONTH"] as const;

export function readViewParams(search: string): ViewParams {
  const p = new URLSearchParams(search);
  const list = (k: string) => (p.get(k) ?? "").split(",").filter(Boolean);
  const days = Number.parseInt(p.get("days") ?? "", 10);
  const group = p.get("group") ?? "";
  return {
    lists: Object.fromEntries(LIST_KEYS.map((k) => [k, list(k)])) as Record<ListKey, string[]>,
    from: /^\d{4}-\d{2}-\d{2}$/.test(p.get("from") ?? "") ? p.get("from")! : "",
    to: /^\d{4}-\d{2}-\d{2}$/.test(p.get("to") ?? "") ? p.get("to")! : "",
    days: days > 0 ? days : null,
    group: (GROUPS as readonly string[]).includes(group) ? (group as LeadGroupBy) : "",
    cols: list("cols"),
  };
}

/** The `where` of the address's state (dates are whole days in the browser's time zone). */
export function whereOf(params: ViewParams, q: string): LeadWhere {
  const { lists } = params;
  const day = (d: string, plus = 0) => {
    const t = new Date(`${d}T00:00:00`);
    t.setDate(t.getDate() + plus);
    return t.toISOString();
  };
  return {
    statuses: lists.status as LeadWhere["statuses"],
    sourceIds: lists.source,
    personIds: lists.person,
    formIds: lists.form,
    zoneIds: lists.zone,
    from: params.from ? day(params.from) : null,
    to: params.to ? day(params.to, 1) : null,
    lastDays: !params.from && params.days ? params.days : null,
    search: q.trim() || null,
  };
}

const localDate = (iso: string | null | undefined) => {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The address of a view's saved state. */
export function searchOfView(view: LeadViewRow): string {
  const f = view.filter;
  const p = new URLSearchParams({ v: "1" });
  const set = (k: string, v: string | string[] | null | undefined) => {
    const text = Array.isArray(v) ? v.join(",") : (v ?? "");
    if (text) p.set(k, text);
  };
  set("status", f.statuses);
  set("source", f.sourceIds);
  set("person", f.personIds);
  set("form", f.formIds);
  set("zone", f.zoneIds);
  set("from", localDate(f.from));
  if (f.to) {
    const before = new Date(f.to);
    before.setDate(before.getDate() - 1);
    set("to", localDate(before.toISOString()));
  }
  set("days", f.lastDays ? String(f.lastDays) : null);
  set("q", f.search);
  set("group", view.groupBy);
  set("cols", view.columns);
  if (view.sortBy !== "enteredTime") set("sort", view.sortBy);
  if (view.sortAscending) set("dir", "ASC");
  return `?${p.toString()}`;
}

/** What "Save view" writes: the address's state as the view's filter, grouping, columns and sort. */
export function inputOfParams(params: ViewParams, q: string, sort: string, ascending: boolean): LeadViewInput {
  const where = whereOf(params, q);
  return {
    filter: { ...where, search: where.search ?? "" },
    groupBy: params.group,
    columns: params.cols,
    sortBy: sort as LeadViewInput["sortBy"],
    sortAscending: ascending,
  };
}

/** The view's own parameters in the address, and a setter that keeps the rest (and goes to page 1). */
export function useViewParams() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const current = useRef({ search, location });
  current.current = { search, location };
  const params = readViewParams(search);
  const set = (patch: Record<string, string | string[] | number | null>) => {
    const p = new URLSearchParams(current.current.search);
    for (const [k, v] of Object.entries(patch)) {
      const text = Array.isArray(v) ? v.join(",") : v === null ? "" : String(v);
      if (text) p.set(k, text);
      else p.delete(k);
    }
    p.delete("page");
    p.set("v", "1");
    navigate(`${current.current.location}?${p.toString()}`, { replace: true });
  };
  return { params, set, search, hasState: new URLSearchParams(search).has("v") };
}
