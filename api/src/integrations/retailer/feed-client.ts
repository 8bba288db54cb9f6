import { z } from "zod";
import {
  employeeSchema,
  FEED_LIST_LIMIT,
  type FeedEmployee,
  type FeedService,
  type FeedStore,
  type Referral,
  referralSchema,
  serviceSchema,
  storeSchema,
  type WriteBack,
} from "./feed-format.ts";

// The retailer referral feed over HTTP (fetch), in the format of feed-format.ts. Every failure is a
// FeedError with a sentence saying what went wrong (unreachable, refused credentials, an answer that is
// not the feed's format), which the poller stores as the feed's last error.

export type FeedConnection = { baseUrl: string; accountId: string; secret: string };

export class FeedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;
/** An answer larger than this is refused rather than read (a feed gone wrong must not fill memory). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const listOf = <T extends z.ZodTypeAny>(key: string, item: T) =>
  z.object({ [key]: z.array(z.unknown()).max(100_000) }).transform((o) =>
    (o[key] as unknown[]).slice(0, FEED_LIST_LIMIT).flatMap((v) => {
      const r = item.safeParse(v);
      return r.success ? [r.data as z.infer<T>] : [];
    }),
  );

export function feedClient(conn: FeedConnection, fetchImpl: typeof fetch = fetch) {
  const base = `${conn.baseUrl.replace(/\/+$/, "")}/v1/dealers/${encodeURIComponent(conn.accountId)}`;

  async function call(path: string, init: RequestInit = {}): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${conn.secret}`, accept: "application/json", ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: "error",
      });
    } catch (error) {
      const why =
        error instanceof Error && error.name === "TimeoutError"
          ? "did not answer in 10 seconds"
          : "could not be reached";
      throw new FeedError(`The retailer's feed ${why} (${conn.baseUrl}).`);
    }
    if (res.status === 401 || res.status === 403)
      throw new FeedError("The retailer refused the credentials: check the account and the secret.", res.status);
    if (!res.ok)
      throw new FeedError(`The retailer's feed answered ${res.status} to ${path.split("?")[0]}.`, res.status);
    const length = Number(res.headers.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) throw new FeedError("The retailer's feed answered with more than 8 MB.");
    const body = await res.text();
    if (body.length > MAX_BODY_BYTES) throw new FeedError("The retailer's feed answered with more than 8 MB.");
    try {
      return JSON.parse(body);
    } catch {
      throw new FeedError(`The retailer's feed did not answer JSON to ${path}.`);
    }
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const r = schema.safeParse(value);
    if (!r.success) throw new FeedError(`The retailer's ${what} were not in the feed's format.`);
    return r.data;
  }

  return {
    /** The open referrals; items not in the format are left out and counted. */
    async referrals(): Promise<{ referrals: Referral[]; unreadable: number }> {
      const body = await call("/referrals");
      const raw = parse(z.object({ referrals: z.array(z.unknown()).max(100_000) }), body, "referrals");
      const referrals: Referral[] = [];
      let unreadable = 0;
      for (const item of raw.referrals.slice(0, FEED_LIST_LIMIT)) {
        const r = referralSchema.safeParse(item);
        if (r.success) referrals.push(r.data);
        else unreadable++;
      }
      return { referrals, unreadable };
    },
    async stores(): Promise<FeedStore[]> {
      return parse(listOf("stores", storeSchema), await call("/stores"), "stores");
    },
    async services(): Promise<FeedService[]> {
      return parse(listOf("services", serviceSchema), await call("/services"), "services");
    },
    async employees(): Promise<FeedEmployee[]> {
      return parse(listOf("employees", employeeSchema), await call("/employees"), "employees");
    },
    /** Tells the retailer what became of a referral; true only when the retailer confirms it. */
    async writeBack(referralId: string, status: WriteBack): Promise<void> {
      const body = await call(`/referrals/${encodeURIComponent(referralId)}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(status),
      });
      const ok = z.object({ confirmed: z.literal(true) }).safeParse(body);
      if (!ok.success) throw new FeedError("The retailer did not confirm the status.");
    },
  };
}

export type FeedClient = ReturnType<typeof feedClient>;
