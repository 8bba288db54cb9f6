import { randomBytes, randomUUID } from "node:crypto";
import { Hono } from "hono";
import { buildContext } from "../../auth/context.ts";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { frameAncestorsFor } from "../../http/security-headers.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { confirmationPage, formPage, notAvailablePage, type PageState } from "./forms.html.ts";
import { HONEYPOT, readFormToken } from "./forms.rules.ts";
import type { FormWithElements } from "./forms.service.ts";
import { formSecret, newFormToken, requirePublicForm, submitLeadForm, THANKS } from "./forms.submit.ts";

// The public form at /forms/{id} (and /forms/{id}/confirmation), rendered here as plain HTML: GET shows
// the form; POST (a form post, no JavaScript needed) answers 303 to the confirmation, or the form again
// (422) with each error beside its question and the answers kept. Its own Content-Security-Policy:
// nothing but its inline style and script (by nonce) runs, it posts only to itself, and it may be framed
// by the branch's own website (brandWebsiteUrl) besides this site, so a dealer can embed it.

type Env = { Bindings: { ip?: string } };
const MAX_BODY = 64 * 1024;

function policy(nonce: string, ctx: Context | null) {
  let ancestors = ["'self'"];
  const site = ctx?.branch.brandWebsiteUrl?.trim();
  if (site) {
    try {
      const allowed = frameAncestorsFor([new URL(site).origin]);
      if (!allowed.includes("'none'")) ancestors = allowed;
    } catch {
      // Not a URL: only this site may frame the form.
    }
  }
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors.join(" ")}`,
  ].join("; ");
}

export function formPageRoutes(rt: Runtime) {
  const app = new Hono<Env>();

  const context = async (c: { req: { raw: Request; url: string }; env?: { ip?: string } }) => {
    try {
      return await buildContext(rt, {
        headers: c.req.raw.headers,
        url: c.req.url,
        ip: c.env?.ip ?? "unknown",
        requestId: randomUUID(),
      });
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
  };
  const html = (ctx: Context | null, nonce: string, body: string, status = 200) =>
    new Response(body, {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "content-security-policy": policy(nonce, ctx),
      },
    });
  const publicForm = async (ctx: Context | null, id: string): Promise<FormWithElements | null> => {
    if (!ctx) return null;
    try {
      return await requirePublicForm(ctx, id);
    } catch (e) {
      if (e instanceof AppError && e.code === "NOT_FOUND") return null;
      throw e;
    }
  };
  const blank = (ctx: Context, form: FormWithElements): PageState => ({
    values: new Map(),
    errors: new Map(),
    message: "",
    token: newFormToken(ctx, form.id),
  });

  app.get("/:id", async (c) => {
    const nonce = randomBytes(16).toString("base64");
    const ctx = await context(c);
    const form = await publicForm(ctx, c.req.param("id"));
    if (!ctx || !form) return html(ctx, nonce, notAvailablePage(nonce), 404);
    return html(ctx, nonce, formPage(form, blank(ctx, form), nonce));
  });

  app.get("/:id/confirmation", async (c) => {
    const nonce = randomBytes(16).toString("base64");
    const ctx = await context(c);
    const form = await publicForm(ctx, c.req.param("id"));
    if (!ctx || !form) return html(ctx, nonce, notAvailablePage(nonce), 404);
    return html(ctx, nonce, confirmationPage(form, THANKS, nonce));
  });

  app.post("/:id", async (c) => {
    const nonce = randomBytes(16).toString("base64");
    const ctx = await context(c);
    const form = await publicForm(ctx, c.req.param("id"));
    if (!ctx || !form) return html(ctx, nonce, notAvailablePage(nonce), 404);
    const length = Number(c.req.header("content-length") ?? "0");
    const type = c.req.header("content-type") ?? "";
    if (length > MAX_BODY || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type))
      return html(
        ctx,
        nonce,
        formPage(form, { ...blank(ctx, form), message: "The form could not be read. Please send it again." }, nonce),
        400,
      );
    const body = await c.req.raw.formData();
    const answers = new Map<string, string[]>();
    for (const e of form.elements) {
      const v = body.getAll(`q_${e.id}`).flatMap((x) => (typeof x === "string" ? [x.slice(0, 5000)] : []));
      if (v.length) answers.set(e.id, v.slice(0, 50));
    }
    const text = (name: string) => {
      const v = body.get(name);
      return typeof v === "string" ? v : "";
    };
    const posted = text("_token").slice(0, 200);
    const outcome = await submitLeadForm(ctx, form.id, {
      answers,
      token: posted,
      // Every value sent under the honeypot's name counts: a bot may send it twice.
      honeypot: body
        .getAll(HONEYPOT)
        .map((v) => (typeof v === "string" ? v : "x"))
        .join(""),
    });
    if (outcome.ok) return c.redirect(`/forms/${form.id}/confirmation`, 303);
    const state: PageState = {
      values: answers,
      errors: new Map(outcome.errors.map((e) => [e.elementId, e.message])),
      message: outcome.message,
      // The time already spent counts: a quick correction is not taken for a bot's post.
      token: ["ok", "fast"].includes(readFormToken(formSecret(ctx), form.id, posted, clock.nowMs()))
        ? posted
        : newFormToken(ctx, form.id),
    };
    return html(ctx, nonce, formPage(form, state, nonce), 422);
  });

  return app;
}
