import type { LeadFormElement } from "../../generated/prisma/client.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { HONEYPOT } from "./forms.rules.ts";
import {
  createLeadForm,
  createLeadFormElement,
  editLeadForm,
  type FormWithElements,
  type LeadFormInput,
  leadForms,
  requireLeadForm,
  toggleLeadFormActivation,
} from "./forms.service.ts";
import { newFormToken, requirePublicForm, submitLeadForm } from "./forms.submit.ts";
import { NativeLeadFieldEnum } from "./lead.types.ts";

// Lead forms through GraphQL: LEAD_ADMIN builds them; a visitor reads a public form and submits it
// (the same rules as the server-rendered page at forms/{id}, forms.page.ts).

const ADMIN = { permission: "LEAD_ADMIN" } as const;

const LeadQuestionTypeRef = builder.enumType("LeadQuestionType", {
  values: [
    "ADDRESS_AUTOFILL",
    "CHECKBOX",
    "DATE",
    "DATE_TIME",
    "EMAIL",
    "NUMBER",
    "PHONE",
    "POSTAL_CODE",
    "SELECT",
    "SELECT_MULTIPLE",
    "STATE_CODE",
    "TEXT",
    "TEXT_AREA",
    "TIME",
    "YES_NO",
  ] as const,
});

const LeadFormElementRef = builder.objectRef<LeadFormElement>("LeadFormElement").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    leadFormId: t.exposeString("leadFormId"),
    parentElementId: t.exposeString("parentElementId", { nullable: true }),
    showIfParentEquals: t.exposeString("showIfParentEquals"),
    isNativeLeadField: t.exposeBoolean("isNativeLeadField"),
    leadFieldId: t.field({ type: NativeLeadFieldEnum, nullable: true, resolve: (e) => e.leadFieldId }),
    customFieldId: t.exposeString("customFieldId", { nullable: true }),
    questionText: t.exposeString("questionText"),
    questionType: t.field({ type: LeadQuestionTypeRef, resolve: (e) => e.questionType }),
    questionOptions: t.exposeStringList("questionOptions"),
    isRequired: t.exposeBoolean("isRequired"),
    orderIndex: t.exposeInt("orderIndex"),
  }),
});

export const LeadFormRef = builder.objectRef<FormWithElements>("LeadForm").implement({
  description: "A web form prospects fill in; public at forms/{id} when public and active.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    isPublic: t.exposeBoolean("isPublic"),
    autoAssignLead: t.exposeBoolean("autoAssignLead"),
    assignWorkflowShortcutId: t.exposeString("assignWorkflowShortcutId", { nullable: true }),
    minutesBetweenSubmissions: t.exposeInt("minutesBetweenSubmissions"),
    inactive: t.exposeBoolean("inactive"),
    isTemplate: t.exposeBoolean("isTemplate"),
    hasAppointmentScheduler: t.exposeBoolean("hasAppointmentScheduler"),
    chooseSource: t.exposeBoolean("chooseSource"),
    chooseGatherer: t.exposeBoolean("chooseGatherer"),
    chooseSetter: t.exposeBoolean("chooseSetter"),
    sendToRetailer: t.exposeBoolean("sendToRetailer"),
    leadSourceId: t.exposeString("leadSourceId", { nullable: true }),
    lastEdited: t.expose("lastEdited", { type: "DateTime" }),
    elements: t.field({ type: [LeadFormElementRef], resolve: (f) => f.elements }),
  }),
});

type PublicForm = { form: FormWithElements; token: string };
const PublicLeadFormElementRef = builder.objectRef<LeadFormElement>("PublicLeadFormElement").implement({
  description: "A question as a visitor sees it (not which lead or custom field it fills).",
  fields: (t) => ({
    id: t.exposeID("id"),
    parentElementId: t.exposeString("parentElementId", { nullable: true }),
    showIfParentEquals: t.exposeString("showIfParentEquals"),
    questionText: t.exposeString("questionText"),
    questionType: t.field({ type: LeadQuestionTypeRef, resolve: (e) => e.questionType }),
    questionOptions: t.exposeStringList("questionOptions"),
    isRequired: t.exposeBoolean("isRequired"),
  }),
});
const PublicLeadFormRef = builder.objectRef<PublicForm>("PublicLeadForm").implement({
  fields: (t) => ({
    id: t.id({ resolve: (p) => p.form.id }),
    title: t.string({ resolve: (p) => p.form.title || p.form.name }),
    description: t.string({ resolve: (p) => p.form.description }),
    token: t.string({
      description: "Send it back with the answers: a post sooner than a person could fill the form is dropped.",
      resolve: (p) => p.token,
    }),
    honeypotField: t.string({
      description: "The name of a field to render hidden and send back empty.",
      resolve: () => HONEYPOT,
    }),
    elements: t.field({ type: [PublicLeadFormElementRef], resolve: (p) => p.form.elements }),
  }),
});

const ElementInputRef = builder.inputType("LeadFormElementInput", {
  fields: (t) => ({
    key: t.string({ required: true, description: "The element's id, or a new element's own key (e.g. new-1)." }),
    parentKey: t.string({ description: "The key of an earlier element this one depends on." }),
    showIfParentEquals: t.string(),
    isNativeLeadField: t.boolean({ required: true }),
    leadFieldId: t.field({ type: NativeLeadFieldEnum }),
    customFieldId: t.string(),
    questionText: t.string({ required: true }),
    questionType: t.field({ type: LeadQuestionTypeRef, required: true }),
    questionOptions: t.stringList(),
    isRequired: t.boolean(),
  }),
});
const LeadFormInputRef = builder.inputType("LeadFormInput", {
  description: "The settings (left out: kept) and the whole ordered element list.",
  fields: (t) => ({
    name: t.string({ required: true }),
    title: t.string(),
    description: t.string(),
    isPublic: t.boolean(),
    autoAssignLead: t.boolean(),
    assignWorkflowShortcutId: t.string({ description: '"" for none.' }),
    minutesBetweenSubmissions: t.int(),
    isTemplate: t.boolean(),
    hasAppointmentScheduler: t.boolean(),
    chooseSource: t.boolean(),
    chooseGatherer: t.boolean(),
    chooseSetter: t.boolean(),
    sendToRetailer: t.boolean(),
    leadSourceId: t.string({ description: '"" for none.' }),
    elements: t.field({ type: [ElementInputRef], required: true }),
  }),
});
const AnswerInputRef = builder.inputType("LeadFormAnswerInput", {
  fields: (t) => ({
    elementId: t.id({ required: true }),
    values: t.stringList({ required: true, description: "One value; several for a multiple choice." }),
  }),
});

type FormResult = Result & { leadForm: FormWithElements | null };
const LeadFormResultRef = resultType<FormResult>("LeadFormResult", (t) => ({
  leadForm: t.field({ type: LeadFormRef, nullable: true, resolve: (r) => r.leadForm }),
}));
type FieldError = { elementId: string; message: string };
const LeadFormFieldErrorRef = builder.objectRef<FieldError>("LeadFormFieldError").implement({
  fields: (t) => ({ elementId: t.exposeID("elementId"), message: t.exposeString("message") }),
});
type SubmitResult = Result & { fieldErrors: FieldError[] };
const SubmitLeadFormResultRef = resultType<SubmitResult>("SubmitLeadFormResult", (t) => ({
  fieldErrors: t.field({ type: [LeadFormFieldErrorRef], resolve: (r) => r.fieldErrors }),
}));

const formAnswer = (message: (f: FormWithElements) => string, run: () => Promise<FormWithElements>) =>
  refusalAsResult<FormResult>(
    async () => {
      const f = await run();
      return { isSuccess: true, message: message(f), leadForm: f };
    },
    (message) => ({ isSuccess: false, message, leadForm: null }),
  );

builder.queryFields((t) => ({
  leadForms: t.field({
    type: [LeadFormRef],
    description: "The branch's lead forms (templates last), by name.",
    authScopes: ADMIN,
    resolve: (_r, _a, ctx) => leadForms(ctx),
  }),
  leadForm: t.field({
    type: LeadFormRef,
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => requireLeadForm(ctx, a.id),
  }),
  publicLeadForm: t.field({
    type: PublicLeadFormRef,
    description: "A public, active form as a visitor sees it; not found otherwise.",
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const form = await requirePublicForm(ctx, a.id);
      return { form, token: newFormToken(ctx, form.id) };
    },
  }),
}));

builder.mutationFields((t) => ({
  createLeadForm: t.field({
    type: LeadFormResultRef,
    description: "A new, private form: blank, or a copy of the template (or any form) named.",
    authScopes: ADMIN,
    args: { templateId: t.arg.id() },
    resolve: (_r, a, ctx) =>
      formAnswer(
        (f) => `Created "${f.name}".`,
        () => createLeadForm(ctx, a.templateId),
      ),
  }),
  createLeadFormElement: t.field({
    type: LeadFormResultRef,
    description: "A new question at orderIndex; the questions from there move down.",
    authScopes: ADMIN,
    args: { formId: t.arg.id({ required: true }), orderIndex: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) =>
      formAnswer(
        () => "Added a question.",
        () => createLeadFormElement(ctx, a.formId, a.orderIndex),
      ),
  }),
  editLeadForm: t.field({
    type: LeadFormResultRef,
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: LeadFormInputRef, required: true }) },
    resolve: (_r, { id, input }, ctx) =>
      formAnswer(
        (f) => `Saved "${f.name}".`,
        () => editLeadForm(ctx, id, input as LeadFormInput),
      ),
  }),
  toggleLeadFormActivation: t.field({
    type: LeadFormResultRef,
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      formAnswer(
        (f) => (f.inactive ? `"${f.name}" is inactive: visitors cannot open it.` : `"${f.name}" is active.`),
        () => toggleLeadFormActivation(ctx, a.id),
      ),
  }),
  submitLeadForm: t.field({
    type: SubmitLeadFormResultRef,
    description: "A visitor's answers. Success says nothing of duplicates (nor of a post taken for spam).",
    authScopes: { public: true },
    args: {
      formId: t.arg.id({ required: true }),
      answers: t.arg({ type: [AnswerInputRef], required: true }),
      token: t.arg.string({ required: true }),
      honeypot: t.arg.string({ description: "The hidden field's value: empty from a person." }),
      appointmentSlot: t.arg.string({
        description:
          "On a form with the appointment scheduler: the chosen window, its date and start in the branch's time zone (2026-12-03T09:00).",
      }),
    },
    resolve: async (_r, a, ctx) => {
      if (a.answers.length > 200) return { isSuccess: false, message: "Too many answers.", fieldErrors: [] };
      const answers = new Map<string, string[]>();
      for (const x of a.answers)
        answers.set(
          String(x.elementId),
          x.values.slice(0, 50).map((v) => v.slice(0, 5000)),
        );
      const r = await submitLeadForm(ctx, a.formId, {
        answers,
        token: a.token.slice(0, 200),
        honeypot: a.honeypot ?? "",
        appointmentSlot: (a.appointmentSlot ?? "").slice(0, 40),
      });
      return r.ok
        ? { isSuccess: true, message: r.message, fieldErrors: [] }
        : { isSuccess: false, message: r.message, fieldErrors: r.errors };
    },
  }),
}));
