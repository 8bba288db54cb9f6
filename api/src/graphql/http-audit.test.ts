import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { serverAudits } from "graphql-http";
import { createTestServer, factories, type TestServer } from "../../test/harness.ts";

// The GraphQL-over-HTTP conformance audit: every MUST audit passes (SHOULD/MAY are reported).
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await factories(server.prisma).branch({ host: "default-test" });
}, 120_000);
afterAll(() => server.close(), 30_000);

describe("graphql-http audit", () => {
  for (const audit of serverAudits({ url: () => `${server.url}/graphql` })) {
    const must = audit.name.startsWith("MUST");
    test(audit.name, async () => {
      const result = await audit.fn();
      if (must)
        expect(result.status === "ok" ? "ok" : `${result.status}: ${"reason" in result ? result.reason : ""}`).toBe(
          "ok",
        );
      else expect(["ok", "warn", "notice"]).toContain(result.status);
    });
  }
});
