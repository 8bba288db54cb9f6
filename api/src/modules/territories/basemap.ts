import type { Config } from "../../config.ts";

// The local basemap for territory maps: the PMTiles archive named by MAP_PMTILES_PATH, served with
// HTTP range requests (the pmtiles client reads the header, directories and tiles by range). Public
// like the web app's own files: it holds only a street map.

export const BASEMAP_PATH = "/map/basemap.pmtiles";

export async function serveBasemap(config: Pick<Config, "MAP_PMTILES_PATH">, req: Request): Promise<Response> {
  if (!config.MAP_PMTILES_PATH) return new Response("No local basemap configured.", { status: 404 });
  const file = Bun.file(config.MAP_PMTILES_PATH);
  if (!(await file.exists())) return new Response("Basemap file not found.", { status: 404 });
  const size = file.size;
  const headers = {
    "content-type": "application/octet-stream",
    "accept-ranges": "bytes",
    "cache-control": "public, max-age=3600",
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.get("range") ?? "");
  if (!range) return new Response(file, { headers: { ...headers, "content-length": String(size) } });
  let start = range[1] ? Number(range[1]) : size - Number(range[2]);
  let end = range[1] && range[2] ? Number(range[2]) : size - 1;
  if (!range[1]) end = size - 1;
  start = Math.max(0, start);
  end = Math.min(end, size - 1);
  if (start > end || start >= size)
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  return new Response(file.slice(start, end + 1), {
    status: 206,
    headers: {
      ...headers,
      "content-range": `bytes ${start}-${end}/${size}`,
      "content-length": String(end - start + 1),
    },
  });
}
