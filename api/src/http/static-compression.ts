import type { BunFile } from "bun";

// The built web app's text files (JS, CSS, HTML, SVG, JSON) go out gzip-compressed when the browser
// accepts it: a first load is about a third of the bytes. Each file is compressed once (level 9) and
// kept in memory until it changes on disk; the dist folder is a few megabytes at most.
// scripts/size-budget.ts counts first-load sizes with the same gzip level.

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/i;
const cache = new Map<string, { mtimeMs: number; body: Uint8Array<ArrayBuffer> }>();

/** True when Accept-Encoding lists gzip (or *) without q=0. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding?.trim() !== "gzip" && coding?.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The file gzip-compressed, or null when it is not a text file worth compressing. */
export async function gzipped(path: string, file: BunFile): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!COMPRESSIBLE.test(path)) return null;
  const mtimeMs = file.lastModified;
  const hit = cache.get(path);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = Bun.gzipSync(new Uint8Array(await file.arrayBuffer()), { level: 9 }) as Uint8Array<ArrayBuffer>;
  cache.set(path, { mtimeMs, body });
  return body;
}

/** A file response, compressed when the browser accepts gzip (always with Vary: Accept-Encoding). */
export async function fileResponse(
  path: string,
  file: BunFile,
  acceptEncoding: string | undefined,
  headers: Record<string, string>,
): Promise<Response> {
  const body = acceptsGzip(acceptEncoding) ? await gzipped(path, file) : null;
  const type = headers["content-type"] ?? file.type;
  if (!body) return new Response(file, { headers: { ...headers, "content-type": type, vary: "accept-encoding" } });
  return new Response(body, {
    headers: { ...headers, "content-type": type, "content-encoding": "gzip", vary: "accept-encoding" },
  });
}
