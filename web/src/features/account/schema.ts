import { z } from "zod";

/** Email is valid if it matches this (SPEC section 5); otherwise 'invalid email'. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginSchema = z.object({
  username: z.string().trim().regex(EMAIL_PATTERN, "invalid email"),
  password: z.string().min(1, "password required"),
  keepSignedIn: z.boolean(),
});

export type LoginValues = z.infer<typeof loginSchema>;
