import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { wsOperation } from "../../test/ws-operation.ts";
import { newApiKey } from "../auth/api-keys.ts";
import { MANIFEST_FILE, TRUSTED_CODES, trustedMessages } from "./trusted-documents.ts";

// Trusted documents (trusted-documents.ts): a production server with a web build's manifest answers the
// app's own documents by id (or by their exact text), and refuses anything else from visitors and
// customers, over HTTP and over the websocket; employees and API keys keep sending any document.

const docs = {
  version: "query Version {\n  version\n}",
  login:
    "mutation Login($u: String!, $p: String!) {\n  login(username: $u, password: $p) {\n    isSuccess\n    employeePersonId\n  }\n}",
  me: "query Me {\n  overview {\n    userId\n    email\n  }\n}",
  billing:
    "query Billing($customerId: ID!) {\n  billing(customerId: $customerId) {\n    customerId\n    balance\n  }\n}",
  onVersion: "subscription OnVersion {\n  onVersion\n}",
};
const idOf = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

let server: TestServer;
let dist: string;
let customer: { email: string; password: string };
let employee: { email: string; password: string };
let apiKey: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "trusted-dist-"));
  const documents = Object.fromEntries(Object.values(docs).map((text) => [idOf(text), text]));
  await writeFile(join(dist, MANIFEST_FILE), JSON.stringify({ version: 1, documents }));
  server = await createTestServer({
    NODE_ENV: "production",
    SESSION_SECRET: "production-test-secret-0123456789",
    WEB_DIST: dist,
  });
  const f = factories(server.prisma);
  const branch = await f.branch({ host: "default-test" });
  customer = await f.user(branch.id);
  employee = await f.user(branch.id, { permissions: ["ECOMMERCE_MANAGEMENT"] });
  const person = await server.prisma.person.findFirstOrThrow({ where: { branchId: branch.id } });
  const k = newApiKey();
  await server.prisma.apiKey.create({
    data: {
      branchId: branch.id,
      name: "trusted test",
      keyHash: k.keyHash,
      keyPrefix: k.keyPrefix,
      personId: person.id,
    },
  });
  apiKey = k.key;
}, 120_000);
afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
}, 30_000);

type Body = { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] };

async function send(params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", ...headers },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: (await res.json()) as Body, headers: res.headers };
}

async function signIn(who: { email: string; password: string }) {
  const r = await send({ documentId: idOf(docs.login), variables: { u: who.email, p: who.password } });
  expect(r.body.data?.login).toMatchObject({ isSuccess: true });
  return { cookie: r.headers.getSetCookie()[0]!.split(";")[0]! };
}

describe("trusted documents in production", () => {
  test("a visitor's trusted document runs by its id, by Apollo's persistedQuery hash, by GET, and by its exact text", async () => {
    const expected = { data: { version: server.runtime.version } };
    expect((await send({ documentId: idOf(docs.version) })).body).toEqual(expected);
    const hash = idOf(docs.version).slice("sha256:".length);
    expect((await send({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } })).body).toEqual(expected);
    const get = await fetch(`${server.url}/graphql?documentId=${encodeURIComponent(idOf(docs.version))}`);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual(expected);
    expect((await send({ query: docs.version })).body).toEqual(expected);
  });

  test("an unknown id and a modified document are refused with a clear error; nothing runs", async () => {
    const unknown = await send({ documentId: `sha256:${"0".repeat(64)}` });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      errors: [{ message: trustedMessages.unknown, extensions: { code: TRUSTED_CODES.unknown } }],
    });
    const modified = await send({
      documentId: idOf(docs.login),
      query: docs.login.replace("isSuccess", "isSuccess\n    message"),
      variables: { u: customer.email, p: customer.password },
    });
    expect(modified.status).toBe(400);
    expect(modified.body.errors?.[0]).toEqual({
      message: trustedMessages.modified,
      extensions: { code: TRUSTED_CODES.modified },
    });
    expect(modified.headers.getSetCookie()).toEqual([]);
    expect((await send({ documentId: 42 })).body.errors?.[0]?.message).toBe(trustedMessages.badId);
  });

  test("a visitor and a customer may not send other documents; an employee and an API key may", async () => {
    const other = "{ version __typename }";
    const visitor = await send({ query: other });
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({
      errors: [{ message: trustedMessages.untrusted, extensions: { code: TRUSTED_CODES.untrusted } }],
    });
    // A trusted document with one more space is another document.
    expect((await send({ query: `${docs.version} ` })).body.errors?.[0]?.extensions?.code).toBe(
      TRUSTED_CODES.untrusted,
    );
    const { cookie } = await signIn(customer);
    expect((await send({ query: other }, { cookie })).body.errors?.[0]?.extensions?.code).toBe(TRUSTED_CODES.untrusted);
    expect((await send({ documentId: idOf(docs.me) }, { cookie })).body.data?.overview).toMatchObject({
      email: customer.email,
    });
    const staff = await signIn(employee);
    expect((await send({ query: other }, { cookie: staff.cookie })).body.data).toEqual({
      version: server.runtime.version,
      __typename: "Query",
    });
    const bearer = { authorization: `Bearer ${apiKey}` };
    expect((await send({ query: other }, bearer)).body.data).toMatchObject({ __typename: "Query" });
  });

  test("the answer by id is the one the text gets: data, errors, codes and status", async () => {
    const staff = await signIn(employee);
    const variables = { customerId: "00000000-0000-4000-8000-000000000000" };
    const byId = await send({ documentId: idOf(docs.billing), variables }, { cookie: staff.cookie });
    // The same operation as other text (a trailing space): parsed, validated and run by Yoga.
    const asText = await send({ query: `${docs.billing} `, variables }, { cookie: staff.cookie });
    expect(byId.status).toBe(asText.status);
    expect(byId.body).toEqual(asText.body);
    expect(byId.body.errors?.[0]?.extensions?.code).toBeDefined();
    // Signed out, the overview is null; signed in, the same document by id and as other text agree.
    expect((await send({ documentId: idOf(docs.me) })).body).toEqual({ data: { overview: null } });
    const meById = await send({ documentId: idOf(docs.me) }, { cookie: staff.cookie });
    const meAsText = await send({ query: `${docs.me} ` }, { cookie: staff.cookie });
    expect(meById.body).toEqual(meAsText.body);
    expect(meById.body.data?.overview).toMatchObject({ email: employee.email });
    // Variables that do not coerce: Yoga's own message and 400.
    const bad = await send(
      { documentId: idOf(docs.billing), variables: { customerId: 5.5 } },
      { cookie: staff.cookie },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.message).toStartWith('Variable "$customerId" got invalid value');
  });

  test("a customer's billing kept whole is dropped at once by a billing write and by an unlinked contact", async () => {
    const branch = await server.prisma.branch.findUniqueOrThrow({ where: { host: "default-test" } });
    const user = await factories(server.prisma).user(branch.id);
    const account = await factories(server.prisma).customer(branch.id, "730001", { userId: user.id });
    const { cookie } = await signIn(user);
    const billing = () => send({ documentId: idOf(docs.billing), variables: { customerId: account.id } }, { cookie });
    expect((await billing()).body).toEqual({ data: { billing: { customerId: account.id, balance: 0 } } });
    expect((await billing()).body.data?.billing).toMatchObject({ balance: 0 });
    await server.prisma.transaction.create({
      data: {
        branchId: branch.id,
        customerId: account.id,
        kind: "CHARGE",
        datePosted: new Date(),
        description: "5 gallon spring water",
        quantity: 1,
        amountCents: 700,
      },
    });
    expect((await billing()).body.data?.billing).toMatchObject({ balance: 700 });
    await server.prisma.contact.updateMany({ where: { customerId: account.id }, data: { inactive: true } });
    const unlinked = await billing();
    expect(unlinked.body.data?.billing ?? null).toBeNull();
    expect(unlinked.body.errors?.[0]?.extensions?.code).toBeDefined();
  });

  test("over the websocket: the app's subscription runs; a visitor's other document is refused", async () => {
    const url = `${server.url.replace("http", "ws")}/graphql`;
    const refused = await wsOperation(url, "subscription { onVersion }");
    expect(refused?.type).toBe("error");
    expect((refused?.payload as { message: string }[] | undefined)?.[0]?.message).toBe(trustedMessages.untrusted);
    const accepted = await wsOperation(url, docs.onVersion);
    expect(accepted).toEqual({ type: "next", payload: { data: { onVersion: server.runtime.version } } });
  });
});
