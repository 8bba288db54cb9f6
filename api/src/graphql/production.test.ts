import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { wsOperation } from "../../test/ws-operation.ts";
import { wsMessages } from "./ws.ts";

// NODE_ENV=production: no introspection, no "Did you mean ...?" suggestions, no GraphiQL, unexpected
// errors masked; over HTTP and over the websocket. (startServer requires SESSION_SECRET in production.)
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ NODE_ENV: "production", SESSION_SECRET: "production-test-secret-0123456789" });
  await factories(server.prisma).branch({ host: "default-test" });
}, 120_000);
afterAll(() => server.close(), 30_000);

type Body = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };

async function post(query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

async function overWs(query: string, variables?: Record<string, unknown>) {
  const m = await wsOperation(`${server.url.replace("http", "ws")}/graphql`, query, variables);
  return (m?.type === "error" ? m.payload : (m?.payload as Body | undefined)?.errors) as Body["errors"];
}

describe("production", () => {
  test("introspection is refused over HTTP and over the websocket; __typename still works", async () => {
    for (const query of ["{ __schema { types { name } } }", '{ __type(name: "Query") { name } }']) {
      const r = await post(query);
      expect(r.status).toBe(400);
      expect(r.body.data).toBeUndefined();
      expect(r.body.errors?.[0]?.message).toMatch(/^GraphQL introspection has been disabled/);
      expect((await overWs(query))?.[0]?.message).toMatch(/^GraphQL introspection has been disabled/);
    }
    expect((await post("{ __typename version }")).body.data).toEqual({
      __typename: "Query",
      version: server.runtime.version,
    });
  });

  test("no field suggestions in validation errors", async () => {
    const r = await post("{ versio }");
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toBe('Cannot query field "versio" on type "Query".');
    expect((await overWs("{ versio }"))?.[0]?.message).toBe('Cannot query field "versio" on type "Query".');
    const arg = await post('{ products(serch: "x") { id } }');
    expect(arg.body.errors?.[0]?.message).toBe('Unknown argument "serch" on field "Query.products".');
  });

  test("no suggestions in variable coercion errors (enum values, input fields)", async () => {
    const query = "query($s: ProductListingStatus) { inventoryItems(ecommerceStatus: $s) { totalCount } }";
    const r = await post(query, { s: "LISTED" });
    expect(r.status).toBe(400);
    const message = r.body.errors?.[0]?.message ?? "";
    expect(message).toStartWith('Variable "$s" got invalid value "LISTED"');
    expect(message).not.toContain("Did you mean");
    // The websocket runs no queries (decision 0014): the same query there is refused, with no suggestion.
    const ws = (await overWs(query, { s: "LISTED" }))?.[0]?.message ?? "";
    expect(ws).toBe(wsMessages.subscriptionsOnly);
    const input = await post("mutation($i: UploadMediaInput!) { uploadMedia(input: $i) { url } }", {
      i: { dataBase64: "AAAA", fileNam: "a.png" },
    });
    expect(input.body.errors?.[0]?.message).toStartWith('Variable "$i" got invalid value');
    expect(input.body.errors?.[0]?.message).not.toContain("Did you mean");
  });

  test("no GraphiQL", async () => {
    const res = await fetch(`${server.url}/graphql`, { headers: { accept: "text/html" } });
    expect(res.headers.get("content-type") ?? "").not.toContain("text/html");
    expect(await res.text()).not.toContain("graphiql");
  });
});
