import { randomUUID } from "node:crypto";
import { normalize, resolve, sep } from "node:path";
import type { GraphQLSchema } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import { Hono } from "hono";
import { buildContext } from "./auth/context.ts";
import { clock } from "./clock.ts";
import { replayRequestChanges } from "./db/change-feed.ts";
import { AppError } from "./errors.ts";
import { answerForCustomer } from "./graphql/customer-answer-cache.ts";
import { toClientError } from "./graphql/errors.ts";
import { executeTrusted } from "./graphql/execute-trusted.ts";
import { bufferedRequest, corsFor, readGraphqlBody, refuseGraphqlPost } from "./graphql/http-guard.ts";
import { jitPlugin } from "./graphql/jit.ts";
import { LIMITS, limitsPlugin } from "./graphql/limits.ts";
import { answerPublicShopRead } from "./graphql/public-response-cache.ts";
import { admitDocument, trustedDocumentsFor } from "./graphql/trusted-documents.ts";
import { answerHeadLikeGet } from "./http/head.ts";
import { refuseMalformedAddress } from "./http/malformed-request.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { renderedPageResponse, type ServerRendered, serverRenderedIndex } from "./http/server-render.ts";
import { fileResponse } from "./http/static-compression.ts";
import { developmentStandIn, STAND_IN_PATH } from "./integrations/retailer/stand-in.ts";
import { serveMedia, storageFor } from "./integrations/storage/storage.ts";
import { log } from "./log.ts";
import { impersonationPlugin } from "./modules/admin/impersonation.ts";
import { formPageRoutes } from "./modules/leads/forms.page.ts";
import { leadImportRoutes } from "./modules/leads/imports.http.ts";
import { intakeRoutes } from "./modules/leads/intake.http.ts";
import { telemetryRoutes } from "./modules/telemetry/telemetry.http.ts";
import { BASEMAP_PATH, serveBasemap } from "./modules/territories/basemap.ts";
import { type RequestStore, requestStore } from "./request-store.ts";
import type { Context, Runtime } from "./runtime.ts";

type Env = { Bindings: { ip?: string } };

export function createApp(rt: Runtime, schema: GraphQLSchema) {
  const yoga = createYoga<Context>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    graphiql: rt.config.NODE_ENV !== "production",
    logging: false,
    maskedErrors: {
      // Expected errors (with a code) pass through; anything else is logged with the request id
      // and reaches the client as "Unexpected error." only.
      maskError: (error) => toClientError(error),
    },
    plugins: [
      cookiePlugin(),
      limitsPlugin({ production: rt.config.NODE_ENV === "production" }),
      impersonationPlugin(),
      jitPlugin(),
    ],
    // CORS only for origins listed in CORS_ORIGINS (Yoga's default reflects any origin with credentials);
    // no multipart (images are uploaded as base64 in JSON); bodies are limited before Yoga (http-guard.ts).
    cors: corsFor(rt.config),
    multipart: false,
    maxRequestBodySize: LIMITS.maxUploadBodyBytes,
  });

  const app = new Hono<Env>();
  const countStatements = rt.config.SQL_STATEMENT_COUNT === "on";
  // In a cluster (WORKERS=N), which worker answered: for support, and the tests that prove any may.
  const worker = rt.config.WORKER_ID === undefined ? undefined : String(rt.config.WORKER_ID);

  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 100) || randomUUID();
    const started = performance.now();
    const store: RequestStore = { requestId };
    await requestStore.run(store, async () => {
      await next();
      if (store.changes) replayRequestChanges(store);
      // On the answer's own headers: Hono's c.header() after the answer is made copies the whole
      // Response once per call (securityHeaders, inside this one, has made its headers mutable).
      const headers = c.res.headers;
      headers.set("x-request-id", requestId);
      if (worker) headers.set("x-worker", worker);
      if (countStatements) headers.set("x-sql-statements", String(store.sqlStatements ?? 0));
      const path = c.req.path;
      if (path !== "/healthz" && path !== "/readyz" && !path.startsWith("/assets/"))
        log.debug("request", {
          method: c.req.method,
          path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        });
    });
  });

  app.use("*", securityHeaders(rt.config));
  // An address that does not decode, or decodes to control characters, is a 400 (http/malformed-request.ts).
  app.use("*", refuseMalformedAddress);

  // Times on the business clock (clock.ts): tests pinned to a date read them to compute expectations.
  const startedAt = clock.now().toISOString();
  app.get("/healthz", (c) => c.json({ status: "ok", version: rt.version, now: clock.now().toISOString(), startedAt }));
  app.get("/readyz", async (c) => {
    try {
      // Ready once the first page renders as fast as the next (server.ts warms it up), at most 5 s after start.
      if (rt.warmedUp) await Promise.race([rt.warmedUp, Bun.sleep(5000)]);
      await rt.prisma.$queryRaw`SELECT 1`;
      return c.json({ status: "ready" });
    } catch (error) {
      log.warn("database not reachable", { error });
      return c.json({ status: "database unreachable" }, 503);
    }
  });

  const production = rt.config.NODE_ENV === "production";
  const trusted = trustedDocumentsFor(rt.config.WEB_DIST, schema, production);
  const cors = corsFor(rt.config);

  app.on(["GET", "POST", "OPTIONS"], "/graphql", async (c) => {
    // A CORS preflight is answered by Yoga's cors option (no context needed).
    if (c.req.method === "OPTIONS") return yoga.fetch(c.req.raw, {} as Context);
    const refused = refuseGraphqlPost(c.req.raw);
    if (refused) return refused;
    let ctx: Context;
    try {
      ctx = await buildContext(rt, {
        headers: c.req.raw.headers,
        url: c.req.url,
        ip: c.env?.ip ?? "unknown",
        requestId: requestStore.getStore()?.requestId ?? randomUUID(),
      });
    } catch (error) {
      if (error instanceof AppError) {
        return c.json({ errors: [{ message: error.message, extensions: { code: error.code } }] }, error.status as 404);
      }
      throw error;
    }
    const raw = c.req.raw;
    let body: Uint8Array | undefined;
    if (raw.method === "POST") {
      // Only a signed-in employee may send a body beyond 1 MB, and only for an image upload.
      const read = await readGraphqlBody(raw, !!ctx.viewer?.personId);
      if (read instanceof Response) return read;
      body = read;
    }
    // Which document: a trusted one runs here, compiled, without Yoga (graphql/trusted-documents.ts).
    const params = body ? jsonObject(body) : raw.method === "GET" ? urlParams(c.req.url) : undefined;
    if (params) {
      const admission = admitDocument(params, ctx, trusted, production);
      if (admission.kind === "refused") return errorResponse(admission.error, admission.status);
      if (admission.kind === "trusted") {
        const { entry } = admission;
        const variables = (params.variables ?? undefined) as Record<string, unknown> | undefined;
        const run = async (): Promise<Response | null> => {
          // Another origin's CORS headers are Yoga's to add.
          if (raw.headers.has("origin") && cors(raw)) return null;
          // A customer's billing is kept whole, as sent (graphql/customer-answer-cache.ts).
          const answer = await answerForCustomer(ctx, entry, variables, () =>
            executeTrusted(ctx, entry, variables, { production, method: raw.method }),
          );
          if (answer === "usual") return null;
          const type = `${answerType(raw)}; charset=utf-8`;
          if (!ctx.responseCookies.length)
            return new Response(answer.body, { status: answer.status, headers: { "content-type": type } });
          const headers = new Headers({ "content-type": type });
          for (const cookie of ctx.responseCookies) headers.append("set-cookie", cookie);
          return new Response(answer.body, { status: answer.status, headers });
        };
        const usual = () =>
          yoga.fetch(
            raw.method === "POST"
              ? bufferedRequest(raw, textBody(entry.text, variables, params.operationName))
              : new Request(withQueryText(c.req.url, entry.text), { headers: raw.headers }),
            ctx,
          );
        const respond = async () => (await run()) ?? (await usual());
        // A visitor's shop reads are the same for every visitor of the branch.
        if (raw.method === "POST" && entry.publicShop && !ctx.viewer && !raw.headers.has("authorization"))
          return answerPublicShopRead(
            rt,
            ctx.branch.id,
            raw,
            JSON.stringify({ documentId: entry.id, variables }),
            respond,
            true,
          );
        return respond();
      }
    }
    const req = body ? bufferedRequest(raw, body) : raw;
    // A visitor's shop reads are the same for every visitor of the branch (graphql/public-response-cache.ts).
    if (body && !ctx.viewer && !req.headers.has("authorization"))
      return answerPublicShopRead(rt, ctx.branch.id, req, new TextDecoder().decode(body), async (r) =>
        yoga.fetch(r, ctx),
      );
    return yoga.fetch(req, ctx);
  });

  app.get("/media/:key", (c) => serveMedia(storageFor(rt.config), c.req.param("key")));
  app.get(BASEMAP_PATH, (c) => serveBasemap(rt.config, c.req.raw));
  app.route("/telemetry", telemetryRoutes(rt));
  // The public lead forms, plain HTML rendered here (not the web app).
  app.route("/forms", formPageRoutes(rt));
  app.route("/api/leads", intakeRoutes(rt));
  // A CSV file of leads checked as its body streams in (the dry run of team/leads/import).
  app.route("/api/lead-imports", leadImportRoutes(rt));
  // A stand-in for the retailers' referral feeds, outside production (the demo's Costco connection).
  if (rt.config.NODE_ENV !== "production")
    app.all(`${STAND_IN_PATH}/*`, (c) => developmentStandIn.mounted(c.req.raw, STAND_IN_PATH));

  app.get("*", (c) => {
    // The first pages are rendered here (http/server-render.ts); their GraphQL requests come back
    // through this app as the visitor: the browser's headers (cookie, host, forwarded address) and address.
    const asVisitor = async (request: Request) => {
      const headers = new Headers(c.req.raw.headers);
      for (const name of ["accept-encoding", "content-length", "transfer-encoding"]) headers.delete(name);
      for (const [name, value] of request.headers) headers.set(name, value);
      const url = new URL(new URL(request.url).pathname, c.req.url);
      return app.fetch(new Request(url, { method: request.method, headers, body: await request.text() }), c.env);
    };
    const render = (readIndex: () => Promise<string>) =>
      serverRenderedIndex(rt.config.WEB_DIST, readIndex, new URL(c.req.url), asVisitor);
    return serveWeb(rt.config.WEB_DIST, c.req.path, c.req.header("accept-encoding"), render);
  });
  app.all("*", (c) => c.json({ error: "Not found" }, 404));

  app.onError((error, c) => {
    log.error("unhandled error", { error });
    return c.json({ error: "Internal server error" }, 500);
  });

  answerHeadLikeGet(app);
  return { app, yoga };
}

const utf8 = new TextDecoder();

/** A JSON body that is one object (a batch, or anything else, is Yoga's to answer). */
function jsonObject(body: Uint8Array): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(utf8.decode(body)) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A GET's parameters, when it names a document id (anything else is Yoga's to read). */
function urlParams(url: string): Record<string, unknown> | undefined {
  const search = new URL(url).searchParams;
  if (!search.has("documentId") && !search.has("extensions") && !search.has("query")) return undefined;
  const json = (name: string) => {
    const v = search.get(name);
    if (v === null) return undefined;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Symbol.for("invalid");
    }
  };
  const variables = json("variables");
  const extensions = json("extensions");
  // Unreadable JSON: Yoga's own 400.
  if (typeof variables === "symbol" || typeof extensions === "symbol") return undefined;
  return {
    documentId: search.get("documentId") ?? undefined,
    query: search.get("query") ?? undefined,
    operationName: search.get("operationName") ?? undefined,
    variables,
    extensions,
  };
}

const textBody = (query: string, variables: unknown, operationName: unknown) =>
  new TextEncoder().encode(JSON.stringify({ query, variables, operationName }));

function withQueryText(url: string, query: string): string {
  const u = new URL(url);
  u.searchParams.delete("documentId");
  u.searchParams.delete("extensions");
  u.searchParams.set("query", query);
  return u.toString();
}

/** The content type Yoga would answer with: GraphQL's own when the client accepts it. */
const answerType = (req: Request) =>
  (req.headers.get("accept") ?? "").includes("application/graphql-response+json")
    ? "application/graphql-response+json"
    : "application/json";

function errorResponse(error: { message: string; extensions: Record<string, unknown> }, status: number) {
  return new Response(
    JSON.stringify({ errors: [{ message: error.message, extensions: { code: error.extensions.code } }] }),
    {
      status,
      headers: { "content-type": "application/json; charset=utf-8" },
    },
  );
}

/** Resolvers push Set-Cookie values on ctx.responseCookies; this adds them to the response. */
function cookiePlugin(): Plugin<Context> {
  const cookiesByRequest = new WeakMap<Request, string[]>();
  return {
    onContextBuilding({ context }) {
      cookiesByRequest.set(context.request, context.responseCookies);
    },
    onResponse({ request, response }) {
      for (const cookie of cookiesByRequest.get(request) ?? []) response.headers.append("set-cookie", cookie);
    },
  };
}

/** The built web app (gzip when accepted): hashed assets cached for a year, client routes fall back to index.html. */
async function serveWeb(
  distDir: string,
  path: string,
  acceptEncoding: string | undefined,
  render: (readIndex: () => Promise<string>) => Promise<ServerRendered | null>,
): Promise<Response> {
  const root = resolve(distDir);
  const decoded = normalize(decodeURIComponent(path));
  const target = resolve(root, `.${decoded}`);
  if (target !== root && !target.startsWith(root + sep)) return new Response("Not found", { status: 404 });
  // Hidden files of the build (the manifest, the server render in .ssr) are not the site's.
  if (/(^|\/)\./.test(decoded)) return new Response("Not found", { status: 404 });
  const isAsset = path.startsWith("/assets/");
  if (path !== "/" && !path.endsWith("/")) {
    const file = Bun.file(target);
    if (await file.exists()) {
      return fileResponse(target, file, acceptEncoding, {
        "cache-control": isAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      });
    }
  }
  // A missing hashed chunk must be a real 404 so the client notices a stale deployment and reloads.
  if (isAsset || /\.[a-z0-9]{2,5}$/i.test(path)) return new Response("Not found", { status: 404 });
  const index = Bun.file(resolve(root, "index.html"));
  if (!(await index.exists())) {
    return new Response("The web app is not built yet: run `npm run build`.", { status: 503 });
  }
  const rendered = await render(() => index.text());
  if (rendered) return renderedPageResponse(rendered, acceptEncoding);
  return fileResponse(resolve(root, "index.html"), index, acceptEncoding, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
  });
}
