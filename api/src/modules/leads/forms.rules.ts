import { createHmac, timingSafeEqual } from "node:crypto";
import type { LeadQuestionType, NativeLeadField } from "../../generated/prisma/enums.ts";
import { isStateCode } from "../../shared/states.ts";
import type { LeadInput } from "./accept-lead.ts";
import { emailKey, phoneKey } from "./lead-keys.ts";

// The rules of a lead form that need no database: which questions a visitor sees (a question with a
// parent is shown only while its parent is shown and answered with the value it waits for), what each
// question type accepts, which lead field a native answer fills, and the signed time token that tells
// a person (who takes a few seconds) from a bot (who posts at once).

export const FORM_LIMITS = {
  name: 100,
  title: 200,
  description: 2000,
  elements: 100,
  questionText: 500,
  options: 50,
  option: 200,
  text: 500,
  textArea: 4000,
  maxMinutesBetween: 10_080,
} as const;

/** A person takes longer than this to fill a form; a faster post is a bot's. */
export const MIN_FILL_MS = 3000;
/** A token older than this is refused (the page was left open for a day): the visitor sends it again. */
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;
/** Submissions per address per branch, over every form. */
export const SUBMIT_RATE = { limit: 10, windowMs: 10 * 60_000 };
/** The hidden field a person never fills (named so autofill leaves it alone too). */
export const HONEYPOT = "website_url";

export const QUESTION_TYPES: readonly LeadQuestionType[] = [
  "TEXT",
  "TEXT_AREA",
  "EMAIL",
  "PHONE",
  "NUMBER",
  "DATE",
  "TIME",
  "DATE_TIME",
  "SELECT",
  "SELECT_MULTIPLE",
  "CHECKBOX",
  "YES_NO",
  "ADDRESS_AUTOFILL",
  "POSTAL_CODE",
  "STATE_CODE",
];

export const NATIVE_FIELDS: Record<NativeLeadField, { label: string; key: keyof LeadInput }> = {
  FIRST_NAME: { label: "First name", key: "firstName" },
  LAST_NAME: { label: "Last name", key: "lastName" },
  EMAIL: { label: "Email", key: "email" },
  PHONE: { label: "Phone", key: "phone" },
  PHONE2: { label: "Phone 2", key: "phone2" },
  ADDRESS: { label: "Address", key: "address" },
  CITY: { label: "City", key: "city" },
  STATE_CODE: { label: "State", key: "stateCode" },
  POSTAL_CODE: { label: "Postal code", key: "postalCode" },
  COMMENTS: { label: "Comments", key: "comments" },
  APPOINTMENT: { label: "Appointment", key: "appointment" },
};

export const hasOptions = (t: LeadQuestionType) => t === "SELECT" || t === "SELECT_MULTIPLE";

/** What the visitor sees of a question, and what the checks need. */
export type Question = {
  id: string;
  parentElementId: string | null;
  showIfParentEquals: string;
  questionText: string;
  questionType: LeadQuestionType;
  questionOptions: string[];
  isRequired: boolean;
};

/** Answers by element id; a multiple choice has several values, anything else one. */
export type Answers = Map<string, string[]>;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The ids of the questions shown for these answers (parents come before their children). */
export function shownQuestions(questions: Question[], answers: Answers): Set<string> {
  const shown = new Set<string>();
  for (const q of questions) {
    if (!q.parentElementId) {
      shown.add(q.id);
      continue;
    }
    if (!shown.has(q.parentElementId)) continue;
    const values = answers.get(q.parentElementId) ?? [];
    if (values.some((v) => same(v, q.showIfParentEquals))) shown.add(q.id);
  }
  return shown;
}

/** The values a CHECKBOX and a YES_NO answer are stored as (what show-if-parent-equals compares). */
export const CHECKED = "Yes";

/** The answer in its canonical form, or the sentence saying what is wrong with it. */
export function checkAnswer(q: Question, raw: string[]): { value: string[] } | { error: string } {
  const values = raw.map((v) => v.trim()).filter(Boolean);
  const label = q.questionText.replace(/[?:.\s]+$/, "");
  if (!values.length) return q.isRequired ? { error: `${label}: an answer is required.` } : { value: [] };
  if (q.questionType !== "SELECT_MULTIPLE" && values.length > 1) return { error: `${label}: give one answer.` };
  const v = values[0]!;
  const max = q.questionType === "TEXT_AREA" ? FORM_LIMITS.textArea : FORM_LIMITS.text;
  if (values.some((x) => x.length > max)) return { error: `${label} must be at most ${max} characters.` };
  switch (q.questionType) {
    case "SELECT":
    case "SELECT_MULTIPLE": {
      const picked: string[] = [];
      for (const x of values) {
        const option = q.questionOptions.find((o) => same(o, x));
        if (!option) return { error: `${label}: choose one of the options.` };
        if (!picked.includes(option)) picked.push(option);
      }
      return { value: picked };
    }
    case "CHECKBOX":
    case "YES_NO":
      if (/^(yes|true|on|1)$/i.test(v)) return { value: [CHECKED] };
      if (/^(no|false|off|0)$/i.test(v)) return { value: q.questionType === "CHECKBOX" ? [] : ["No"] };
      return { error: `${label}: answer yes or no.` };
    case "EMAIL":
      return emailKey(v) ? { value: [v] } : { error: `${label}: enter an email address, like name@example.com.` };
    case "PHONE":
      return phoneKey(v) ? { value: [v] } : { error: `${label}: enter a phone number with its area code.` };
    case "NUMBER":
      return /^[-+]?\d{1,12}(\.\d{1,6})?$/.test(v) ? { value: [v] } : { error: `${label}: enter a number.` };
    case "DATE":
      return validDate(v) ? { value: [v] } : { error: `${label}: enter a date (YYYY-MM-DD).` };
    case "TIME":
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? { value: [v] } : { error: `${label}: enter a time (HH:MM).` };
    case "DATE_TIME": {
      const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/.exec(v);
      return m && validDate(m[1]!) ? { value: [v] } : { error: `${label}: enter a date and a time.` };
    }
    case "POSTAL_CODE":
      return /^(\d{5}(-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)$/i.test(v)
        ? { value: [v.toUpperCase()] }
        : { error: `${label}: enter a ZIP or postal code.` };
    case "STATE_CODE":
      return isStateCode(v.toUpperCase())
        ? { value: [v.toUpperCase()] }
        : { error: `${label}: choose a state or province.` };
    default:
      return { value: [v] };
  }
}

function validDate(v: string) {
  const d = new Date(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Each shown question's answer checked; hidden questions are not asked (nor required). */
export function checkAnswers(questions: Question[], sent: Answers) {
  const shown = shownQuestions(questions, sent);
  const values = new Map<string, string[]>();
  const errors: { elementId: string; message: string }[] = [];
  for (const q of questions) {
    if (!shown.has(q.id)) continue;
    const r = checkAnswer(q, sent.get(q.id) ?? []);
    if ("error" in r) errors.push({ elementId: q.id, message: r.error });
    else if (r.value.length) values.set(q.id, r.value);
  }
  return { values, errors };
}

// ── The time token: "<issued ms>.<HMAC of form id and issued ms>", issued with the form. ──

const sign = (secret: string, formId: string, issued: number) =>
  createHmac("sha256", `lead-form-token:${secret}`).update(`${formId}.${issued}`).digest("base64url");

export const issueFormToken = (secret: string, formId: string, nowMs: number) =>
  `${nowMs}.${sign(secret, formId, nowMs)}`;

/** How the token reads: a person's (ok), a bot's (forged or missing; too fast) or a stale page's. */
export function readFormToken(
  secret: string,
  formId: string,
  token: string,
  nowMs: number,
): "ok" | "forged" | "fast" | "stale" {
  const m = /^(\d{10,16})\.([\w-]{20,100})$/.exec(token);
  if (!m) return "forged";
  const issued = Number(m[1]);
  const want = Buffer.from(sign(secret, formId, issued));
  const got = Buffer.from(m[2]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return "forged";
  if (nowMs - issued < MIN_FILL_MS) return "fast";
  if (nowMs - issued > TOKEN_MAX_AGE_MS) return "stale";
  return "ok";
}
