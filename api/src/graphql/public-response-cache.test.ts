import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestServer, type TestServer } from "../../test/harness.ts";
import { answerPublicShopRead, readsOnlyPublicShop } from "./public-response-cache.ts";

// Which visitor questions may be answered from the kept answers: only queries of the shop's public,
// cached reads. Anything else (a mutation, another field, a fragment at the root, several operations,
// extensions such as persisted queries) is always executed.

const body = (query: string, extra: Record<string, unknown> = {}) => JSON.stringify({ query, ...extra });

describe("readsOnlyPublicShop", () => {
  test("the shop's public reads, alone or together, with variables and an operation name", () => {
    expect(readsOnlyPublicShop(body("{ products { id title } }"))).toBe(true);
    expect(
      readsOnlyPublicShop(body("query P($s: String) { products(search: $s) { id } }", { variables: { s: "x" } })),
    ).toBe(true);
    expect(
      readsOnlyPublicShop(body("query { product(id: 1) { id } shopBannerAndFooter { bannerHtml } __typename }")),
    ).toBe(true);
  });

  test("anything else is executed every time", () => {
    for (const query of [
      "mutation { products }",
      "{ products { id } version }",
      "{ overview { email } }",
      "{ ...F } fragment F on Query { products { id } }",
      "{ ... on Query { products { id } } }",
      "query A { products { id } } query B { products { id } }",
      "{ products @include(if: true) { id } }",
      "subscription { onVersion }",
      "{ products { id }",
      "{ __typename }",
    ])
      expect(readsOnlyPublicShop(body(query))).toBe(false);
    expect(readsOnlyPublicShop(body("{ products { id } }", { extensions: { persistedQuery: {} } }))).toBe(false);
    expect(readsOnlyPublicShop("not json")).toBe(false);
    expect(readsOnlyPublicShop(JSON.stringify({ query: 42 }))).toBe(false);
  });
});

describe("answerPublicShopRead", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ JOBS: "off" });
  }, 60_000);
  afterAll(() => server.close(), 30_000);

  const PRODUCTS = body("{ products { id } }");
  const request = (text: string, origin?: string) =>
    new Request("http://shop.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
      body: text,
    });
  /** An executor that counts its calls and answers what `reply` says. */
  function executor(reply: () => Response) {
    const calls = { count: 0 };
    const answer = async (r: Request) => {
      calls.count++;
      expect(await r.text()).toBeTruthy(); // the body reaches the executor intact
      return reply();
    };
    return { calls, answer };
  }
  const json = (data: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(data), { headers: { "content-type": "application/json", ...headers } });
  let branch = 0;
  const newBranch = () => `branch-${++branch}`;

  test("a good answer is kept: the next identical question is not executed; another origin or Accept is its own", async () => {
    const b = newBranch();
    const { calls, answer } = executor(() => json({ data: { products: [] } }));
    for (let i = 0; i < 3; i++) {
      const r = await answerPublicShopRead(server.runtime, b, request(PRODUCTS), PRODUCTS, answer);
      expect(await r.json()).toEqual({ data: { products: [] } });
      expect(r.headers.get("content-type")).toBe("application/json");
    }
    expect(calls.count).toBe(1);
    await answerPublicShopRead(server.runtime, b, request(PRODUCTS, "https://other.test"), PRODUCTS, answer);
    expect(calls.count).toBe(2);
    await answerPublicShopRead(server.runtime, newBranch(), request(PRODUCTS), PRODUCTS, answer);
    expect(calls.count).toBe(3);
    const asking = new Request("http://shop.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
      body: PRODUCTS,
    });
    await answerPublicShopRead(server.runtime, b, asking, PRODUCTS, answer);
    expect(calls.count).toBe(4); // another Accept: its own answer (the content type follows it)
  });

  test("errors, a cookie or another status are not kept, and a waiter never gets another's cookie", async () => {
    for (const reply of [
      () => json({ errors: [{ message: "Unexpected error." }] }),
      () => json({ data: { products: [] } }, { "set-cookie": "rw_session=abc" }),
      () => new Response("busy", { status: 503 }),
    ]) {
      const b = newBranch();
      const { calls, answer } = executor(reply);
      await answerPublicShopRead(server.runtime, b, request(PRODUCTS), PRODUCTS, answer);
      await answerPublicShopRead(server.runtime, b, request(PRODUCTS), PRODUCTS, answer);
      expect(calls.count).toBe(2);
      // at once: each request is answered by its own execution
      await Promise.all(
        [1, 2, 3].map(() => answerPublicShopRead(server.runtime, b, request(PRODUCTS), PRODUCTS, answer)),
      );
      expect(calls.count).toBe(5);
    }
  });

  test("other questions are always executed", async () => {
    const b = newBranch();
    const other = body("{ overview { email } }");
    const { calls, answer } = executor(() => json({ data: { overview: null } }));
    await answerPublicShopRead(server.runtime, b, request(other), other, answer);
    await answerPublicShopRead(server.runtime, b, request(other), other, answer);
    expect(calls.count).toBe(2);
  });
});
