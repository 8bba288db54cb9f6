import type { FeedEmployee, FeedService, FeedStore, Referral, WriteBack } from "./feed-format.ts";
import { writeBackSchema } from "./feed-format.ts";

// A local stand-in for a retailer's referral feed, speaking the format of feed-format.ts over HTTP. The
// API tests serve one on a free port (and change its referrals, or make it fail); in development the
// server mounts one at /retailer-stand-in (the demo branch's Costco connection points there).
//
// The development stand-in's referrals are made from the account id alone (nothing held per process):
// every worker of a cluster answers the same feed, and a write-back is confirmed by whichever answers.

export type StandInState = {
  referrals: Referral[];
  stores: FeedStore[];
  services: FeedService[];
  employees: FeedEmployee[];
  /** Every write-back received, confirmed or not: [referralId, status]. */
  writeBacks: [string, WriteBack][];
  /** How many of the next write-backs answer 503 (then it confirms again). */
  failWriteBacks: number;
  /** How many of the next referral reads answer 503. */
  failReads: number;
};

export type StandInOptions = {
  /** The secret it accepts; unset: any non-empty secret. */
  secret?: string;
  /** The feed of an account (the development stand-in makes one from the account id). */
  feedFor?: (accountId: string) => Pick<StandInState, "referrals" | "stores" | "services" | "employees">;
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export function createRetailerStandIn(opts: StandInOptions = {}) {
  const state: StandInState = {
    referrals: [],
    stores: [],
    services: [],
    employees: [],
    writeBacks: [],
    failWriteBacks: 0,
    failReads: 0,
  };
  const feed = (account: string) => (opts.feedFor ? opts.feedFor(account) : state);

  /** Answers a request whose path starts at /v1 (a mount strips its own prefix). */
  async function handle(req: Request, path: string): Promise<Response> {
    const m = path.match(/^\/v1\/dealers\/([^/]+)\/(referrals|stores|services|employees)(?:\/([^/]+)\/status)?$/);
    if (!m) return json({ error: "Not found." }, 404);
    const token = req.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? "";
    if (!token || (opts.secret !== undefined && token !== opts.secret))
      return json({ error: "Unknown dealer credentials." }, 401);
    const [, account, list, referralId] = m;
    const f = feed(decodeURIComponent(account!));
    if (referralId !== undefined) {
      if (req.method !== "POST") return json({ error: "Use POST." }, 405);
      const parsed = writeBackSchema.safeParse(await req.json().catch(() => null));
      if (!parsed.success) return json({ error: "Not a status." }, 400);
      const id = decodeURIComponent(referralId);
      state.writeBacks.push([id, parsed.data]);
      if (state.failWriteBacks > 0) {
        state.failWriteBacks--;
        return json({ error: "Try again later." }, 503);
      }
      if (!f.referrals.some((r) => r.referralId === id)) return json({ error: "Unknown referral." }, 404);
      return json({ referralId: id, status: parsed.data.status, confirmed: true });
    }
    if (req.method !== "GET") return json({ error: "Use GET." }, 405);
    if (list === "referrals") {
      if (state.failReads > 0) {
        state.failReads--;
        return json({ error: "Try again later." }, 503);
      }
      return json({ referrals: f.referrals });
    }
    if (list === "stores") return json({ stores: f.stores });
    if (list === "services") return json({ services: f.services });
    return json({ employees: f.employees });
  }

  return {
    state,
    /** For Bun.serve: the feed at the root of the server. */
    fetch: (req: Request) => handle(req, new URL(req.url).pathname),
    /** For a mount at `prefix` inside another server. */
    mounted: (req: Request, prefix: string) => handle(req, new URL(req.url).pathname.slice(prefix.length)),
  };
}

// ───────────── the development stand-in's feed ─────────────

const FIRST = ["Maria", "James", "Linh", "Robert", "Aisha", "Carlos", "Emily", "Derek", "Priya", "Tom"];
const LAST = ["Gonzalez", "Whitaker", "Nguyen", "Baker", "Rahman", "Ortega", "Lindqvist", "Shaw", "Patel", "Reyes"];
const STREETS = ["Burnet Rd", "N Lamar Blvd", "Manchaca Rd", "Slaughter Ln", "Parmer Ln", "W William Cannon Dr"];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Ten referrals, three stores, three services and four employees, the same for the same account. */
export function demoFeed(accountId: string, now = new Date()) {
  const h = hash(accountId);
  const stores: FeedStore[] = [
    { storeNumber: "681", name: "Austin", city: "Austin", state: "TX" },
    { storeNumber: "1160", name: "Cedar Park", city: "Cedar Park", state: "TX" },
    { storeNumber: "686", name: "San Marcos", city: "San Marcos", state: "TX" },
  ];
  const services: FeedService[] = [
    { code: "WATER-SOFT", name: "Water softener installation" },
    { code: "RO-DRINK", name: "Reverse osmosis drinking water" },
    { code: "WATER-TEST", name: "In-home water test" },
  ];
  const employees: FeedEmployee[] = [
    { employeeId: "E1001", name: "Sandra Kim", storeNumber: "681" },
    { employeeId: "E1002", name: "Marcus Bell", storeNumber: "681" },
    { employeeId: "E2001", name: "Olivia Grant", storeNumber: "1160" },
    { employeeId: "E3001", name: "Hector Diaz", storeNumber: "686" },
  ];
  const day = 86_400_000;
  const referrals: Referral[] = Array.from({ length: 10 }, (_, i) => {
    const k = (h + i * 7) % 10;
    const store = stores[i % 3]!;
    const phone = `512555${String(1000 + ((h + i * 37) % 9000)).padStart(4, "0")}`;
    return {
      referralId: `${accountId.slice(0, 20)}-${String(5001 + i)}`,
      storeNumber: store.storeNumber,
      serviceCode: services[i % 3]!.code,
      employeeId: employees.find((e) => e.storeNumber === store.storeNumber)!.employeeId,
      referredAt: new Date(now.getTime() - (i + 1) * (day / 3)).toISOString(),
      // The fourth was opened by another dealer before it reached this one.
      status: i === 3 ? "OPENED" : "NEW",
      customer: {
        firstName: FIRST[k]!,
        lastName: LAST[(k + i) % 10]!,
        email: i % 2 === 0 ? `${FIRST[k]!.toLowerCase()}.${LAST[(k + i) % 10]!.toLowerCase()}@example.com` : "",
        phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
        address: `${1200 + ((h + i * 131) % 8000)} ${STREETS[(k + i) % STREETS.length]!}`,
        city: store.city,
        state: "TX",
        zip: ["78757", "78613", "78666"][i % 3]!,
      },
      notes: i % 4 === 0 ? "Asked about a softener at the member services desk." : "",
    };
  });
  return { referrals, stores, services, employees };
}

/** The stand-in `npm start` mounts in development (any account, any non-empty secret). */
export const developmentStandIn = createRetailerStandIn({ feedFor: (account) => demoFeed(account) });
export const STAND_IN_PATH = "/retailer-stand-in";
