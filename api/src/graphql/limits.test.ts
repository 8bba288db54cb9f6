import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type GraphQLInputType, getNamedType, isInputObjectType } from "graphql";
import { Client, createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { wsOperation } from "../../test/ws-operation.ts";
import { LIMITS, UPLOAD_MUTATIONS } from "./limits.ts";
import { schema } from "./schema.ts";

// Limits on every operation (graphql/limits.ts), over HTTP and over the websocket alike: depth, aliases,
// tokens, fields, directives, page sizes, invalid text. A refused operation answers 400 and runs nothing.
let server: TestServer;
let wsUrl: string;
let user: { email: string; password: string };
beforeAll(async () => {
  server = await createTestServer();
  const f = factories(server.prisma);
  const branch = await f.branch({ host: "default-test" });
  user = await f.user(branch.id);
  wsUrl = `${server.url.replace("http", "ws")}/graphql`;
}, 120_000);
afterAll(() => server.close(), 30_000);

type Answer = {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
};

async function post(query: string, variables?: Record<string, unknown>, accept = "application/json"): Promise<Answer> {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(" ")} }`;
const nested = (levels: number) =>
  `{ __type(name: "Query") { ${"fields { type { ".repeat(levels / 2 - 1)}name${" } }".repeat(levels / 2 - 1)} } }`;

/** The operation over graphql-ws: what kind of answer, and the first error's message. */
async function overWs(query: string, variables?: Record<string, unknown>) {
  const m = await wsOperation(wsUrl, query, variables);
  const errors = m?.type === "error" ? (m.payload as { message: string }[]) : [];
  return { type: m?.type, message: errors[0]?.message };
}

describe("operation limits over HTTP", () => {
  // How fast the refusal comes is the benchmark's business (bench/), not a timed assertion here.
  test("5000 aliases are refused with a 400 before anything runs", async () => {
    const r = await post(aliases(5000, "products { id }"));
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors?.[0]?.message).toBe("The document is too long: more than 2000 tokens.");
  });

  test("too many aliases (under the token limit) is refused, and no aliased mutation runs", async () => {
    const sessionsBefore = await server.prisma.session.count();
    const logins = aliases(
      LIMITS.maxAliases + 1,
      `login(username: "${user.email}", password: "${user.password}") { isSuccess }`,
    );
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: `mutation ${logins}` }),
    });
    const body = (await res.json()) as Answer["body"];
    expect(res.status).toBe(400);
    expect(body.errors?.[0]?.message).toBe(`Too many aliases: 31, at most ${LIMITS.maxAliases}.`);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await server.prisma.session.count()).toBe(sessionsBefore);
    // 30 aliases are fine
    expect((await post(aliases(LIMITS.maxAliases, "version"))).status).toBe(200);
  });

  test("too deep is refused, also through fragments and introspection's cycles", async () => {
    // The schema itself has no cycles (its deepest path is 5 levels); introspection's types do.
    const deep = `{ __type(name: "Query") { ${"fields { type { ".repeat(6)}name${" } }".repeat(6)} } }`;
    const r = await post(deep);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toBe(`The query is too deep: 14 levels, at most ${LIMITS.maxDepth}.`);
    const viaFragments = await post(
      `{ __type(name: "Query") { ...A } } fragment A on __Type { ${"fields { type { ".repeat(5)}...B${" } }".repeat(5)} } fragment B on __Type { fields { type { name } } }`,
    );
    expect(viaFragments.status).toBe(400);
    expect(viaFragments.body.errors?.[0]?.message).toBe("The query is too deep: 14 levels, at most 12.");
    // 12 levels are fine, and so is the standard introspection query (ofType nests 8 deep, adds no depth)
    const twelve = await post(`{ __type(name: "Query") { ${"fields { type { ".repeat(5)}name${" } }".repeat(5)} } }`);
    expect(twelve.status).toBe(200);
    const { getIntrospectionQuery } = await import("graphql");
    const introspection = await post(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(introspection.status).toBe(200);
    expect(introspection.body.errors).toBeUndefined();
  });

  test("a fragment bomb (each fragment spreading the last twice) is refused by the field count", async () => {
    const frags = ["fragment F0 on Query { version }"];
    for (let i = 1; i <= 12; i++) frags.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`);
    const r = await post(`{ ...F12 } ${frags.join(" ")}`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toBe(`The query selects too many fields: 4096, at most ${LIMITS.maxFields}.`);
  });

  test("more than 2000 tokens is refused before validation", async () => {
    const r = await post(`{ ${"version ".repeat(2100)} }`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toBe(`The document is too long: more than ${LIMITS.maxTokens} tokens.`);
  });

  test("too many directives are refused", async () => {
    const r = await post(`{ ${"version @include(if: true) ".repeat(LIMITS.maxDirectives + 1)}}`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toBe(`Too many directives: 21, at most ${LIMITS.maxDirectives}.`);
  });

  test("page sizes over 100 are BAD_USER_INPUT, written in the document or in a variable", async () => {
    const literal = await post("{ inventoryItems(take: 5000) { totalCount } }");
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.[0]).toMatchObject({
      message: `"take" must be between 0 and ${LIMITS.maxPageSize}.`,
      extensions: { code: "BAD_USER_INPUT" },
    });
    // refused before the resolver's own authorisation (anonymous would otherwise be 401)
    const variable = await post("query($t: Int) { inventoryItems(take: $t) { totalCount } }", { t: 101 });
    expect(variable.status).toBe(400);
    expect(variable.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const byDefault = await post("query($t: Int = 500) { openCarts(take: $t) { totalCount } }");
    expect(byDefault.status).toBe(400);
    expect(byDefault.body.errors?.[0]?.message).toBe(`"take" must be between 0 and ${LIMITS.maxPageSize}.`);
    // within the cap the operation runs (and meets authorisation)
    const ok = await post("query($t: Int) { inventoryItems(take: $t) { totalCount } }", { t: 100 });
    expect(ok.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("refused values are not echoed whole", () => {
  test("a huge invalid variable comes back as a short message that still says why", async () => {
    const query = "query($s: ProductListingStatus) { inventoryItems(ecommerceStatus: $s) { totalCount } }";
    const r = await post(query, { s: "X".repeat(200_000) });
    expect(r.status).toBe(400);
    const message = r.body.errors?.[0]?.message ?? "";
    expect(message).toStartWith('Variable "$s" got invalid value "XXXX');
    expect(message.length).toBeLessThan(1000);
    const nested = await post("mutation($i: UploadMediaInput!) { uploadMedia(input: $i) { url } }", {
      i: { dataBase64: 1, fileName: Array.from({ length: 40_000 }, (_, i) => [i, i]) },
    });
    expect(nested.body.errors?.[0]?.message.length).toBeLessThan(1000);
  });
});

describe("invalid text", () => {
  const message = "Text contains invalid characters.";
  const login = "mutation($u: String!, $p: String!) { login(username: $u, password: $p) { isSuccess } }";

  test("NUL in a variable is BAD_USER_INPUT, not a database error", async () => {
    const r = await post(login, { u: "a\u0000b@example.com", p: "x" });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
  });

  test("an unpaired surrogate in a variable", async () => {
    // JSON.stringify escapes a lone surrogate as \ud800, which the server decodes back to it
    const r = await post(login, { u: "x\ud800@example.com", p: "x" });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toBe(message);
  });

  test("nested in an input object and in a list, as variables", async () => {
    const upload = "mutation($i: UploadMediaInput!) { uploadMedia(input: $i) { url } }";
    const r1 = await post(upload, { i: { fileName: "a\u0000.png", dataBase64: "AAAA" } });
    expect([r1.status, r1.body.errors?.[0]?.message]).toEqual([400, message]);
    const reorder = 'mutation($m: [ID!]!) { reorderInventoryMedia(itemId: "1", mediaIds: $m) { id } }';
    const r2 = await post(reorder, { m: ["1", "2\u0000"] });
    expect([r2.status, r2.body.errors?.[0]?.message]).toEqual([400, message]);
  });

  test("inline literals, also nested in input objects and lists", async () => {
    const r1 = await post(`mutation { login(username: "a\\u0000b", password: "x") { isSuccess } }`);
    expect([r1.status, r1.body.errors?.[0]?.message]).toEqual([400, message]);
    const r2 = await post(`mutation { uploadMedia(input: { fileName: "a\\u0000", dataBase64: "AAAA" }) { url } }`);
    expect([r2.status, r2.body.errors?.[0]?.message]).toEqual([400, message]);
    const r3 = await post(`mutation { reorderInventoryMedia(itemId: "1", mediaIds: ["1", "\\u0000"]) { id } }`);
    expect([r3.status, r3.body.errors?.[0]?.message]).toEqual([400, message]);
    // a raw NUL inside a block string gets past the lexer, and is refused the same way
    const r4 = await post(`mutation { login(username: """a\u0000b""", password: "x") { isSuccess } }`);
    expect([r4.status, r4.body.errors?.[0]?.message]).toEqual([400, message]);
  });

  test("ordinary text (accents, emoji, CJK) is untouched", async () => {
    const r = await new Client(server.url).gql(login, { u: "zoë🏊水@example.com", p: "x" });
    expect(r.status).toBe(200);
    expect((r.data as { login: { isSuccess: boolean } }).login.isSuccess).toBe(false);
  });
});

describe("the same limits over the websocket", () => {
  test("aliases, depth, tokens, directives", async () => {
    const cases: [string, RegExp][] = [
      [aliases(LIMITS.maxAliases + 1, "version"), /Too many aliases/],
      [nested(14), /too deep/],
      [`{ ${"version ".repeat(2100)} }`, /too long: more than 2000 tokens/],
      [`{ ${"version @skip(if: false) ".repeat(21)}}`, /Too many directives/],
    ];
    for (const [query, pattern] of cases) {
      const m = await overWs(query);
      expect(m.type).toBe("error");
      expect(m.message).toMatch(pattern);
    }
  });

  test("page sizes and invalid text", async () => {
    const page = await overWs("query($t: Int) { inventoryItems(take: $t) { totalCount } }", { t: 1000 });
    expect(page.type).toBe("error");
    expect(page.message).toBe('"take" must be between 0 and 100.');
    const text = await overWs('mutation($u: String!) { login(username: $u, password: "x") { isSuccess } }', {
      u: "\u0000",
    });
    expect(text.type).toBe("error");
    expect(text.message).toBe("Text contains invalid characters.");
    const ok = await overWs("subscription { onVersion }");
    expect(ok.type).toBe("next");
  });
});

describe("upload bodies", () => {
  test("every mutation that takes a base64 file (an image, a compressed CSV) may come in an upload-sized body, and only those", () => {
    const carriesImage = (type: GraphQLInputType): boolean => {
      const named = getNamedType(type);
      return isInputObjectType(named) && ("dataBase64" in named.getFields() || "gzipBase64" in named.getFields());
    };
    const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
    const taking = mutations.filter((f) => f.args.some((a) => carriesImage(a.type))).map((f) => f.name);
    expect(taking.sort()).toEqual([...UPLOAD_MUTATIONS].sort());
  });
});
