import { parseCsv } from "@/lib/csv";
import { currentBranchHost } from "@/lib/graphql";

// The chosen file on the person's computer: its header row (read from its first 64 KB, to map the
// columns before anything is sent), then the whole file sent for its dry run, gzip-compressed, as a
// request body the server reads as it arrives (api/src/modules/leads/imports.http.ts).

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

/** The most a file may hold (the server's limit too). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export type DryRunAnswer = { isSuccess: boolean; message: string; fileId: string | null };

/**
 * Sends the file for its dry run, gzip-compressed (CSV shrinks five to ten times), as the body of
 * POST /api/lead-imports/dry-run: the server reads it as it arrives, whatever its size up to 50 MB.
 */
export async function sendForDryRun(
  file: File,
  options: { leadSourceId: string | null; mapping: { column: string; field: string }[] },
): Promise<DryRunAnswer> {
  if (file.size > IMPORT_MAX_BYTES)
    return { isSuccess: false, message: "The file is larger than 50 MB: split it into smaller files.", fileId: null };
  const compressed = await new Response(file.stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const query = new URLSearchParams({ fileName: file.name, mapping: JSON.stringify(options.mapping) });
  if (options.leadSourceId) query.set("leadSourceId", options.leadSourceId);
  const headers: Record<string, string> = { "content-type": "application/gzip" };
  const host = currentBranchHost();
  if (host) headers.BranchHost = host;
  const res = await fetch(`/api/lead-imports/dry-run?${query}`, { method: "POST", headers, body: compressed });
  const answer = (await res.json().catch(() => null)) as DryRunAnswer | null;
  return answer ?? { isSuccess: false, message: `The file could not be sent (HTTP ${res.status}).`, fileId: null };
}
