import { REFERENCE_DATE } from "../db/seed-clock.ts";
import { addDays, nextWeekday } from "./dates.ts";
import { type Rows, uuid } from "./rows.ts";

// Delivery routes of the three demo branches and their run dates (route calendars).

type RouteSpec = { number: string; name: string; weekday: number; zips: string[]; driver: number };

export type RouteInfo = { id: string; weekday: number; spec: RouteSpec; nextDate: Date | null; refAnchor: Date };

export function addRoutes(
  rows: Rows,
  branchId: string,
  specs: RouteSpec[],
  driverIds: string[],
  today: Date | null,
): Map<string, RouteInfo> {
  const out = new Map<string, RouteInfo>();
  for (const spec of specs) {
    const id = uuid();
    rows.routes.push({
      id,
      branchId,
      routeNumber: spec.number,
      name: spec.name,
      driverPersonId: driverIds[spec.driver] ?? null,
    });
    out.set(spec.number, {
      id,
      weekday: spec.weekday,
      spec,
      refAnchor: nextWeekday(REFERENCE_DATE, spec.weekday),
      nextDate: today ? nextWeekday(today, spec.weekday) : null,
    });
  }
  return out;
}

/** Every run date of every route from 8 weeks before to 16 weeks after today (no faker: date-dependent). */
export function addCalendars(rows: Rows, branchId: string, routes: Map<string, RouteInfo>, today: Date) {
  const from = addDays(today, -56);
  const to = addDays(today, 112);
  for (const r of routes.values()) {
    for (let d = nextWeekday(from, r.weekday); d <= to; d = addDays(d, 7)) {
      rows.calendar.push({ id: crypto.randomUUID(), branchId, routeId: r.id, date: d });
    }
  }
}

export const DEMO_ROUTES: RouteSpec[] = [
  { number: "101", name: "Downtown & Central", weekday: 1, zips: ["78701", "78702", "78705"], driver: 0 },
  { number: "102", name: "South Austin", weekday: 2, zips: ["78704", "78745", "78748"], driver: 1 },
  { number: "103", name: "East Austin", weekday: 3, zips: ["78721", "78722", "78723"], driver: 2 },
  { number: "104", name: "Central North", weekday: 4, zips: ["78751", "78756", "78757"], driver: 0 },
  { number: "105", name: "North Austin", weekday: 5, zips: ["78758", "78727", "78759"], driver: 1 },
  { number: "106", name: "Northwest Hills", weekday: 1, zips: ["78731", "78750"], driver: 3 },
  { number: "107", name: "West Lake & Southwest", weekday: 2, zips: ["78703", "78746", "78749"], driver: 4 },
  { number: "108", name: "Salt & Filters", weekday: 5, zips: [], driver: 5 },
];

export const NORTH_ROUTES: RouteSpec[] = [
  {
    number: "201",
    name: "Downtown & Uptown",
    weekday: 2,
    zips: ["55401", "55403", "55404", "55405", "55408"],
    driver: 0,
  },
  {
    number: "202",
    name: "South Minneapolis",
    weekday: 3,
    zips: ["55406", "55407", "55409", "55410", "55417", "55419"],
    driver: 1,
  },
  {
    number: "203",
    name: "Northeast & North",
    weekday: 4,
    zips: ["55411", "55412", "55413", "55414", "55418"],
    driver: 2,
  },
];

export const CLOSED_ROUTES: RouteSpec[] = [
  { number: "301", name: "Boulder", weekday: 3, zips: ["80301", "80302", "80303", "80304"], driver: 0 },
];
