import { randomUUID } from "node:crypto";
import { z } from "zod";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badInput } from "../../errors.ts";
import type { LeadForm, LeadFormElement } from "../../generated/prisma/client.ts";
import type { LeadQuestionType, NativeLeadField } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { type ElementInput, type PlannedElement, planElements } from "./forms.elements.ts";
import { FORM_LIMITS } from "./forms.rules.ts";

export type { ElementInput } from "./forms.elements.ts";

// Lead forms: LEAD_ADMIN builds them (settings and an ordered list of questions, saved whole), makes
// them public and active; visitors fill them at forms/{id} (forms.submit.ts, forms.page.ts).
// A question fills a lead field (first name, phone...) or a LEAD custom field of the branch; it may be
// shown only when an earlier question (its parent) is answered with a given value.

export type FormWithElements = LeadForm & { elements: LeadFormElement[] };
const NOT_FOUND = "Lead form not found.";
const withElements = { elements: { orderBy: { orderIndex: "asc" } } } as const;

export const leadForms = (ctx: Context) =>
  ctx.db.leadForm.findMany({ orderBy: [{ isTemplate: "asc" }, { name: "asc" }], include: withElements });

export async function requireLeadForm(ctx: Context, id: string): Promise<FormWithElements> {
  const form =
    id.length <= 100
      ? await ctx.db.leadForm.findUnique({ where: { id }, include: withElements }).catch(() => null)
      : null;
  if (!form) throw new AppError("NOT_FOUND", NOT_FOUND);
  return form;
}

export type LeadFormInput = {
  name: string;
  title?: string | null;
  description?: string | null;
  isPublic?: boolean | null;
  autoAssignLead?: boolean | null;
  assignWorkflowShortcutId?: string | null;
  minutesBetweenSubmissions?: number | null;
  isTemplate?: boolean | null;
  hasAppointmentScheduler?: boolean | null;
  chooseSource?: boolean | null;
  chooseGatherer?: boolean | null;
  chooseSetter?: boolean | null;
  sendToRetailer?: boolean | null;
  leadSourceId?: string | null;
  elements: ElementInput[];
};

const settingsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name is required.")
    .max(FORM_LIMITS.name, `Name must be at most ${FORM_LIMITS.name} characters.`),
  title: z.string().trim().max(FORM_LIMITS.title, `Title must be at most ${FORM_LIMITS.title} characters.`),
  description: z
    .string()
    .trim()
    .max(FORM_LIMITS.description, `Description must be at most ${FORM_LIMITS.description} characters.`),
  minutesBetweenSubmissions: z
    .number()
    .int("Minutes between submissions must be a whole number.")
    .min(0, "Minutes between submissions cannot be negative.")
    .max(
      FORM_LIMITS.maxMinutesBetween,
      `Minutes between submissions must be at most ${FORM_LIMITS.maxMinutesBetween}.`,
    ),
});

const nameTaken = (name: string) => `A lead form named "${name}" already exists.`;

/** Saves the settings and the whole ordered question list at once; a refusal changes nothing. */
export async function editLeadForm(ctx: Context, id: string, input: LeadFormInput): Promise<FormWithElements> {
  const form = await requireLeadForm(ctx, id);
  const s = parseInput(settingsSchema, {
    name: input.name,
    title: input.title ?? form.title,
    description: input.description ?? form.description,
    minutesBetweenSubmissions: input.minutesBetweenSubmissions ?? form.minutesBetweenSubmissions,
  });
  const clash = await ctx.db.leadForm.findFirst({
    where: { name: { equals: s.name, mode: "insensitive" }, id: { not: id } },
    select: { id: true },
  });
  if (clash) throw badInput(nameTaken(s.name));
  const leadSourceId = input.leadSourceId === undefined ? form.leadSourceId : input.leadSourceId || null;
  if (leadSourceId && !(await ctx.db.leadSource.findFirst({ where: { id: leadSourceId }, select: { id: true } })))
    throw badInput("Lead source not found.");
  const shortcutId =
    input.assignWorkflowShortcutId === undefined
      ? form.assignWorkflowShortcutId
      : input.assignWorkflowShortcutId || null;
  if (shortcutId && !(await ctx.db.workflowShortcut.findFirst({ where: { id: shortcutId }, select: { id: true } })))
    throw badInput("Workflow shortcut not found.");
  const flag = (v: boolean | null | undefined, was: boolean) => v ?? was;
  const planned = await planElements(ctx, new Set(form.elements.map((e) => e.id)), input.elements);
  // The scheduler offers the times of the visitor's zone, found from the address they type.
  if (
    flag(input.hasAppointmentScheduler, form.hasAppointmentScheduler) &&
    !planned.some((p) => p.isNativeLeadField && (p.leadFieldId === "ADDRESS" || p.leadFieldId === "POSTAL_CODE"))
  )
    throw badInput(
      "The appointment scheduler needs a question for the street address or the postal code: it offers the free times of the visitor's zone.",
    );
  const keep = new Set(planned.map((p) => p.id));
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.leadFormElement.deleteMany({ where: { leadFormId: id, id: { notIn: [...keep] } } });
      for (const p of planned) {
        const data = { ...p, parentElementId: null };
        if (form.elements.some((e) => e.id === p.id)) await tx.leadFormElement.update({ where: { id: p.id }, data });
        else await tx.leadFormElement.create({ data: { ...data, branchId: ctx.branch.id, leadFormId: id } });
      }
      // Parents after every element exists (a parent may be new too).
      for (const p of planned)
        if (p.parentElementId)
          await tx.leadFormElement.update({ where: { id: p.id }, data: { parentElementId: p.parentElementId } });
      await tx.leadForm.update({
        where: { id },
        data: {
          ...s,
          isPublic: flag(input.isPublic, form.isPublic),
          autoAssignLead: flag(input.autoAssignLead, form.autoAssignLead),
          assignWorkflowShortcutId: shortcutId,
          isTemplate: flag(input.isTemplate, form.isTemplate),
          hasAppointmentScheduler: flag(input.hasAppointmentScheduler, form.hasAppointmentScheduler),
          chooseSource: flag(input.chooseSource, form.chooseSource),
          chooseGatherer: flag(input.chooseGatherer, form.chooseGatherer),
          chooseSetter: flag(input.chooseSetter, form.chooseSetter),
          sendToRetailer: flag(input.sendToRetailer, form.sendToRetailer),
          leadSourceId,
        },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badInput(nameTaken(s.name));
    throw e;
  }
  return requireLeadForm(ctx, id);
}

/** A name not yet used: "New form", "New form 2"... */
async function freeName(ctx: Context, base: string) {
  const taken = new Set(
    (
      await ctx.db.leadForm.findMany({
        where: { name: { startsWith: base, mode: "insensitive" } },
        select: { name: true },
      })
    ).map((f) => f.name.toLowerCase()),
  );
  for (let i = 1; ; i++) {
    const name = (i === 1 ? base : `${base} ${i}`).slice(0, FORM_LIMITS.name);
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** A new form: blank (a first and last name and a phone), or a copy of a form (its settings and questions). */
export async function createLeadForm(ctx: Context, templateId?: string | null): Promise<FormWithElements> {
  const template = templateId ? await requireLeadForm(ctx, templateId) : null;
  const name = await freeName(ctx, template ? `${template.name} copy` : "New form");
  const created = await ctx.db.$transaction(async (tx) => {
    const form = await tx.leadForm.create({
      data: {
        branchId: ctx.branch.id,
        name,
        title: template?.title ?? "Contact us",
        description: template?.description ?? "",
        isPublic: false,
        minutesBetweenSubmissions: template?.minutesBetweenSubmissions ?? 0,
        autoAssignLead: template?.autoAssignLead ?? false,
        assignWorkflowShortcutId: template?.assignWorkflowShortcutId ?? null,
        hasAppointmentScheduler: template?.hasAppointmentScheduler ?? false,
        chooseSource: template?.chooseSource ?? false,
        chooseGatherer: template?.chooseGatherer ?? false,
        chooseSetter: template?.chooseSetter ?? false,
        sendToRetailer: template?.sendToRetailer ?? false,
        leadSourceId: template?.leadSourceId ?? null,
      },
    });
    const source: Omit<PlannedElement, "id" | "orderIndex">[] = template
      ? template.elements
      : [
          blank("First name", "TEXT", "FIRST_NAME", true),
          blank("Last name", "TEXT", "LAST_NAME", true),
          blank("Phone", "PHONE", "PHONE", true),
        ];
    const ids = new Map<string, string>();
    for (const [i, e] of source.entries()) {
      const newId = randomUUID();
      if ("id" in e) ids.set(e.id as string, newId);
      await tx.leadFormElement.create({
        data: {
          ...e,
          id: newId,
          branchId: ctx.branch.id,
          leadFormId: form.id,
          orderIndex: i,
          parentElementId: e.parentElementId ? (ids.get(e.parentElementId) ?? null) : null,
        },
      });
    }
    return form;
  });
  return requireLeadForm(ctx, created.id);
}

const blank = (
  questionText: string,
  questionType: LeadQuestionType,
  leadFieldId: NativeLeadField,
  isRequired: boolean,
) => ({
  parentElementId: null,
  showIfParentEquals: "",
  isNativeLeadField: true,
  leadFieldId,
  customFieldId: null,
  questionText,
  questionType,
  questionOptions: [],
  isRequired,
});

/** A new text question at orderIndex (the questions from there move down one). */
export async function createLeadFormElement(
  ctx: Context,
  formId: string,
  orderIndex: number,
): Promise<FormWithElements> {
  const form = await requireLeadForm(ctx, formId);
  if (form.elements.length >= FORM_LIMITS.elements)
    throw badInput(`A form has at most ${FORM_LIMITS.elements} questions.`);
  const at = Math.max(0, Math.min(Math.trunc(orderIndex), form.elements.length));
  await ctx.db.$transaction(async (tx) => {
    await tx.leadFormElement.updateMany({
      where: { leadFormId: formId, orderIndex: { gte: at } },
      data: { orderIndex: { increment: 1 } },
    });
    await tx.leadFormElement.create({
      data: {
        branchId: ctx.branch.id,
        leadFormId: formId,
        isNativeLeadField: true,
        leadFieldId: null,
        questionText: "New question",
        questionType: "TEXT",
        orderIndex: at,
      },
    });
    await tx.leadForm.update({ where: { id: formId }, data: { lastEdited: new Date() } });
  });
  return requireLeadForm(ctx, formId);
}

export async function toggleLeadFormActivation(ctx: Context, id: string): Promise<FormWithElements> {
  const form = await requireLeadForm(ctx, id);
  await ctx.db.leadForm.update({ where: { id }, data: { inactive: !form.inactive } });
  return requireLeadForm(ctx, id);
}
