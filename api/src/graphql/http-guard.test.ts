import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { Client, createTestServer, factories, type TestServer } from "../../test/harness.ts";
import { LIMITS } from "./limits.ts";

// What reaches /graphql before GraphQL runs (graphql/http-guard.ts) and the websocket's limits
// (server.ts): body size, content types (CSRF), CORS, the upgrade's Origin, sockets and subscriptions.
const PARTNER = "https://partner.example";
const EVIL = "https://evil.example";
let server: TestServer;
let wsUrl: string;
let storageDir: string;
let victim: { email: string; password: string };
let employee: { email: string; password: string };
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "guard-media-"));
  server = await createTestServer({ CORS_ORIGINS: `${PARTNER}, https://other.example/`, STORAGE_DIR: storageDir });
  const f = factories(server.prisma);
  const branch = await f.branch({ host: "default-test" });
  victim = await f.user(branch.id);
  employee = await f.user(branch.id, { permissions: ["ECOMMERCE_MANAGEMENT"] });
  wsUrl = `${server.url.replace("http", "ws")}/graphql`;
}, 120_000);
afterAll(async () => {
  await server.close();
  await rm(storageDir, { recursive: true, force: true });
}, 30_000);

const gqlUrl = () => `${server.url}/graphql`;
const json = { "content-type": "application/json", accept: "application/json" };

describe("body size", () => {
  const padded = (bytes: number) => JSON.stringify({ query: "{ version }", variables: { pad: "x".repeat(bytes) } });

  test("a JSON body over 1 MB is refused with 413 before it is parsed", async () => {
    const res = await fetch(gqlUrl(), { method: "POST", headers: json, body: padded(LIMITS.maxBodyBytes) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      errors: [{ message: "The request is too large: at most 1 MB.", extensions: { code: "PAYLOAD_TOO_LARGE" } }],
    });
    // just under the limit is fine
    const ok = await fetch(gqlUrl(), { method: "POST", headers: json, body: padded(LIMITS.maxBodyBytes - 1000) });
    expect(ok.status).toBe(200);
  });

  test("a streamed body without Content-Length is cut off at the limit", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"query":"{ version }","variables":{"pad":"'));
        if (sent > 3 * LIMITS.maxBodyBytes) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(gqlUrl(), { method: "POST", headers: json, body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
  });

  test("a declared Content-Length over the upload limit is refused at once", async () => {
    const res = await fetch(gqlUrl(), {
      method: "POST",
      headers: { ...json },
      body: padded(LIMITS.maxUploadBodyBytes + 10),
    });
    expect(res.status).toBe(413);
  });

  test("an image upload may be larger (signed-in employee, upload mutation only)", async () => {
    const image = new Uint8Array(1536 * 1024);
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const dataBase64 = Buffer.from(image).toString("base64");
    const upload = "mutation($i: UploadMediaInput!) { uploadMedia(input: $i) { size } }";

    const anonymous = await new Client(server.url).gql(upload, { i: { fileName: "a.png", dataBase64 } });
    expect(anonymous.status).toBe(413);

    const staff = new Client(server.url);
    expect((await staff.login(employee.email, employee.password)).isSuccess).toBe(true);
    const uploaded = await staff.gql<{ uploadMedia: { size: number } }>(upload, {
      i: { fileName: "a.png", dataBase64 },
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.data?.uploadMedia.size).toBe(image.byteLength);
    // the same employee, the same size, another operation: 413
    const other = await staff.gql("query($pad: String) { version }", { pad: dataBase64 });
    expect(other.status).toBe(413);
  });
});

describe("CSRF: only JSON posts", () => {
  const formTypes = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"];

  test("a cross-site form post to login (text/plain crafted as JSON, urlencoded, multipart) is refused, no cookie", async () => {
    const mutation = `mutation { login(username: "${victim.email}", password: "${victim.password}") { isSuccess } }`;
    const bodies: Record<string, string> = {
      "text/plain": JSON.stringify({ query: mutation }),
      "application/x-www-form-urlencoded": new URLSearchParams({ query: mutation }).toString(),
      "multipart/form-data; boundary=x": `--x\r\nContent-Disposition: form-data; name="query"\r\n\r\n${mutation}\r\n--x--\r\n`,
    };
    const sessionsBefore = await server.prisma.session.count();
    for (const type of formTypes) {
      const res = await fetch(gqlUrl(), {
        method: "POST",
        headers: { "content-type": type, origin: EVIL },
        body: bodies[type],
      });
      expect([type, res.status]).toEqual([type, 415]);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe(
        "UNSUPPORTED_MEDIA_TYPE",
      );
    }
    expect(await server.prisma.session.count()).toBe(sessionsBefore);
  });

  test("a cross-site form post of a state-changing mutation with the victim's cookie changes nothing", async () => {
    const browser = new Client(server.url);
    expect((await browser.login(victim.email, victim.password)).isSuccess).toBe(true);
    for (const type of formTypes) {
      const res = await fetch(gqlUrl(), {
        method: "POST",
        headers: { "content-type": type, cookie: browser.cookie, origin: EVIL },
        body: type === "text/plain" ? JSON.stringify({ query: "mutation { logout { isSuccess } }" }) : "query=x",
      });
      expect(res.status).toBe(415);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // still signed in
    const me = await browser.gql<{ currentUser: { userId: string } }>("{ currentUser { userId } }");
    expect(me.data?.currentUser.userId).toBeTruthy();
  });

  test("no content type is refused; application/graphql-response+json and a charset are accepted", async () => {
    const none = await fetch(gqlUrl(), { method: "POST", body: JSON.stringify({ query: "{ version }" }) });
    expect(none.status).toBe(415);
    for (const type of ["application/json; charset=utf-8", "application/graphql-response+json"]) {
      const res = await fetch(gqlUrl(), {
        method: "POST",
        headers: { "content-type": type },
        body: JSON.stringify({ query: "{ version }" }),
      });
      expect([type, res.status]).toEqual([type, 200]);
    }
  });

  test("GET never runs a mutation", async () => {
    const browser = new Client(server.url);
    await browser.login(victim.email, victim.password);
    const url = `${gqlUrl()}?query=${encodeURIComponent("mutation { logout { isSuccess } }")}`;
    const res = await fetch(url, { headers: { cookie: browser.cookie, accept: "application/json" } });
    expect(res.status).toBe(405);
    expect(res.headers.getSetCookie()).toEqual([]);
    const me = await browser.gql<{ currentUser: { userId: string } }>("{ currentUser { userId } }");
    expect(me.data?.currentUser.userId).toBeTruthy();
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    fetch(gqlUrl(), {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });

  test("a preflight from another origin gets no Access-Control-Allow-Origin", async () => {
    const res = await preflight(EVIL);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  test("a JSON post from another origin: no Access-Control-Allow-Origin (the origin is not reflected)", async () => {
    const res = await fetch(gqlUrl(), {
      method: "POST",
      headers: { ...json, origin: EVIL },
      body: JSON.stringify({ query: "{ version }" }),
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  test("an origin in CORS_ORIGINS is allowed with credentials (trailing slash in the setting ignored)", async () => {
    for (const origin of [PARTNER, "https://other.example"]) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
      expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST");
    }
    const post = await fetch(gqlUrl(), {
      method: "POST",
      headers: { ...json, origin: PARTNER },
      body: JSON.stringify({ query: "{ version }" }),
    });
    expect(post.headers.get("access-control-allow-origin")).toBe(PARTNER);
  });
});

type Socket = {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  messages: { id?: string; type: string; payload?: unknown }[];
  next(type: string, id?: string): Promise<{ id?: string; type: string; payload?: unknown }>;
  send(m: unknown): void;
};

function connect(origin?: string): Socket {
  const socket = new WebSocket(wsUrl, "graphql-transport-ws", origin ? { origin } : {});
  const messages: Socket["messages"] = [];
  socket.on("message", (m) => messages.push(JSON.parse(String(m))));
  socket.on("error", () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    socket,
    closed,
    messages,
    async next(type, id) {
      for (let i = 0; i < 300; i++) {
        const found = messages.find((m) => m.type === type && (id === undefined || m.id === id));
        if (found) return found;
        await Bun.sleep(10);
      }
      throw new Error(`no ${type} message`);
    },
    send: (m) => socket.send(JSON.stringify(m)),
  };
}

async function initialised(origin?: string) {
  const s = connect(origin);
  await new Promise((resolve, reject) => {
    s.socket.once("open", resolve);
    s.socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  s.send({ type: "connection_init" });
  await s.next("connection_ack");
  return s;
}

async function closeAll(sockets: Socket[]) {
  for (const s of sockets) s.socket.close();
  await Promise.all(sockets.map((s) => s.closed));
}

describe("websocket", () => {
  test("a browser on another origin is refused at the upgrade (403)", async () => {
    const s = connect(EVIL);
    const status = await new Promise<number>((resolve) =>
      s.socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
    await expect(initialised("null")).rejects.toThrow("HTTP 403");
  });

  test("no Origin (server-side clients), the server's own origin and CORS_ORIGINS are allowed", async () => {
    const sockets = [await initialised(), await initialised(server.url), await initialised(PARTNER)];
    await closeAll(sockets);
  });

  test(`at most ${LIMITS.maxSubscriptionsPerSocket} operations at once on one socket`, async () => {
    const s = await initialised();
    for (let i = 1; i <= LIMITS.maxSubscriptionsPerSocket; i++) {
      s.send({ id: String(i), type: "subscribe", payload: { query: "subscription { onVersion }" } });
      await s.next("next", String(i));
    }
    s.send({ id: "over", type: "subscribe", payload: { query: "subscription { onVersion }" } });
    const refused = await s.next("error", "over");
    expect(refused.payload).toEqual([
      {
        message: `Too many operations on this connection: at most ${LIMITS.maxSubscriptionsPerSocket} at once.`,
        extensions: { code: "RATE_LIMITED" },
      },
    ]);
    // the socket stays open; once one completes there is room again
    s.send({ id: "1", type: "complete" });
    await Bun.sleep(50);
    s.send({ id: "again", type: "subscribe", payload: { query: "subscription { onVersion }" } });
    expect((await s.next("next", "again")).payload).toEqual({ data: { onVersion: server.runtime.version } });
    await closeAll([s]);
  });

  test(`at most ${LIMITS.maxSocketsPerAddress} sockets per client address; the next is closed with 1013`, async () => {
    const sockets: Socket[] = [];
    for (let i = 0; i < LIMITS.maxSocketsPerAddress; i++) sockets.push(await initialised());
    const over = connect();
    expect(await over.closed).toEqual({
      code: 1013,
      reason: `Too many connections from this address: at most ${LIMITS.maxSocketsPerAddress}`,
    });
    // a closed socket frees its place
    await closeAll(sockets.splice(0, 1));
    sockets.push(await initialised());
    await closeAll(sockets);
  });

  test("a message over 1 MB closes the socket (1009)", async () => {
    const s = await initialised();
    s.send({
      id: "big",
      type: "subscribe",
      payload: { query: "{ version }", variables: { pad: "x".repeat(LIMITS.maxBodyBytes) } },
    });
    expect((await s.closed).code).toBe(1009);
  });
});
