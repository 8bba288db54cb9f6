import { z } from "zod";
import { EMAIL_PATTERN, messages } from "@/features/account/schema";

export const PHONE_TYPES = [
  { id: "MOBILE", label: "Mobile" },
  { id: "HOME", label: "Home" },
  { id: "WORK", label: "Work" },
  { id: "FAX", label: "Fax" },
  { id: "OTHER", label: "Other" },
] as const;

export const phoneTypeLabel = (id: string) => PHONE_TYPES.find((t) => t.id === id)?.label ?? id;

const phoneDigitsOk = (s: string) => {
  const d = s.replace(/\D/g, "");
  return d.length === 10 || (d.length === 11 && d.startsWith("1"));
};

export const contactSchema = z.object({
  firstName: z.string().trim().min(1, messages.firstName),
  lastName: z.string().trim().min(1, messages.lastName),
  email: z
    .string()
    .trim()
    .refine((e) => !e || EMAIL_PATTERN.test(e), messages.invalidEmail),
  role: z.enum(["ADMINISTRATOR", "BILLING", "SALES", "NONE"]),
  phones: z
    .array(
      z.object({
        phoneId: z.string().nullable(),
        phoneNumber: z.string().refine(phoneDigitsOk, "Enter 10 digits, like (512) 555-0142."),
        phoneTypeId: z.string(),
        textable: z.boolean(),
        callable: z.boolean(),
        comments: z.string(),
      }),
    )
    .max(5, "A contact can have at most 5 phone numbers."),
});
export type ContactValues = z.infer<typeof contactSchema>;

export const linkAccountSchema = z.object({
  accountNumber: z
    .string()
    .refine((s) => !s.trim() || /^\d{6,7}$/.test(s.replace(/[\s#-]/g, "")), messages.accountNumberFormat),
  code: z.string().refine((s) => !s.trim() || /^\d{4}$/.test(s.trim()), messages.codeFormat),
});
export type LinkAccountValues = z.infer<typeof linkAccountSchema>;

export const updateAccountSchema = z.object({
  firstName: z.string().trim().min(1, messages.firstName),
  lastName: z.string().trim().min(1, messages.lastName),
  email: z.string().trim().regex(EMAIL_PATTERN, messages.invalidEmail),
});
export type UpdateAccountValues = z.infer<typeof updateAccountSchema>;

export const updatePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: z.string().min(6, messages.passwordHelp),
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: messages.passwordsDiffer });
export type UpdatePasswordValues = z.infer<typeof updatePasswordSchema>;
