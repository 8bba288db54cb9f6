import { z } from "zod";
import pkg from "../../package.json" with { type: "json" };

// Every environment variable the server reads, parsed once. Defaults give the embedded mode
// (PGlite in DATA_DIR, in-process pub/sub, outbox mail), so a fresh machine needs no setup.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
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
  DEFAULT_BRANCH_HOST: z.string().min(1).default("demo"),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  PUBLIC_URL: z.url("must be a URL like https://portal.example.com").optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  APP_VERSION: z.string().min(1).default(pkg.version),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  WEB_DIST: z.string().default("web/dist"),
  NODE_ENV: z.string().default("development"),
});

// PUBLIC_URL defaults to this machine on PORT.
export type Config = Omit<z.infer<typeof schema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws a one-line message naming the variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`);
  }
  return { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}` };
}
