import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { clock } from "../clock.ts";
import { MANIFEST_FILE } from "./trusted-documents.ts";

// A customer's overview (asked by every portal page) is kept whole for a few seconds
// (customer-answer-cache.ts): what it shows must still change at once with whatever it is read from.
// Each step below fails when its model is left out of the overview's list (or the time out of the key).

const docs = {
  login: "mutation Login($u: String!, $p: String!) {\n  login(username: $u, password: $p) {\n    isSuccess\n  }\n}",
  overview:
    "query Overview {\n  overview {\n    firstName\n    email\n    features\n    enabledWatertightFeatures\n    isLinkedToCustomers\n    allowAch\n    pendingEmail\n  }\n}",
};
const idOf = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "overview-kept-dist-"));
  const documents = Object.fromEntries(Object.values(docs).map((text) => [idOf(text), text]));
  await writeFile(join(dist, MANIFEST_FILE), JSON.stringify({ version: 1, documents }));
  server = await createTestServer({ WEB_DIST: dist });
}, 120_000);
afterAll(async () => {
  clock.startAt(null);
  await server.close();
  await rm(dist, { recursive: true, force: true });
}, 30_000);

async function send(params: Record<string, unknown>, cookie = "") {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(params),
  });
  return { body: (await res.json()) as { data?: Record<string, Record<string, unknown> | null> }, res };
}

describe("a customer's kept overview", () => {
  test("shows at once a change to the user, the customer links, a pending email, the branch and its watertight features", async () => {
    const f = factories(server.prisma);
    const branch = await f.branch({ host: "default-test" });
    const user = await f.user(branch.id);
    const login = await send({ documentId: idOf(docs.login), variables: { u: user.email, p: user.password } });
    const cookie = login.res.headers.getSetCookie()[0]!.split(";")[0]!;
    const overview = async () => (await send({ documentId: idOf(docs.overview) }, cookie)).body.data?.overview;

    const first = await overview();
    expect(first).toMatchObject({ email: user.email, isLinkedToCustomers: false, pendingEmail: null });
    expect(await overview()).toEqual(first!); // asked again: the same answer

    await server.prisma.user.update({ where: { id: user.id }, data: { firstName: "Renamed" } });
    expect(await overview()).toMatchObject({ firstName: "Renamed" });

    await f.customer(branch.id, "103001", { userId: user.id });
    expect(await overview()).toMatchObject({ isLinkedToCustomers: true });

    await server.prisma.emailToken.create({
      data: {
        id: `kept-overview-${user.id}`,
        branchId: branch.id,
        userId: user.id,
        kind: "VERIFY_EMAIL",
        email: "new-address@example.test",
        expiresAt: new Date(clock.nowMs() + 3600_000),
      },
    });
    expect(await overview()).toMatchObject({ pendingEmail: "new-address@example.test" });

    await server.prisma.branch.update({ where: { id: branch.id }, data: { acceptedPaymentTypes: "CARD_ONLY" } });
    expect(await overview()).toMatchObject({ allowAch: false });

    // A watertight feature whose window opens in an hour: listed once the clock reaches it, with no write.
    const opens = new Date(clock.nowMs() + 3600_000);
    const feature = await server.prisma.branchWatertightFeature.create({
      data: { branchId: branch.id, featureId: "LEADS", startTime: opens },
    });
    expect((await overview())?.enabledWatertightFeatures).not.toContain(feature.featureId);
    clock.startAt(new Date(opens.getTime() + 1000));
    expect((await overview())?.enabledWatertightFeatures).toContain(feature.featureId);
    clock.startAt(null);
  });
});
