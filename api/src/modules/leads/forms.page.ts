import { randomBytes, randomUUID } from "node:crypto";
import { Hono } from "hono";
import { buildContext } from "../../auth/context.ts";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { frameAncestorsFor } from "../../http/security-headers.ts";
import type { Context, Runtime } from "../../runtime.ts";
import { parseWindowValue } from "../availability/availability.free.ts";
import { confirmationPage, formPage, notAvailablePage, type PageState, slotFragment } from "./forms.html.ts";
import { HONEYPOT, readFormToken } from "./forms.rules.ts";
import { offerSlots, SCHEDULER, type SlotOffer, schedulerAddress } from "./forms.scheduler.ts";
import type { FormWithElements } from "./forms.service.ts";
import {
  APPOINTMENT_ELEMENT,
  formSecret,
  newFormToken,
  requirePublicForm,
  submitLeadForm,
  THANKS,
} from "./forms.submit.ts";

// The public form at /forms/{id} (and /forms/{id}/confirmation), rendered here as plain HTML: GET shows
// the form; POST (a form post, no JavaScript needed) answers 303 to the confirmation, or the form again
// (422) with each error beside its question and the answers kept. Its own Content-Security-Policy:
// nothing but its inline style and script (by nonce) runs, it posts only to itself, and it may be framed
// by the branch's own website (brandWebsiteUrl) besides this site, so a dealer can embed it.
//
// A form with the appointment scheduler offers the free times of the address's zone
// (forms.scheduler.ts). Without JavaScript: "Find times for my address" posts the form with
// _step=slots and the page comes back with the times and everything typed; pressing Send before the
// times were ever shown (no _slots in the post) shows them first, once. With the page's script, the
// times are fetched from /forms/{id}/slots (an HTML fragment) when the address changes.

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
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors.join(" ")}`,
  ].join("; ");
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** The booked window named in the confirmation's address ("2026-12-03T09:00-11:00"), or null. */
function bookedFromQuery(at: string) {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})-(\d{2}):(\d{2})$/.exec(at);
  const start = m ? parseWindowValue(m[1]!) : null;
  if (!m || !start) return null;
  const endMinute = Number(m[2]) * 60 + Number(m[3]);
  return endMinute > start.startMinute && endMinute <= 1440 ? { ...start, endMinute } : null;
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
    return html(ctx, nonce, confirmationPage(form, THANKS, nonce, bookedFromQuery(c.req.query("at") ?? "")));
  });

  const readBody = async (c: { req: { raw: Request; header: (n: string) => string | undefined } }) => {
    const length = Number(c.req.header("content-length") ?? "0");
    const type = c.req.header("content-type") ?? "";
    if (length > MAX_BODY || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
    return c.req.raw.formData();
  };
  const answersOf = (form: FormWithElements, body: FormData) => {
    const answers = new Map<string, string[]>();
    for (const e of form.elements) {
      const v = body.getAll(`q_${e.id}`).flatMap((x) => (typeof x === "string" ? [x.slice(0, 5000)] : []));
      if (v.length) answers.set(e.id, v.slice(0, 50));
    }
    return answers;
  };
  /** The scheduler's offer for the address typed, within the per-address look-up limit. */
  const lookUp = async (ctx: Context, form: FormWithElements, answers: Map<string, string[]>): Promise<SlotOffer> => {
    const a = schedulerAddress(form, answers);
    if (!a.address && !a.postalCode) return { state: "no-address" };
    const r = await ctx.runtime.throttle.reserve(
      `lead-form-slots:${ctx.branch.id}:${ctx.ip}`,
      SCHEDULER.lookupLimit,
      10 * 60_000,
    );
    return r.ok ? offerSlots(ctx, a) : { state: "no-zone" };
  };

  // The scheduler's times for the address in the posted form: a fragment for the page's script.
  app.post("/:id/slots", async (c) => {
    const nonce = randomBytes(16).toString("base64");
    const ctx = await context(c);
    const form = await publicForm(ctx, c.req.param("id"));
    if (!ctx || !form?.hasAppointmentScheduler) return html(ctx, nonce, "", 404);
    const body = await readBody(c);
    if (!body) return html(ctx, nonce, "", 400);
    const chosen = body.get("_slot");
    return html(
      ctx,
      nonce,
      slotFragment(await lookUp(ctx, form, answersOf(form, body)), typeof chosen === "string" ? chosen : ""),
    );
  });

  app.post("/:id", async (c) => {
    const nonce = randomBytes(16).toString("base64");
    const ctx = await context(c);
    const form = await publicForm(ctx, c.req.param("id"));
    if (!ctx || !form) return html(ctx, nonce, notAvailablePage(nonce), 404);
    const body = await readBody(c);
    if (!body)
      return html(
        ctx,
        nonce,
        formPage(form, { ...blank(ctx, form), message: "The form could not be read. Please send it again." }, nonce),
        400,
      );
    const answers = answersOf(form, body);
    const text = (name: string) => {
      const v = body.get(name);
      return typeof v === "string" ? v : "";
    };
    const posted = text("_token").slice(0, 200);
    // The time already spent counts: a quick correction is not taken for a bot's post.
    const keptToken = () =>
      ["ok", "fast"].includes(readFormToken(formSecret(ctx), form.id, posted, clock.nowMs()))
        ? posted
        : newFormToken(ctx, form.id);
    const slot = text("_slot").slice(0, 40);
    if (form.hasAppointmentScheduler) {
      // "Find times", or Send before any time was shown: the page again with the times, nothing stored.
      const findTimes = text("_step") === "slots";
      if (findTimes || (!text("_slots") && !slot && !text(HONEYPOT))) {
        const offer = await lookUp(ctx, form, answers);
        if (findTimes || offer.state === "slots") {
          const message = findTimes
            ? ""
            : "Choose a time for your visit below (or “Call me to arrange a time”), then press Send again.";
          const state: PageState = {
            values: answers,
            errors: new Map(),
            message,
            token: keptToken(),
            slots: { offer, chosen: slot },
          };
          return html(ctx, nonce, formPage(form, state, nonce));
        }
      }
    }
    const outcome = await submitLeadForm(ctx, form.id, {
      answers,
      appointmentSlot: slot,
      token: posted,
      // Every value sent under the honeypot's name counts: a bot may send it twice.
      honeypot: body
        .getAll(HONEYPOT)
        .map((v) => (typeof v === "string" ? v : "x"))
        .join(""),
    });
    if (outcome.ok) {
      const b = outcome.booked;
      const at = b ? `?at=${b.date}T${hhmm(b.startMinute)}-${hhmm(b.endMinute)}` : "";
      return c.redirect(`/forms/${form.id}/confirmation${at}`, 303);
    }
    const slotRefused = outcome.errors.some((e) => e.elementId === APPOINTMENT_ELEMENT);
    const state: PageState = {
      values: answers,
      errors: new Map(outcome.errors.map((e) => [e.elementId, e.message])),
      message: outcome.message,
      token: keptToken(),
      // The times again, as they are now (a refused time is no longer offered, or no longer chosen).
      slots: form.hasAppointmentScheduler
        ? { offer: await lookUp(ctx, form, answers), chosen: slotRefused ? "" : slot }
        : undefined,
    };
    return html(ctx, nonce, formPage(form, state, nonce), 422);
  });

  return app;
}
