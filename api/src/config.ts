import { z } from "zod";
import pkg from "../../package.json" with { type: "json" };

const isOrigin = (o: string) => {
  try {
    const u = new URL(o);
    return (u.protocol === "https:" || u.protocol === "http:") && u.origin === o;
  } catch {
    return false;
  }
};

// Every environment variable the server reads, parsed once. Defaults give the embedded mode
// (PGlite in DATA_DIR, in-process pub/sub, outbox mail), so a fresh machine needs no setup.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Worker processes serving PORT together (every core in use). More than one needs DATABASE_URL (and
  // REDIS_URL, so that caches, throttles and subscriptions are shared): the embedded PGlite database is
  // one process. api/src/cluster.ts starts them.
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  // Set by the cluster for each worker it starts (1..WORKERS); unset for a lone server.
  WORKER_ID: z.coerce.number().int().min(1).max(64).optional(),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  // Prefix of this deployment's Redis keys (throttle counters), so several deployments can share one Redis.
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default("routewater:"),
  DEFAULT_BRANCH_HOST: z.string().min(1).default("demo"),
  // The header the deployment's own proxy sets to the client address (e.g. x-forwarded-for, x-real-ip);
  // unset: the socket address (security/ip-allowlist.ts clientAddress). Only when the proxy is the way in.
  TRUSTED_PROXY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, "must be a header name like x-forwarded-for")
    .optional(),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  PUBLIC_URL: z.url("must be a URL like https://portal.example.com").optional(),
  // Other origins whose pages may call /graphql with cookies (CORS) and open its websocket; none by default.
  CORS_ORIGINS: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((o) => o.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isOrigin, "must be comma-separated origins like https://shop.example.com")))
    .default([]),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\s@<>]+@[^\s@<>]+$/, "must be an email address like no-reply@example.com")
    .default("no-reply@localhost"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  APP_VERSION: z.string().min(1).default(pkg.version),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  WEB_DIST: z.string().default("web/dist"),
  NODE_ENV: z.string().default("development"),
  // Address autocomplete: the offline index of the branch's own streets, or a Mapbox-compatible API.
  GEOCODER_PROVIDER: z.enum(["offline", "mapbox"]).default("offline"),
  GEOCODER_URL: z.url("must be a URL like https://api.mapbox.com").optional(),
  GEOCODER_API_KEY: z.string().min(1).optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  // Payments: the embedded sandbox gateway, or NMI for branches with an NMI security key (paymentApiKey).
  // Unset: the sandbox in development; in production NMI only (the sandbox must be asked for by name).
  PAYMENT_GATEWAY: z.enum(["sandbox", "nmi"]).optional(),
  NMI_URL: z
    .url("must be a URL like https://secure.nmi.com/api/transact.php")
    .default("https://secure.nmi.com/api/transact.php"),
  NMI_COLLECT_JS_URL: z.url("must be a URL").default("https://secure.nmi.com/token/Collect.js"),
  NMI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  // Background jobs (pg-boss): autopay. "off" runs none in this process.
  JOBS: z.enum(["on", "off"]).default("on"),
  AUTOPAY_LOCAL_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  // Automations: seconds before each retry of a failing action (then the run fails); tests shorten them.
  AUTOMATION_RETRY_SECONDS: z
    .string()
    .regex(/^\d{1,6}(,\d{1,6}){0,9}$/, "must be up to 10 whole numbers of seconds separated by commas, e.g. 1,10,60")
    .default("1,10,60,600,3600"),
  // Automations: how long a worker holds a run before another may take it up (it must outlast a run).
  AUTOMATION_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  // Automations: also sweep for due and abandoned runs every N seconds in this process (the job runner's
  // sweep runs every minute); tests and fault drills shorten the wait after a crash with it.
  AUTOMATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  // Error alerts (admin console) also post to this Slack incoming webhook when set.
  SLACK_WEBHOOK_URL: z.url("must be a URL like https://hooks.slack.com/services/...").optional(),
  // Uploaded media (shop photos, logos): files under STORAGE_DIR, or an S3-compatible bucket when S3_BUCKET is set.
  STORAGE_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url("must be a URL like https://s3.us-east-1.amazonaws.com").optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  // Territory maps: a hosted vector style (MapLibre style JSON URL), else a local PMTiles basemap
  // (served at /map/basemap.pmtiles with the protomaps style), else the built-in offline basemap.
  MAP_STYLE_URL: z.url("must be a URL like https://tiles.example/style.json").optional(),
  MAP_PMTILES_PATH: z.string().min(1).optional(),
  // Diagnostics for the benchmark: count SQL statements per request, returned in an x-sql-statements header.
  SQL_STATEMENT_COUNT: z.enum(["on", "off"]).default("off"),
  // The work factor of new password hashes (argon2id memory in KiB, passes); unset: 64 MiB, 2 passes.
  // Test servers set a cheap one; production refuses less than OWASP's minimum (19 MiB, 2 passes).
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(64).max(4_194_304).optional(),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(10).optional(),
  // Starts the business clock at this instant instead of the real time (tests and demos; see clock.ts).
  CLOCK_START: z.iso
    .datetime({ offset: true, message: "must be an ISO 8601 instant like 2026-12-31T23:30:00-06:00" })
    .optional(),
});

// PUBLIC_URL defaults to this machine on PORT; STORAGE_DIR to DATA_DIR/media.
export type Config = Omit<z.infer<typeof schema>, "PUBLIC_URL" | "STORAGE_DIR" | "PAYMENT_GATEWAY"> & {
  PUBLIC_URL: string;
  STORAGE_DIR: string;
  PAYMENT_GATEWAY: "sandbox" | "nmi";
};

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws a one-line message naming the variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`);
  }
  if (result.data.GEOCODER_PROVIDER === "mapbox" && !result.data.GEOCODER_API_KEY)
    throw new ConfigError("Invalid environment variable GEOCODER_API_KEY: required when GEOCODER_PROVIDER is mapbox");
  const { NODE_ENV, PASSWORD_HASH_MEMORY_KIB: memory, PASSWORD_HASH_TIME_COST: passes } = result.data;
  if (NODE_ENV === "production" && memory !== undefined && memory < 19_456)
    throw new ConfigError("Invalid environment variable PASSWORD_HASH_MEMORY_KIB: at least 19456 in production");
  if (NODE_ENV === "production" && passes !== undefined && passes < 2)
    throw new ConfigError("Invalid environment variable PASSWORD_HASH_TIME_COST: at least 2 in production");
  return {
    ...result.data,
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
    PAYMENT_GATEWAY: result.data.PAYMENT_GATEWAY ?? (result.data.NODE_ENV === "production" ? "nmi" : "sandbox"),
    STORAGE_DIR: result.data.STORAGE_DIR ?? `${result.data.DATA_DIR.replace(/\/+$/, "")}/media`,
  };
}
