import { afterAll, beforeAll, setDefaultTimeout } from "bun:test";
import type { PrismaClient } from "../src/generated/prisma/client.ts";
import { type Client, createTestServer, type Factories, factories, type TestServer } from "./harness.ts";

// Helpers shared by the account and contacts API tests.

/** Waits for a mail to `to` (mail is sent after the answer) and returns the newest matching one. */
export async function waitForMail(prisma: PrismaClient, to: string, subject: RegExp, timeoutMs = 8000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await prisma.outboxMessage.findMany({
      where: { recipient: to.toLowerCase(), platform: "EMAIL" },
      orderBy: { createdAt: "desc" },
    });
    const hit = rows.find((r) => subject.test(r.subject));
    if (hit) return hit;
    if (Date.now() > until)
      throw new Error(
        `no mail to ${to} matching ${subject} (have: ${rows.map((r) => r.subject).join(", ") || "none"})`,
      );
    await Bun.sleep(50);
  }
}

export const linkIn = (text: string) => /https?:\/\/\S+token=\S+/.exec(text)?.[0] ?? "";
export const tokenIn = (text: string) => new URL(linkIn(text)).searchParams.get("token") ?? "";

export const CREATE = `mutation($input: TryCreateAccountInput!) {
  tryCreateAccount(input: $input) { isSuccess message userId accountNumber } }`;
export const CHECK = `query($email: String!) { newAccountEmailCheck(email: $email) {
  status existing { role customerId first last } } }`;
export const VERIFY = `mutation($token: String!) { verifyEmail(input: { token: $token }) { isSuccess message } }`;
export const OVERVIEW =
  "{ overview { userId email firstName lastName verifiedEmail isLinkedToCustomers pendingEmail } }";
export const CUSTOMERS = "{ customers { id accountNumber } }";

export type CreateResult = { isSuccess: boolean; message: string; userId: string | null; accountNumber: string | null };

export async function createAccount(c: Client, input: Record<string, unknown>) {
  const r = await c.gql<{ tryCreateAccount: CreateResult }>(CREATE, { input });
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.tryCreateAccount;
}

export async function overview(c: Client) {
  const r = await c.gql<{
    overview: {
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      verifiedEmail: boolean;
      isLinkedToCustomers: boolean;
      pendingEmail: string | null;
    } | null;
  }>(OVERVIEW);
  return r.data?.overview ?? null;
}

export async function accountNumbers(c: Client) {
  const r = await c.gql<{ customers: { accountNumber: string }[] }>(CUSTOMERS);
  return r.data?.customers.map((x) => x.accountNumber) ?? [];
}

let n = 0;
export const uniqueEmail = (prefix = "new") => `${prefix}${Date.now().toString(36)}${n++}@example.com`;

export type MadeBranch = Awaited<ReturnType<Factories["branch"]>>;

/**
 * A test file's own server with the branches "alpha" and "beta", made before its tests and closed
 * after them; `ready` gets the server, its factories and the two branches. `env` adds server settings.
 * The file's tests get 30 s each: several argon2 hashes a test (about 100 ms each, more on a busy machine).
 */
export function serveAlphaAndBeta(
  ready: (made: { server: TestServer; f: Factories; alpha: MadeBranch; beta: MadeBranch }) => unknown,
  env: Record<string, string> = {},
) {
  setDefaultTimeout(30_000);
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(env);
    const f = factories(server.prisma);
    await ready({ server, f, alpha: await f.branch({ host: "alpha" }), beta: await f.branch({ host: "beta" }) });
  }, 120_000);
  afterAll(() => server.close(), 30_000);
}
