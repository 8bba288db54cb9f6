import { afterAll, beforeAll, expect } from "bun:test";
import type { EmployeePermission } from "../src/generated/prisma/enums.ts";
import { Client, createTestServer, type Factories, factories, type GqlResponse, type TestServer } from "./harness.ts";

// Helpers of the personnel, security and API key tests: an employee holding given grants, and a
// client that authenticates with an API key (`Authorization: Bearer <key>`) instead of a session.

export type Branch = { server: TestServer; branchId: string; host: string };

/** Two fresh branches of one test server: the one a test works in, and another whose ids it must not reach. */
export async function twoBranches(server: TestServer): Promise<[Branch, Branch]> {
  const f = factories(server.prisma);
  const [a, b] = [await f.branch(), await f.branch()];
  return [
    { server, branchId: a.id, host: a.host },
    { server, branchId: b.id, host: b.host },
  ];
}

/**
 * A test file's own server (jobs off) with two fresh branches, made before its tests and closed after
 * them; `ready` gets the server, the branch the tests work in and the other branch. `env` adds server
 * settings. The start may take up to 3 minutes: the machine the suite runs on may be busy.
 */
export function serveTwoBranches(
  ready: (made: [TestServer, Branch, Branch]) => unknown,
  env: Record<string, string> = {},
) {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ JOBS: "off", ...env });
    await ready([server, ...(await twoBranches(server))]);
  }, 180_000);
  afterAll(() => server?.close(), 30_000);
}

/**
 * A test file's own server (jobs off) with one fresh branch, made before its tests and closed after
 * them; `ready` gets the server and the branch. `env` adds server settings (SQL_STATEMENT_COUNT: "on"
 * for the statement-count tests).
 */
export function serveBranch(
  ready: (made: Branch) => void,
  options?: Parameters<Factories["branch"]>[0],
  env: Record<string, string> = {},
) {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ JOBS: "off", ...env });
    const br = await factories(server.prisma).branch(options);
    ready({ server, branchId: br.id, host: br.host });
  }, 60_000);
  afterAll(() => server.close(), 30_000);
}

/**
 * serveBranch for the statement-count tests: the server answers each request's SQL statement count
 * (SQL_STATEMENT_COUNT=on, the x-sql-statements header). Returns the branch as one object whose fields
 * (server, branchId, host) are filled in before the tests run.
 */
export function serveStatementCountedBranch(): Branch {
  const branch = {} as Branch;
  serveBranch((made) => Object.assign(branch, made), undefined, { SQL_STATEMENT_COUNT: "on" });
  return branch;
}

export async function employee({ server, branchId, host }: Branch, permissions: EmployeePermission[] = []) {
  const u = await factories(server.prisma).user(branchId, { employee: true, permissions });
  const c = new Client(server.url, host);
  expect((await c.login(u.email, u.password)).isSuccess).toBe(true);
  return Object.assign(c, { personId: u.personId!, userId: u.id, email: u.email, password: u.password });
}

export class BearerClient extends Client {
  constructor(
    url: string,
    branchHost: string,
    readonly key: string,
  ) {
    super(url, branchHost);
  }

  override async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GqlResponse<T>> {
    const res = await fetch(`${this.baseUrl}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/graphql-response+json",
        BranchHost: this.branchHost ?? "",
        authorization: `Bearer ${this.key}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: T; errors?: GqlResponse["errors"] };
    return { status: res.status, data: body.data, errors: body.errors, headers: res.headers };
  }
}

/** A new API key acting for `personId` (an administrator of the branch makes it), holding exactly `permissions`. */
export async function apiKeyClient(b: Branch, permissions: EmployeePermission[], personId?: string) {
  const admin = await employee(b, ["ADMINISTRATIVE_SETUP"]);
  const r = await admin.gql<{ createApiKey: { isSuccess: boolean; key: string; apiKey: { id: string } } }>(
    "mutation($i: CreateApiKeyInput!){ createApiKey(input: $i){ isSuccess message key apiKey { id } } }",
    { i: { name: `Key ${crypto.randomUUID().slice(0, 8)}`, personId: personId ?? admin.personId, permissions } },
  );
  expect(r.data?.createApiKey.isSuccess).toBe(true);
  return Object.assign(new BearerClient(b.server.url, b.host, r.data!.createApiKey.key), {
    apiKeyId: r.data!.createApiKey.apiKey.id,
    admin,
  });
}
