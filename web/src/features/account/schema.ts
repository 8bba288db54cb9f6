import { z } from "zod";

import { EMAIL_PATTERN, messages, PASSWORD_MIN } from "./messages";

export { EMAIL_PATTERN, messages, PASSWORD_MIN };

const email = z.string().trim().regex(EMAIL_PATTERN, messages.invalidEmail);
/** Empty is left to the form's "required" alert; a short password is flagged at the field. */
const optionalPassword = z.string().refine((p) => !p || p.length >= PASSWORD_MIN, messages.passwordHelp);
const newPassword = z.string().min(PASSWORD_MIN, messages.passwordHelp);

// The sign-in forms validate without zod: sign-in-resolvers.ts.

export const emailOnlySchema = z.object({ email });
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: messages.passwordsDiffer });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Account number: 6 or 7 digits (spaces, dashes and # ignored); security code: 4 digits. Empty is left to the alert. */
const accountNumber = z
  .string()
  .refine((s) => !s.trim() || /^\d{6,7}$/.test(s.replace(/[\s#-]/g, "")), messages.accountNumberFormat);
const securityCode = z.string().refine((s) => !s.trim() || /^\d{4}$/.test(s.trim()), messages.codeFormat);

export const existingEmailSchema = z.object({
  first: z.string(),
  last: z.string(),
  password: optionalPassword,
  code: securityCode,
});
export type ExistingEmailValues = z.infer<typeof existingEmailSchema>;

export const linkSchema = z.object({
  accountNumber,
  code: securityCode,
  first: z.string(),
  last: z.string(),
  email,
  password: optionalPassword,
});
export type LinkValues = z.infer<typeof linkSchema>;

/** The anonymous new-customer form: every message at its field; Create Account waits for all of them. */
export const completelyNewSchema = z.object({
  first: z.string().trim().min(1, messages.firstName),
  last: z.string().trim().min(1, messages.lastName),
  email,
  password: newPassword,
  address1: z.string().trim().min(1, messages.address),
  address2: z.string(),
  city: z.string().trim().min(1, messages.city),
  state: z.string({ error: messages.state }),
  postalCode: z
    .string()
    .trim()
    .min(1, messages.zip)
    .refine(
      (s) => !s || /^\d{5}(-\d{4})?$/.test(s) || /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/.test(s),
      "Enter a 5-digit ZIP code (or a Canadian postal code like K1A 0B1).",
    ),
  phone: z.string().refine((s) => {
    const d = s.replace(/\D/g, "");
    return !d || d.length === 10 || (d.length === 11 && d.startsWith("1"));
  }, "Enter a phone number with 10 digits, like (512) 555-0142."),
});
export type CompletelyNewValues = z.input<typeof completelyNewSchema>;

/** The alerts of account creation, checked when Create Account is pressed. */
export function creationAlert(
  v: { first: string; last: string; password: string; accountNumber?: string; code?: string },
  needsLink: boolean,
) {
  if (!v.first.trim() || !v.last.trim() || !v.password) return messages.namesAndPasswordRequired;
  if (needsLink && (!v.accountNumber?.trim() || !v.code?.trim())) return messages.accountAndCodeRequired;
  return null;
}
