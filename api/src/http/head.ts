import type { Hono } from "hono";

// HEAD answers like GET, without the body. Hono's own HEAD handling runs the GET route but hands it the
// HEAD request (so yoga sees a HEAD and refuses it) and then replaces the body with null, so Bun
// announces `content-length: 0` instead of the GET's length. Instead the GET route gets a GET request,
// and the full response goes back to Bun.serve, which sends its headers (with the real content-length)
// and never the body for a HEAD request.

// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its environment type
export function answerHeadLikeGet<A extends Hono<any>>(app: A): A {
  const fetch = app.fetch;
  app.fetch = (request, ...rest) => {
    if (request.method !== "HEAD") return fetch(request, ...rest);
    return fetch(new Request(request, { method: "GET" }), ...rest);
  };
  return app;
}
