import { randomBytes } from "node:crypto";
import pg from "pg";
import { parseConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import type { PrismaClient } from "../src/generated/prisma/client.ts";
import type { EmployeePermission } from "../src/generated/prisma/enums.ts";
import { type RunningServer, startServer } from "../src/server.ts";

// API tests run the real server (Bun.serve on a free port) against a fresh database: an in-memory
// PGlite by default, or a uniquely named PostgreSQL database (created here, dropped after) when
// TEST_DATABASE_URL is set. Each test file gets its own server, database and branches.

export type TestServer = RunningServer & {
  prisma: PrismaClient;
  database: Database;
  /** The PostgreSQL database's URL (unset on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
};

/** A test server's configuration: a free port on loopback, quiet logs, the given variables on top. */
const testConfig = (env: Record<string, string>) =>
  parseConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", DEFAULT_BRANCH_HOST: "default-test", ...env });

export async function createTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  let database: Database;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `t_api_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ inMemory: true });
  }
  const server = await startServer(testConfig(env), { database, seed: false });
  return {
    ...server,
    prisma: database.prisma,
    database,
    databaseUrl,
    async close() {
      await server.stop();
      await database.close();
      await dropDatabase();
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

const hashCache = new Map<string, Promise<string>>();
const hash = (password: string) => {
  let h = hashCache.get(password);
  if (!h) {
    h = Bun.password.hash(password, { algorithm: "argon2id" });
    hashCache.set(password, h);
  }
  return h;
};

let branchCounter = 100;

/** Factories: each test makes its own branches and people. */
export function factories(prisma: PrismaClient) {
  return {
    async branch(opts: { host?: string; inactive?: boolean; features?: string[] } = {}) {
      const n = branchCounter++ + Math.floor(Math.random() * 1_000_000);
      const tenant = await prisma.tenant.create({ data: { name: `Tenant ${n}` } });
      return prisma.branch.create({
        data: {
          tenantId: tenant.id,
          branchNumber: n,
          company: `Branch ${n} Water`,
          internalName: `b${n}`,
          host: opts.host ?? `b${n}`,
          inactive: opts.inactive ?? false,
          features: (opts.features ?? ["V2_WEB_PORTAL"]) as never,
        },
      });
    },
    async user(
      branchId: string,
      opts: {
        email?: string;
        password?: string;
        superAdmin?: boolean;
        employee?: boolean;
        permissions?: EmployeePermission[];
      } = {},
    ) {
      const email = opts.email ?? `u${randomBytes(4).toString("hex")}@test.example`;
      let personId: string | undefined;
      if (opts.employee || opts.permissions) {
        const person = await prisma.person.create({ data: { branchId, firstName: "Emp", lastName: "Loyee", email } });
        personId = person.id;
        if (opts.permissions?.length)
          await prisma.permissionGrant.createMany({
            data: opts.permissions.map((permission) => ({
              branchId,
              actorType: "PERSON" as const,
              actorId: person.id,
              permission,
            })),
          });
      }
      const user = await prisma.user.create({
        data: {
          branchId,
          email,
          firstName: "Test",
          lastName: "User",
          passwordHash: await hash(opts.password ?? "secret-pass"),
          verifiedEmail: true,
          isSuperAdmin: opts.superAdmin ?? false,
          personId,
        },
      });
      return { ...user, password: opts.password ?? "secret-pass" };
    },
    async customer(branchId: string, accountNumber: string, opts: { userId?: string; securityCode?: string } = {}) {
      const customer = await prisma.customer.create({
        data: { branchId, accountNumber, securityCode: opts.securityCode ?? "1111", name: `Customer ${accountNumber}` },
      });
      if (opts.userId)
        await prisma.contact.create({
          data: {
            branchId,
            customerId: customer.id,
            userId: opts.userId,
            firstName: "Test",
            lastName: "User",
            role: "ADMINISTRATOR",
          },
        });
      return customer;
    },
  };
}

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
