import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { serverAudits } from "graphql-http";
import { createTestServer, factories, type TestServer } from "../../test/harness.ts";

// The GraphQL-over-HTTP conformance audit (graphql-http): every audit, MUST, SHOULD and MAY alike, is
// expected to pass ("ok"); a "warn"/"notice" or "error" fails with its reason. All 61 pass today, with
// the limits and the JSON-only POSTs (graphql/limits.ts, graphql/http-guard.ts) in place. Should one stop
// passing on purpose, list it in EXPECTED with its status and the reason.
const EXPECTED: Record<string, "warn" | "notice" | "error"> = {};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await factories(server.prisma).branch({ host: "default-test" });
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("graphql-http audit", () => {
  const audits = serverAudits({ url: () => `${server.url}/graphql` });
  test("the audit still has the 61 checks this file was written against", () => {
    expect(audits.length).toBe(61);
  });
  for (const audit of audits) {
    test(audit.name, async () => {
      const result = await audit.fn();
      const outcome = result.status === "ok" ? "ok" : `${result.status}: ${"reason" in result ? result.reason : ""}`;
      const expected = EXPECTED[audit.id];
      if (expected) expect(outcome).toStartWith(`${expected}:`);
      else expect(outcome).toBe("ok");
    });
  }
});
