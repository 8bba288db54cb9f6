import { afterAll, beforeAll } from "bun:test";
import { createTestServer, type TestServer } from "./harness.ts";

/**
 * A test file's own server (jobs off) with the whole demo seeded, made before its tests and closed after
 * them; `ready` gets the server (and may sign in the demo's people). Only seed tests load the demo.
 */
export function serveDemo(ready: (server: TestServer) => unknown) {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ JOBS: "off" }, { demo: true });
    await ready(server);
  }, 180_000);
  afterAll(() => server.close(), 30_000);
}
