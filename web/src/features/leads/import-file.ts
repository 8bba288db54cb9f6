import { parseCsv } from "@/lib/csv";

// The chosen file on the person's computer: its header row (read from its first 64 KB, to map the
// columns before anything is sent) and the whole file gzip-compressed as base64 (what the dry run takes).

/** The first row's column names; [] when the file has none. */
export async function readHeader(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const first = parseFirstRecord(head);
  return first.map((c) => c.trim()).filter((c, i, all) => c !== "" && all.indexOf(c) === i);
}

function parseFirstRecord(text: string): string[] {
  try {
    return parseCsv(text.replace(/^\uFEFF/, "")).find((r) => r.fields.some((f) => f.trim()))?.fields ?? [];
  } catch {
    // A quote left open at the end of the 64 KB: read up to the first line break instead.
    return parseCsv(text.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "")[0]?.fields ?? [];
  }
}

/** The file gzip-compressed, as base64 (CSV shrinks five to ten times). */
export async function gzipBase64(file: File): Promise<string> {
  const compressed = await new Response(file.stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  const bytes = new Uint8Array(compressed);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
