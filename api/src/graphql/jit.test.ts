import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestServer, factories, type TestServer } from "../../test/harness.ts";

// Compiled operations (graphql/jit.ts): answers as the usual executor gives them, and never a document's
// text run as code. The rest of the API's tests run through the compiled executor too.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  await factories(server.prisma).branch({ host: "default-test" });
}, 120_000);
afterAll(() => server.close(), 30_000);

async function post(body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe("compiled operations", () => {
  test("a string carrying graphql-jit's date marker is not run as code (the document is not compiled)", async () => {
    const g = globalThis as { jitInjected?: number };
    const search = "__MAGIC_DATE__33a9e76d_02e0_4128_8e92_3530ad3da74d1)+(globalThis.jitInjected=1)+(0";
    // The argument is built before the resolver runs (and refuses: this branch has no shop).
    for (let i = 0; i < 2; i++) {
      const r = await post({ query: `{ products(search: ${JSON.stringify(search)}) { id } }` });
      expect(JSON.parse(r.text).errors[0].extensions.code).toBe("FORBIDDEN");
    }
    expect(g.jitInjected).toBeUndefined();
  });

  test("errors come first, with their locations, path, code and status", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await post({ query: '{\n  __typename\n  billing(customerId: "x") { balance }\n}' });
      expect(r.status).toBe(401);
      expect(r.text).toStartWith('{"errors":');
      expect(JSON.parse(r.text)).toEqual({
        errors: [
          {
            message: "You need to sign in.",
            locations: [{ line: 3, column: 3 }],
            path: ["billing"],
            extensions: { code: "UNAUTHENTICATED" },
          },
        ],
        data: null,
      });
    }
  });

  test("variables that do not coerce: the usual executor's message and 400", async () => {
    const r = await post({ query: "query($c: ID!) { billing(customerId: $c) { balance } }", variables: { c: {} } });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).errors[0].message).toStartWith('Variable "$c" got invalid value {}');
  });

  test("each operation of a document is compiled on its own", async () => {
    const query = "query A { __typename } query B { version }";
    for (let i = 0; i < 2; i++) {
      expect(JSON.parse((await post({ query, operationName: "A" })).text)).toEqual({ data: { __typename: "Query" } });
      expect(JSON.parse((await post({ query, operationName: "B" })).text)).toEqual({
        data: { version: server.runtime.version },
      });
      expect((await post({ query })).status).toBe(400);
    }
  });
});
