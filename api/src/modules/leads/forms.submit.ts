import type { Reservation } from "../../auth/throttle.ts";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { CustomField } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { toSlots } from "../custom-fields/custom-fields.rules.ts";
import { acceptLead, type LeadInput } from "./accept-lead.ts";
import { assignOnArrival } from "./arrival.assign.ts";
import {
  type Answers,
  CHECKED,
  checkAnswers,
  issueFormToken,
  NATIVE_FIELDS,
  type Question,
  readFormToken,
  SUBMIT_RATE,
} from "./forms.rules.ts";
import { checkChosenWindow, reserveWindow, SlotRefused, schedulerAddress, windowRefusal } from "./forms.scheduler.ts";
import type { FormWithElements } from "./forms.service.ts";

// A visitor's submission of a public form. In order:
// 1. the form must be public, active and not a template (else "not available", as for an unknown id);
// 2. spam, without third parties: a filled honeypot field or a missing or forged time token is a
//    bot's: it gets the same success answer, and nothing is stored;
// 3. the shown questions' answers are checked (a hidden conditional question is neither asked nor
//    required), each refusal beside its question; then a post sooner than MIN_FILL_MS after the
//    token was issued is a bot's too (success, nothing stored);
// 4. the rate: at most SUBMIT_RATE per address over the branch's forms, and the form's own
//    minutesBetweenSubmissions per address: refused with a sentence;
// 5. acceptLead stores the lead (a duplicate is stored as one, but the visitor is never told), then
//    the custom-field answers as the lead's LEAD custom field values;
// 6. a form that assigns gives a new lead to its zone's sales rep and runs its shortcut on it
//    (arrival.assign.ts).
// A form with the appointment scheduler books the window the visitor chose in the lead's own
// transaction (forms.scheduler.ts); a window that filled meanwhile is refused with a sentence, nothing
// stored, and the submission's rate places given back, so the visitor can choose another time.

const NOT_AVAILABLE = "This form is not available.";
const DEV_SECRET = "embedded-mode-session-secret-not-for-production";
export const formSecret = (ctx: Context) => ctx.runtime.config.SESSION_SECRET ?? DEV_SECRET;

const ONE_ERROR = "Please correct the answer marked below.";
export const THANKS = "Thank you: we received your answers and will be in touch soon.";

/** A public, active form of the request's branch, or NOT_FOUND. */
export async function requirePublicForm(ctx: Context, id: string): Promise<FormWithElements> {
  const form =
    id.length <= 100
      ? await ctx.db.leadForm
          .findFirst({
            where: { id, isPublic: true, inactive: false, isTemplate: false },
            include: { elements: { orderBy: { orderIndex: "asc" } } },
          })
          .catch(() => null)
      : null;
  if (!form) throw new AppError("NOT_FOUND", NOT_AVAILABLE);
  return form;
}

export const questionsOf = (form: FormWithElements): Question[] =>
  form.elements.map((e) => ({
    id: e.id,
    parentElementId: e.parentElementId,
    showIfParentEquals: e.showIfParentEquals,
    questionText: e.questionText,
    questionType: e.questionType,
    questionOptions: e.questionOptions,
    isRequired: e.isRequired,
  }));

export const newFormToken = (ctx: Context, formId: string) => issueFormToken(formSecret(ctx), formId, clock.nowMs());

/** The scheduler's element id in errors (the page's fieldset is f_appointment). */
export const APPOINTMENT_ELEMENT = "appointment";

export type Submission = {
  answers: Answers;
  token: string;
  honeypot: string;
  /** The appointment window chosen on a form with the scheduler ("2026-12-03T09:00"); "" for none. */
  appointmentSlot?: string;
};
export type BookedWindow = { date: string; startMinute: number; endMinute: number };
export type SubmitOutcome =
  | { ok: true; message: string; booked?: BookedWindow }
  | { ok: false; message: string; errors: { elementId: string; message: string }[] };

const refused = (message: string, errors: { elementId: string; message: string }[] = []): SubmitOutcome => ({
  ok: false,
  message,
  errors,
});

export async function submitLeadForm(ctx: Context, formId: string, s: Submission): Promise<SubmitOutcome> {
  const form = await requirePublicForm(ctx, formId);
  const thanks: SubmitOutcome = { ok: true, message: THANKS };
  const token = readFormToken(formSecret(ctx), form.id, s.token, clock.nowMs());
  const dropped = (why: string) => {
    log.info("lead form spam dropped", { formId: form.id, ip: ctx.ip, why });
    return thanks;
  };
  if (s.honeypot.trim()) return dropped("honeypot");
  if (token === "forged") return dropped("token");
  const questions = questionsOf(form);
  const { values, errors } = checkAnswers(questions, s.answers);
  const fields = await customFields(ctx, form);
  for (const e of form.elements) {
    const field = e.customFieldId ? fields.get(e.customFieldId) : undefined;
    const v = values.get(e.id);
    if (!field || !v || errors.some((x) => x.elementId === e.id)) continue;
    try {
      toSlots(field, customText(e.questionType, v));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push({
        elementId: e.id,
        message: error.message.replace(field.name, e.questionText.replace(/[?:.\s]+$/, "")),
      });
    }
  }
  const slot = form.hasAppointmentScheduler ? (s.appointmentSlot ?? "").trim() : "";
  const slotError = slot ? checkChosenWindow(slot) : null;
  if (slotError) errors.push({ elementId: APPOINTMENT_ELEMENT, message: slotError });
  if (errors.length)
    return refused(errors.length === 1 ? ONE_ERROR : "Please correct the answers marked below.", errors);
  // Checked after the answers: showing what is wrong stores nothing, and a person who is told
  // spends the time a bot does not.
  if (token === "fast") return dropped("too fast");
  if (token === "stale") return refused("This page was open too long. Please check your answers and send them again.");
  const input: LeadInput = {};
  for (const e of form.elements) {
    const v = values.get(e.id);
    if (!e.isNativeLeadField || !e.leadFieldId || !v) continue;
    const key = NATIVE_FIELDS[e.leadFieldId].key;
    if (key === "appointment") input.appointment = new Date(`${v[0]}:00Z`);
    else (input as Record<string, string>)[key] = v.join(", ");
  }
  if (slot) {
    const refusal = await windowRefusal(ctx, schedulerAddress(form, s.answers), slot);
    if (refusal) return refused(ONE_ERROR, [{ elementId: APPOINTMENT_ELEMENT, message: refusal.message }]);
  }
  const rate = await ctx.runtime.throttle.reserve(
    `lead-form-submit:${ctx.branch.id}:${ctx.ip}`,
    SUBMIT_RATE.limit,
    SUBMIT_RATE.windowMs,
  );
  if (!rate.ok) return refused("Too many forms were sent from your address. Please try again in a few minutes.");
  let again: Reservation | null = null;
  if (form.minutesBetweenSubmissions > 0) {
    const windowMs = form.minutesBetweenSubmissions * 60_000;
    again = await ctx.runtime.throttle.reserve(`lead-form-again:${form.id}:${ctx.ip}`, 1, windowMs);
    if (!again.ok) {
      await rate.release();
      const minutes = Math.max(1, Math.ceil(again.retryAfterMs / 60_000));
      return refused(
        `This form was sent from your address a short while ago. You may send it again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
  }
  // The custom-field answers too: lead rules may test them (they are stored once the lead is).
  input.customValues = new Map(
    form.elements.flatMap((e) => {
      const field = e.customFieldId ? fields.get(e.customFieldId) : undefined;
      const v = values.get(e.id);
      return field && v ? [[field.id, toSlots(field, customText(e.questionType, v))] as const] : [];
    }),
  );
  let booked: BookedWindow | undefined;
  const reserve = slot
    ? reserveWindow(ctx, slot, (w) => {
        booked = { date: w.date, startMinute: w.startMinute, endMinute: w.endMinute };
      })
    : undefined;
  let outcome: Awaited<ReturnType<typeof acceptLead>>;
  try {
    outcome = await acceptLead(ctx, input, { leadFormId: form.id, leadSourceId: form.leadSourceId }, reserve);
  } catch (error) {
    if (!(error instanceof SlotRefused)) throw error;
    // Nothing was stored: the visitor may send again at once with another time.
    await rate.release();
    if (again?.ok) await again.release();
    log.info("lead form appointment refused", { formId: form.id, why: error.why });
    return refused(ONE_ERROR, [{ elementId: APPOINTMENT_ELEMENT, message: error.message }]);
  }
  if (!outcome.leadId) return refused(outcome.reason);
  if (!outcome.replayed) await storeCustomValues(ctx, form, fields, values, outcome.leadId);
  await assignOnArrival(ctx, form, outcome);
  log.info("lead form submitted", { formId: form.id, leadId: outcome.leadId, outcome: outcome.outcome });
  return booked ? { ...thanks, booked } : thanks;
}

async function customFields(ctx: Context, form: FormWithElements) {
  const ids = form.elements.flatMap((e) => (e.customFieldId ? [e.customFieldId] : []));
  if (!ids.length) return new Map<string, CustomField>();
  const rows = await ctx.db.customField.findMany({ where: { id: { in: ids }, tableId: "LEAD", inactive: false } });
  return new Map(rows.map((f) => [f.id, f]));
}

/** An answer as a custom field's text: yes/no as true/false, several choices joined. */
function customText(type: Question["questionType"], v: string[]) {
  if (type === "CHECKBOX" || type === "YES_NO") return v[0] === CHECKED ? "true" : "false";
  if (type === "DATE_TIME") return `${v[0]}:00Z`;
  return v.join(", ");
}

async function storeCustomValues(
  ctx: Context,
  form: FormWithElements,
  fields: Map<string, CustomField>,
  values: Answers,
  leadId: string,
) {
  const rows = form.elements.flatMap((e) => {
    const field = e.customFieldId ? fields.get(e.customFieldId) : undefined;
    const v = values.get(e.id);
    return field && v ? [{ field, slots: toSlots(field, customText(e.questionType, v)) }] : [];
  });
  if (!rows.length) return;
  await ctx.db.customFieldValue.createMany({
    data: rows.map(({ field, slots }) => ({
      branchId: ctx.branch.id,
      fieldId: field.id,
      tableId: "LEAD" as const,
      recordId: leadId,
      ...slots,
    })),
  });
}
