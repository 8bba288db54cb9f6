import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { buildContext } from "../../auth/context.ts";
import { hasAnyPermission } from "../../auth/permissions.ts";
import { AppError } from "../../errors.ts";
import { websocketOriginAllowed } from "../../graphql/http-guard.ts";
import { requestStore } from "../../request-store.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { LEAD_IMPORT_FIELDS, type LeadImportMapping } from "../../shared/lead-import-fields.ts";
import { dryRunLeadImport, dryRunMessage, IMPORT_LIMITS } from "./imports.dry-run.ts";

// The dry run of a CSV file of any size up to the import's limit, its bytes read as they arrive:
//   POST /api/lead-imports/dry-run?fileName=leads.csv&leadSourceId=...&mapping=[{"column":..,"field":..}]
//   Content-Type: text/csv (the file as it is) or application/gzip (the file gzip-compressed)
// GraphQL's dryRunLeadImport takes the file inside its JSON body, so the whole body is in memory before
// anything is read, and /graphql caps it at 8 MB; here nothing is buffered: the body streams into the
// CSV reader and the rows are checked and stored 2,000 at a time (imports.dry-run.ts).
//
// Everything that can refuse the request is checked before a byte of the body is read: the content type
// (415; an HTML form cannot send either type, and another site's script needs a preflight this route
// does not grant, which with the Origin check keeps it safe from cross-site requests), the Origin (403),
// a declared Content-Length over the limit (413: a 1 GB file is refused at once), the person (401) and
// their permission (LEAD_ADMIN or LEAD_DATA_ENTRY, 403 — the same as dryRunLeadImport), the file name
// and mapping (400). A body without Content-Length is counted as it arrives and cut off at the limit.
// The answer is dryRunLeadImport's: { isSuccess, message, fileId }.

type Env = { Bindings: { ip?: string } };
const TYPES: Record<string, boolean> = { "text/csv": false, "application/gzip": true };
const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const leadImportHttpMessages = {
  type: "Send the file as text/csv, or gzip-compressed as application/gzip.",
  origin: "This request comes from another site.",
  tooLarge: () => `The file is larger than ${MB(IMPORT_LIMITS.bytes)}: split it into smaller files.`,
  signIn: "Sign in to import leads.",
  forbidden: "Importing leads needs the Lead admin or Lead data entry permission.",
  mapping: "The mapping is not a list of { column, field } (map at least one column to a lead field).",
};

const refuse = (status: 400 | 401 | 403 | 404 | 413 | 415, message: string) =>
  Response.json({ isSuccess: false, message, fileId: null }, { status });

/** The mapping sent in the query string, or null when it is not one. */
function mappingOf(text: string | null): LeadImportMapping | null {
  if (!text || text.length > 20_000) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value) || value.length > LEAD_IMPORT_FIELDS.length) return null;
    const ok = value.every(
      (m) =>
        m &&
        typeof m === "object" &&
        typeof (m as { column?: unknown }).column === "string" &&
        LEAD_IMPORT_FIELDS.includes((m as { field?: unknown }).field as never),
    );
    return ok ? (value as LeadImportMapping).map((m) => ({ column: m.column, field: m.field })) : null;
  } catch {
    return null;
  }
}

export function leadImportRoutes(rt: Runtime) {
  const app = new Hono<Env>();
  app.post("/dry-run", async (c) => {
    const req = c.req.raw;
    const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const gzip = TYPES[type];
    if (gzip === undefined) return refuse(415, leadImportHttpMessages.type);
    if (!websocketOriginAllowed(req.headers, rt.config)) return refuse(403, leadImportHttpMessages.origin);
    const declared = Number(req.headers.get("content-length") ?? 0);
    if (declared > IMPORT_LIMITS.bytes) return refuse(413, leadImportHttpMessages.tooLarge());
    let ctx: Context;
    try {
      ctx = await buildContext(rt, {
        headers: req.headers,
        url: req.url,
        ip: c.env?.ip ?? "unknown",
        requestId: requestStore.getStore()?.requestId ?? randomUUID(),
      });
    } catch (error) {
      if (error instanceof AppError) return refuse(404, error.message);
      throw error;
    }
    if (!ctx.viewer?.personId) return refuse(401, leadImportHttpMessages.signIn);
    if (!hasAnyPermission(await ctx.permissions(), ["LEAD_ADMIN", "LEAD_DATA_ENTRY"]))
      return refuse(403, leadImportHttpMessages.forbidden);
    const url = new URL(req.url);
    const mapping = mappingOf(url.searchParams.get("mapping"));
    if (!mapping) return refuse(400, leadImportHttpMessages.mapping);
    if (!req.body) return refuse(400, "The file is empty: it has no header row and no rows.");
    try {
      const file = await dryRunLeadImport(ctx, {
        fileName: url.searchParams.get("fileName") ?? "",
        leadSourceId: url.searchParams.get("leadSourceId") || null,
        mapping,
        stream: req.body,
        gzip,
      });
      return Response.json({
        isSuccess: true,
        message: dryRunMessage(file),
        fileId: file.id,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const tooLarge = error.message === leadImportHttpMessages.tooLarge();
      return refuse(tooLarge ? 413 : error.code === "NOT_FOUND" ? 404 : 400, error.message);
    }
  });
  return app;
}
