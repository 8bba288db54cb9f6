import { getOperationAST, Kind } from "graphql";
import type { Config } from "../config.ts";
import { LIMITS, parseDocument, UPLOAD_MUTATIONS } from "./limits.ts";

// What reaches /graphql over HTTP before Yoga sees it: CORS, the content types a POST may have (CSRF:
// no HTML form can send application/json), and the body size. Also the websocket upgrade's Origin check.

const jsonError = (status: number, message: string, code: string) =>
  new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const tooLarge = (max: number) => jsonError(413, `The request is too large: at most ${mb(max)}.`, "PAYLOAD_TOO_LARGE");

const JSON_TYPES = new Set(["application/json", "application/graphql-response+json"]);

/**
 * A POST must be JSON. An HTML form can only send application/x-www-form-urlencoded, multipart/form-data
 * or text/plain, so refusing those (415) is what keeps a cross-site form from running a mutation with
 * the victim's cookie, or signing the victim in as someone else. No endpoint takes multipart uploads
 * (images come as base64 in JSON). Also refuses a declared Content-Length over the upload limit.
 */
export function refuseGraphqlPost(req: Request): Response | undefined {
  if (req.method !== "POST") return undefined;
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!JSON_TYPES.has(type))
    return jsonError(
      415,
      "Unsupported content type: send GraphQL requests as application/json.",
      "UNSUPPORTED_MEDIA_TYPE",
    );
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > LIMITS.maxUploadBodyBytes) return tooLarge(LIMITS.maxUploadBodyBytes);
  return undefined;
}

/**
 * Reads a POST body up to maxBodyBytes (up to maxUploadBodyBytes for a signed-in employee sending one
 * of the upload mutations), counting the bytes as they stream in, so a body without Content-Length is
 * cut off too. Returns the request to hand on (its body buffered) or a 413 answer.
 */
export async function limitGraphqlBody(req: Request, mayUpload: boolean): Promise<Request | Response> {
  if (req.method !== "POST" || !req.body) return req;
  const body = await readGraphqlBody(req, mayUpload);
  return body instanceof Response ? body : bufferedRequest(req, body);
}

/** The request again, its body the bytes already read. */
export function bufferedRequest(req: Request, body: Uint8Array): Request {
  const headers = new Headers(req.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.byteLength));
  // Yoga's JSON parser knows only application/json; the body is the same JSON either way.
  if (/^application\/graphql-response\+json/i.test(headers.get("content-type") ?? ""))
    headers.set("content-type", "application/json");
  return new Request(req.url, { method: "POST", headers, body: body as Uint8Array<ArrayBuffer> });
}

/** A POST's body within the limits of limitGraphqlBody, or its 413 answer. */
export async function readGraphqlBody(req: Request, mayUpload: boolean): Promise<Uint8Array | Response> {
  if (!req.body) return new Uint8Array(0);
  const max = mayUpload ? LIMITS.maxUploadBodyBytes : LIMITS.maxBodyBytes;
  const length = req.headers.get("content-length");
  const declared = Number(length ?? 0);
  if (declared > max) return tooLarge(LIMITS.maxBodyBytes);
  // A declared length within the limit is what the server reads (a chunked body declares none): the body
  // is read at once, natively, about a tenth of what the stream below costs per request. Its size is
  // still checked, for a body that came with a length it does not have (a Request made in this process).
  if (length !== null && !req.headers.has("transfer-encoding")) {
    const body = await req.bytes();
    if (body.byteLength > max) return tooLarge(LIMITS.maxBodyBytes);
    return withinBodyLimit(body);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return tooLarge(LIMITS.maxBodyBytes);
    }
    chunks.push(value);
  }
  return withinBodyLimit(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
}

/** A body over maxBodyBytes (read because the caller may upload) is kept only for an upload mutation. */
function withinBodyLimit(body: Uint8Array): Uint8Array | Response {
  if (body.byteLength > LIMITS.maxBodyBytes && !isUploadOperation(Buffer.from(body)))
    return tooLarge(LIMITS.maxBodyBytes);
  return body;
}

/** Whether a JSON body is a mutation selecting only upload fields (which take an image as base64). */
function isUploadOperation(body: Buffer): boolean {
  try {
    const params = JSON.parse(body.toString("utf8")) as { query?: unknown; operationName?: unknown };
    if (typeof params.query !== "string") return false;
    const op = getOperationAST(
      parseDocument(params.query),
      typeof params.operationName === "string" ? params.operationName : undefined,
    );
    return (
      op?.operation === "mutation" &&
      op.selectionSet.selections.every(
        (s) => s.kind === Kind.FIELD && (UPLOAD_MUTATIONS.has(s.name.value) || s.name.value === "__typename"),
      )
    );
  } catch {
    return false;
  }
}

/**
 * Yoga's CORS option. Same-origin requests need no CORS headers; another origin gets them (with
 * credentials) only when CORS_ORIGINS lists it exactly. Never the request's Origin reflected.
 */
export function corsFor(config: Pick<Config, "CORS_ORIGINS">) {
  return (request: Request) => {
    const origin = request.headers.get("origin");
    if (!origin || !config.CORS_ORIGINS.includes(origin)) return false as const;
    return {
      origin: [origin],
      credentials: true,
      methods: ["GET", "POST"],
      allowedHeaders: ["content-type", "accept", "branchhost", "x-request-id"],
      maxAge: 600,
    };
  };
}

/**
 * The websocket upgrade's Origin check (cross-site websocket hijacking: a browser sends the cookie with
 * any upgrade). No Origin (server-side clients) is allowed; else it must be this server's own host,
 * PUBLIC_URL's origin, or listed in CORS_ORIGINS.
 */
export function websocketOriginAllowed(headers: Headers, config: Pick<Config, "CORS_ORIGINS" | "PUBLIC_URL">): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage
  }
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (host && url.host === host.toLowerCase()) return true;
  if (url.origin === new URL(config.PUBLIC_URL).origin) return true;
  return config.CORS_ORIGINS.includes(url.origin);
}
