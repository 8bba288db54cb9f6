import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { CHECK, CREATE, type CreateResult } from "../../../test/account-helpers.ts";
import {
  Client,
  createSiblingServer,
  createTestServer,
  factories,
  type GqlResponse,
  type TestServer,
} from "../../../test/harness.ts";
import { buildContext } from "../../auth/context.ts";
import { LOGIN_LIMITS } from "../../auth/rate-limit.ts";
import { loginMessages, login as loginService } from "./account.service.ts";
import { settingsMessages } from "./settings.service.ts";
import { signupMessages, tryCreateAccount } from "./signup.service.ts";

// Throttles under concurrency (docs/decisions/0011-throttles.md): attempts are reserved before the
// password or code is checked, so a burst cannot all be checked; the address limit is not reset by a
// success; oversized input is refused before any work; limits are shared by several servers.

// Many argon2 checks per test on a 2-core machine.
setDefaultTimeout(120_000);

let server: TestServer;
let f: ReturnType<typeof factories>;
let alpha: Awaited<ReturnType<ReturnType<typeof factories>["branch"]>>;

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  f = factories(server.prisma);
  alpha = await f.branch({ host: "alpha" });
}, 120_000);
afterAll(() => server.close(), 30_000);

// every test starts with no counts (they all come from 127.0.0.1)
beforeEach(async () => {
  await server.prisma.throttleCounter.deleteMany();
});

type R = { isSuccess: boolean; message: string };
const UPDATE_PASSWORD = `mutation($current: String!, $next: String!) {
  updatePassword(input: { currentPassword: $current, newPassword: $next }) { isSuccess message } }`;
const AUTOCOMPLETE = `query($q: String!) { autocompleteAddress(query: $q) { label } }`;

/** Each attempt from its own browser (no shared cookie). */
const attempt = (email: string, password: string) => new Client(server.url, "alpha").login(email, password);

const tally = (results: R[]) => ({
  wrong: results.filter((r) => r.message === loginMessages.wrong).length,
  blocked: results.filter((r) => r.message === loginMessages.blocked).length,
  signedIn: results.filter((r) => r.isSuccess).length,
});

/** A sign-in made from another address (the server only sees 127.0.0.1 over HTTP). */
async function loginFrom(ip: string, email: string, password: string) {
  const ctx = await buildContext(server.runtime, {
    headers: new Headers({ branchhost: "alpha" }),
    url: `${server.url}/graphql`,
    ip,
    requestId: `test-${ip}`,
  });
  return loginService(ctx, { username: email, password, autoLogout: false });
}

describe("sign-in under concurrency", () => {
  test("a burst of 40: at most 5 passwords are checked, and the right one sent within the burst is refused", async () => {
    const user = await f.user(alpha.id);
    const first = Array.from({ length: 34 }, (_, i) => attempt(user.email, `wrong-${i}`));
    await Promise.race(first); // the burst is under way: one attempt has been answered
    const right = attempt(user.email, user.password); // #35
    const rest = Array.from({ length: 5 }, (_, i) => attempt(user.email, `wrong-late-${i}`));
    const results = await Promise.all([...first, right, ...rest]);
    const t = tally(results);
    expect(t.signedIn).toBe(0);
    expect(t.wrong).toBeLessThanOrEqual(LOGIN_LIMITS.accountAddress.limit);
    expect(t.wrong + t.blocked).toBe(40);
    expect(await right).toMatchObject({ isSuccess: false, message: loginMessages.blocked });
    expect(await server.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  test("150 at once, then the right password: at most 5 checked, the right one refused; the owner still signs in elsewhere", async () => {
    const user = await f.user(alpha.id);
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => attempt(user.email, `wrong-${i}`)));
    const t = tally(results);
    expect(t.wrong).toBeLessThanOrEqual(LOGIN_LIMITS.accountAddress.limit);
    expect(t.wrong + t.blocked).toBe(150);
    expect(await attempt(user.email, user.password)).toMatchObject({
      isSuccess: false,
      message: loginMessages.blocked,
    });
    // guessing from one address does not lock the owner out of the account from another
    expect((await loginFrom("203.0.113.7", user.email, user.password)).isSuccess).toBe(true);
  });

  test("from many addresses, one account takes at most 50 wrong passwords an hour", async () => {
    const user = await f.user(alpha.id);
    const attempts = Array.from({ length: 60 }, (_, i) => loginFrom(`198.51.100.${i % 12}`, user.email, `bad-${i}`));
    const t = tally(await Promise.all(attempts));
    expect(t.wrong).toBeLessThanOrEqual(LOGIN_LIMITS.account.limit);
    expect(t.wrong).toBeGreaterThanOrEqual(LOGIN_LIMITS.account.limit - 5);
    expect((await loginFrom("198.51.100.200", user.email, user.password)).message).toBe(loginMessages.blocked);
  });

  test("the address limit survives the attacker's own successful sign-in", async () => {
    const own = await f.user(alpha.id);
    const guesses = Array.from({ length: 29 }, (_, i) => attempt(`victim-${i}@alpha.test`, "guess-1"));
    expect(tally(await Promise.all(guesses)).wrong).toBe(29);
    expect((await attempt(own.email, own.password)).isSuccess).toBe(true); // does not reset the address count
    expect((await attempt("victim-29@alpha.test", "guess-1")).message).toBe(loginMessages.wrong); // the 30th
    expect((await attempt("victim-30@alpha.test", "guess-1")).message).toBe(loginMessages.blocked);
    expect((await attempt(own.email, own.password)).message).toBe(loginMessages.blocked);
  });

  test("a success clears that address's count for the account (a typo or two is forgotten)", async () => {
    const user = await f.user(alpha.id);
    for (let i = 0; i < 4; i++) expect((await attempt(user.email, `typo-${i}`)).message).toBe(loginMessages.wrong);
    expect((await attempt(user.email, user.password)).isSuccess).toBe(true);
    for (let i = 0; i < 4; i++) expect((await attempt(user.email, `typo-${i}`)).message).toBe(loginMessages.wrong);
    expect((await attempt(user.email, user.password)).isSuccess).toBe(true);
  });
});

describe("oversized input", () => {
  const huge = () => randomBytes(6144).toString("hex"); // 12 KB that does not compress

  const expectBadInput = (r: GqlResponse, message?: string) => {
    expect(r.status).toBe(400);
    expect(r.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    if (message) expect(r.errors?.[0]?.message).toBe(message);
  };

  test("a 12 KB username or password answers BAD_USER_INPUT before anything is hashed or counted", async () => {
    const c = new Client(server.url, "alpha");
    const LOGIN = "mutation($u:String!,$p:String!){ login(username:$u,password:$p){ isSuccess message } }";
    expectBadInput(
      await c.gql(LOGIN, { u: `${huge()}@alpha.test`, p: "x-password" }),
      "Email can be at most 254 characters.",
    );
    expectBadInput(await c.gql(LOGIN, { u: "a@alpha.test", p: huge() }), "Passwords can be at most 200 characters.");
    expect(await server.prisma.throttleCounter.count()).toBe(0);
    // the longest usable address is still an ordinary attempt
    const long = `${"a".repeat(64)}@${"b".repeat(180)}.test`;
    expect(long.length).toBeLessThanOrEqual(254);
    expect((await attempt(long, "wrong-1")).message).toBe(loginMessages.wrong);
  });

  test("every account form refuses 12 KB values with BAD_USER_INPUT (never a 500)", async () => {
    const user = await f.user(alpha.id);
    const signedIn = new Client(server.url, "alpha");
    expect((await signedIn.login(user.email, user.password)).isSuccess).toBe(true);
    const anon = new Client(server.url, "alpha");
    const base = { email: "new@alpha.test", first: "A", last: "B", password: "secret1" };
    const cases: [Client, string, Record<string, unknown>][] = [
      [anon, CREATE, { input: { ...base, email: `${huge()}@x.test` } }],
      [anon, CREATE, { input: { ...base, first: huge() } }],
      [anon, CREATE, { input: { ...base, password: huge() } }],
      [anon, CREATE, { input: { ...base, linkingInfo: { customerId: huge(), code: "1234" } } }],
      [anon, CHECK, { email: `${huge()}@x.test` }],
      [anon, "mutation($e: String!) { sendForgotPasswordEmail(email: $e) { isSuccess } }", { e: `${huge()}@x.test` }],
      [
        anon,
        "mutation($t: String!, $p: String!) { resetPassword(input: { token: $t, password: $p }) { isSuccess } }",
        { t: "token", p: huge() },
      ],
      [anon, "mutation($t: String!) { verifyEmail(input: { token: $t }) { isSuccess } }", { t: huge() }],
      [signedIn, UPDATE_PASSWORD, { current: huge(), next: "another-1" }],
      [
        signedIn,
        "mutation($i: UpdateAccountInput!) { updateAccount(input: $i) { isSuccess } }",
        { i: { firstName: huge(), lastName: "B", email: user.email } },
      ],
    ];
    for (const [client, query, variables] of cases) expectBadInput(await client.gql(query, variables));
    expect(await server.prisma.user.count({ where: { email: "new@alpha.test" } })).toBe(0);
  });
});

describe("updatePassword under concurrency", () => {
  async function signedIn() {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    expect((await c.login(user.email, user.password)).isSuccess).toBe(true);
    const change = async (current: string) =>
      (await c.gql<{ updatePassword: R }>(UPDATE_PASSWORD, { current, next: "brand-new-1" })).data!.updatePassword;
    return { user, change };
  }
  const count = (results: R[], message: string) => results.filter((r) => r.message === message).length;

  test("a burst of 40: at most 5 current passwords are checked, the right one within the burst is refused", async () => {
    const { user, change } = await signedIn();
    const first = Array.from({ length: 34 }, (_, i) => change(`wrong-${i}`));
    await Promise.race(first);
    const right = change(user.password);
    const rest = Array.from({ length: 5 }, (_, i) => change(`wrong-late-${i}`));
    const results = await Promise.all([...first, right, ...rest]);
    expect(count(results, settingsMessages.currentWrong)).toBeLessThanOrEqual(5);
    expect(await right).toEqual({ isSuccess: false, message: settingsMessages.blocked });
    expect(results.filter((r) => r.isSuccess).length).toBe(0);
  });

  test("150 at once, then the right password: at most 5 checked, the right one refused", async () => {
    const { user, change } = await signedIn();
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => change(`wrong-${i}`)));
    expect(count(results, settingsMessages.currentWrong)).toBeLessThanOrEqual(5);
    expect(count(results, settingsMessages.currentWrong) + count(results, settingsMessages.blocked)).toBe(150);
    expect(await change(user.password)).toEqual({ isSuccess: false, message: settingsMessages.blocked });
  });
});

describe("security codes and the email check", () => {
  const createWith = (accountNumber: string, code: string, email = "linker@alpha.test") =>
    new Client(server.url, "alpha")
      .gql<{ tryCreateAccount: CreateResult }>(CREATE, {
        input: { email, first: "A", last: "B", password: "secret1", linkingInfo: { customerId: accountNumber, code } },
      })
      .then((r) => r.data!.tryCreateAccount);

  test("40 concurrent guesses of one account's code: at most 5 are compared; then the right code is refused", async () => {
    const customer = await f.customer(alpha.id, "710001", { securityCode: "4321" });
    const guesses = Array.from({ length: 40 }, (_, i) => createWith(customer.accountNumber, String(1000 + i)));
    const results = await Promise.all(guesses);
    let compared = results.filter((r) => r.message === signupMessages.noMatch).length;
    expect(compared).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.message === signupMessages.linkBlocked).length).toBe(40 - compared);
    // A guess refused in the race counts nothing (it may have been refused by units that another request
    // held for a moment and gave back), so fewer than 5 may have been compared: the rest of the 5 can
    // still be spent, one at a time, and no more.
    for (let i = 0; compared < 5 && i < 5; i++) {
      const r = await createWith(customer.accountNumber, String(2000 + i));
      if (r.message === signupMessages.noMatch) compared++;
      else expect(r.message).toBe(signupMessages.linkBlocked);
    }
    expect(compared).toBe(5);
    expect(await createWith(customer.accountNumber, "4321")).toMatchObject({
      isSuccess: false,
      message: signupMessages.linkBlocked,
    });
    expect(await server.prisma.user.count({ where: { email: "linker@alpha.test" } })).toBe(0);
  });

  test("40 guesses started in the same instant inside the server: at most 5 are compared", async () => {
    const customer = await f.customer(alpha.id, "710002", { securityCode: "8765" });
    const ctx = () =>
      buildContext(server.runtime, {
        headers: new Headers({ branchhost: "alpha" }),
        url: `${server.url}/graphql`,
        ip: "192.0.2.44",
        requestId: "test-codes",
      });
    const contexts = await Promise.all(Array.from({ length: 40 }, ctx));
    const results = await Promise.all(
      contexts.map((c, i) =>
        tryCreateAccount(c, {
          email: "same-instant@alpha.test",
          first: "A",
          last: "B",
          password: "secret1",
          linkingInfo: { customerId: customer.accountNumber, code: i === 39 ? "8765" : String(2000 + i) },
        }),
      ),
    );
    expect(results.filter((r) => r.message === signupMessages.noMatch).length).toBeLessThanOrEqual(5);
    expect(results[39]).toMatchObject({ isSuccess: false, message: signupMessages.linkBlocked });
  });

  test("guessing across account numbers is limited per address (20 in 15 minutes)", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createWith(String(720000 + i), "1234", `spray${i}@alpha.test`)),
    );
    expect(results.filter((r) => r.message === signupMessages.noMatch).length).toBeLessThanOrEqual(20);
    expect(results.filter((r) => r.message === signupMessages.linkBlocked).length).toBeGreaterThanOrEqual(10);
  });

  test("newAccountEmailCheck: 30 per address in 15 minutes, even all at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        new Client(server.url, "alpha").gql(CHECK, { email: `probe${i}@alpha.test` }),
      ),
    );
    expect(results.filter((r) => r.data?.newAccountEmailCheck).length).toBe(30);
    expect(results.filter((r) => r.errors?.[0]?.extensions?.code === "RATE_LIMITED").length).toBe(15);
  });
});

describe("autocompleteAddress across servers", () => {
  const burst = (s: TestServer, n: number) =>
    Array.from({ length: n }, () => new Client(s.url, "alpha").gql(AUTOCOMPLETE, { q: "congress ave" }));
  const ok = (rs: GqlResponse[]) => rs.filter((r) => r.status === 200 && r.data).length;

  test("two servers on one database share the per-address limit (60 a minute)", async () => {
    const second = await createSiblingServer(server);
    try {
      const results = await Promise.all([...burst(server, 45), ...burst(second, 45)]);
      expect(ok(results)).toBe(60);
      expect(results.filter((r) => r.status === 429).length).toBe(30);
    } finally {
      await second.close();
    }
  });

  test("with REDIS_URL the count lives in Redis, shared the same way", async () => {
    const prefix = `test:${randomBytes(6).toString("hex")}:`;
    const env = { REDIS_URL: process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379", REDIS_KEY_PREFIX: prefix };
    const first = await createSiblingServer(server, env);
    const second = await createSiblingServer(server, env);
    const redis = new Redis(env.REDIS_URL);
    try {
      const results = await Promise.all([...burst(first, 45), ...burst(second, 45)]);
      expect(ok(results)).toBe(60);
      expect(await server.prisma.throttleCounter.count()).toBe(0);
      expect((await redis.keys(`${prefix}throttle:autocomplete:*`)).length).toBe(1);
    } finally {
      await second.close();
      await first.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});
