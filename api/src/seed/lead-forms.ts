import type { Prisma } from "../generated/prisma/client.ts";
import type { LeadQuestionType, NativeLeadField } from "../generated/prisma/enums.ts";

// Demo lead forms (team/lead-forms, the public forms/{id}) on the demo branch, after the lead sources,
// the workflow and the lead map:
// - "Free water test": public, with the appointment scheduler, leads from the Website source;
// - "Quote request": public, assigns each new lead to its zone's sales rep and runs the LEAD shortcut
//   "First call for a new lead" (a first call at "First call" of "New customer sale", due in 15 minutes,
//   for the lead's person), so a submission lands in the rep's my work;
// - "Home show sign-up": a template (forms are created from it), not public.
// Fixed ids, so every run is alike.

type Tx = Prisma.TransactionClient;

const id = (kind: string, n: number) => `f0a3${kind}-0000-4000-a000-${String(n).padStart(12, "0")}`;
export const DEMO_FORM_IDS = { waterTest: id("0001", 1), quote: id("0001", 2), homeShow: id("0001", 3) } as const;
export const FIRST_CALL_SHORTCUT_ID = id("0002", 1);

type Question = [text: string, type: LeadQuestionType, field: NativeLeadField, required: boolean];
const CONTACT: Question[] = [
  ["First name", "TEXT", "FIRST_NAME", true],
  ["Last name", "TEXT", "LAST_NAME", true],
  ["Phone", "PHONE", "PHONE", true],
  ["Email", "EMAIL", "EMAIL", false],
  ["Street address", "ADDRESS_AUTOFILL", "ADDRESS", true],
  ["City", "TEXT", "CITY", false],
  ["Postal code", "POSTAL_CODE", "POSTAL_CODE", true],
];

export async function seedLeadForms(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const [website, show, firstCall] = await Promise.all([
    tx.leadSource.findFirst({ where: { branchId, code: "WEB" }, select: { id: true } }),
    tx.leadSource.findFirst({ where: { branchId, code: "HOME-SHOW" }, select: { id: true } }),
    tx.projectStep.findFirst({
      where: { branchId, description: "First call", project: { description: "New customer sale" } },
      select: { id: true },
    }),
  ]);
  if (firstCall)
    await tx.workflowShortcut.create({
      data: {
        id: FIRST_CALL_SHORTCUT_ID,
        branchId,
        name: "First call for a new lead",
        description: "Run by the Quote request form on each lead it assigns: a first call for the lead's rep.",
        tableId: "LEAD",
        sortOrder: 30,
        actions: [
          {
            type: "CREATE_ACTIVITY",
            stepId: firstCall.id,
            subject: "First call: new quote request",
            details: "Call within the hour: the prospect asked for a quote on the website.",
            dueInMinutes: 15,
          },
        ],
      },
    });
  const forms: (Prisma.LeadFormCreateManyInput & { questions: Question[] })[] = [
    {
      id: DEMO_FORM_IDS.waterTest,
      branchId,
      name: "Free water test",
      title: "Book a free water test",
      description: "A water specialist visits, tests your water and explains the results. It takes 30 minutes.",
      isPublic: true,
      hasAppointmentScheduler: true,
      leadSourceId: website?.id ?? null,
      minutesBetweenSubmissions: 10,
      questions: [...CONTACT, ["Anything we should know?", "TEXT_AREA", "COMMENTS", false]],
    },
    {
      id: DEMO_FORM_IDS.quote,
      branchId,
      name: "Quote request",
      title: "Get a quote",
      description: "Tell us where you live and a local rep calls you back today.",
      isPublic: true,
      autoAssignLead: true,
      assignWorkflowShortcutId: firstCall ? FIRST_CALL_SHORTCUT_ID : null,
      leadSourceId: website?.id ?? null,
      questions: CONTACT,
    },
    {
      id: DEMO_FORM_IDS.homeShow,
      branchId,
      name: "Home show sign-up",
      title: "Enter the home show drawing",
      description: "A template for the sign-up tablets at home shows.",
      isTemplate: true,
      leadSourceId: show?.id ?? null,
      questions: [
        ["First name", "TEXT", "FIRST_NAME", true],
        ["Last name", "TEXT", "LAST_NAME", false],
        ["Phone", "PHONE", "PHONE", true],
        ["Email", "EMAIL", "EMAIL", false],
        ["Postal code", "POSTAL_CODE", "POSTAL_CODE", false],
      ],
    },
  ];
  await tx.leadForm.createMany({ data: forms.map(({ questions: _, ...form }) => form) });
  await tx.leadFormElement.createMany({
    data: forms.flatMap((form, f) =>
      form.questions.map(([questionText, questionType, leadFieldId, isRequired], i) => ({
        id: id(`100${f}`, i + 1),
        branchId,
        leadFormId: form.id!,
        questionText,
        questionType,
        isNativeLeadField: true,
        leadFieldId,
        isRequired,
        orderIndex: i,
      })),
    ),
  });
}
