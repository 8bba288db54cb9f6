import { parseConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import type { PrismaClient } from "../src/generated/prisma/client.ts";
import { type RunningServer, startServer } from "../src/server.ts";
import { freshTestDatabase } from "./test-database.ts";

// API tests run the real server (Bun.serve on a free port) against a fresh database: an in-memory
// PGlite by default, or a uniquely named PostgreSQL database (created here, dropped after) when
// TEST_DATABASE_URL is set; both are copies of one database migrated once (test-database.ts). Each
// test file gets its own server, database and branches.

export type TestServer = RunningServer & {
  prisma: PrismaClient;
  database: Database;
  /** The PostgreSQL database's URL (unset on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
};

/** A test server's configuration: a free port on loopback, quiet logs, the given variables on top. */
// A test server serves no web build unless the test gives one (WEB_DIST): whether `npm run build` ran
// before, or runs beside the API tests as in scripts/test.sh, must not change what a test sees (the
// build's trusted-documents manifest decides which documents a production server accepts).
const NO_WEB_BUILD = "api/test/no-web-build";

const testConfig = (env: Record<string, string>) =>
  parseConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DEFAULT_BRANCH_HOST: "default-test",
    WEB_DIST: NO_WEB_BUILD,
    ...env,
  });

/** `demo`: the database already holds the demo branch (seeded once per test process, test-database.ts). */
export async function createTestServer(
  env: Record<string, string> = {},
  opts: { demo?: boolean } = {},
): Promise<TestServer> {
  const { database, databaseUrl, dispose } = await freshTestDatabase({
    countStatements: env.SQL_STATEMENT_COUNT === "on",
    demo: opts.demo,
  });
  const server = await startServer(testConfig(env), { database, seed: false });
  return {
    ...server,
    prisma: database.prisma,
    database,
    databaseUrl,
    async close() {
      await server.stop();
      await dispose();
    },
  };
}

/**
 * A second server on the first one's database, as a second API container would be: on PostgreSQL
 * with its own connection pool, on PGlite sharing the in-memory database. Close it before the first.
 */
export async function createSiblingServer(first: TestServer, env: Record<string, string> = {}): Promise<TestServer> {
  const own = first.databaseUrl ? await openDatabase({ databaseUrl: first.databaseUrl }) : undefined;
  const database = own ?? first.database;
  const server = await startServer(testConfig({ JOBS: "off", ...env }), { database, seed: false });
  return {
    ...server,
    prisma: database.prisma,
    database,
    databaseUrl: first.databaseUrl,
    async close() {
      await server.stop();
      if (own) await own.close();
    },
  };
}

// The factories live in ./factories/ (one file per kind of record); re-exported for existing imports.
export { type Factories, factories } from "./factories/index.ts";

export type GqlResponse<T = Record<string, unknown>> = {
  status: number;
  data: T | null | undefined;
  errors?: { message: string; extensions?: { code?: string }; path?: string[] }[];
  headers: Headers;
};

/** A GraphQL client with its own cookie jar, like one browser. */
export class Client {
  cookie = "";
  /** Sent with every request (e.g. X-Forwarded-For behind a trusted proxy). */
  extraHeaders: Record<string, string> = {};
  constructor(
    readonly baseUrl: string,
    public branchHost?: string,
  ) {}

  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GqlResponse<T>> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/graphql-response+json",
    };
    if (this.branchHost) headers.BranchHost = this.branchHost;
    if (this.cookie) headers.cookie = this.cookie;
    Object.assign(headers, this.extraHeaders);
    const res = await fetch(`${this.baseUrl}/graphql`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query, variables }),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      if (!pair) continue;
      const [name, value] = pair.split("=");
      if (!value || /Max-Age=0/i.test(set)) this.cookie = "";
      else this.cookie = `${name}=${value}`;
    }
    const body = (await res.json()) as { data?: T; errors?: GqlResponse["errors"] };
    return { status: res.status, data: body.data, errors: body.errors, headers: res.headers };
  }

  async login(username: string, password: string, autoLogout = false) {
    const r = await this.gql<{ login: { isSuccess: boolean; message: string; employeePersonId: string | null } }>(
      "mutation($u:String!,$p:String!,$a:Boolean){ login(username:$u,password:$p,autoLogout:$a){ isSuccess message employeePersonId } }",
      { u: username, p: password, a: autoLogout },
    );
    return { ...r.data!.login, headers: r.headers };
  }
}
