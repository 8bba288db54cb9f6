import { z } from "zod";

// The person form (add an employee, edit details); the server checks the same rules.
export const personSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required.").max(60, "First name must be at most 60 characters."),
  lastName: z.string().trim().min(1, "Last name is required.").max(60, "Last name must be at most 60 characters."),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((e) => e === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e), "invalid email"),
  jobTitle: z.string().trim().max(80, "Job title must be at most 80 characters."),
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((p) => p === "" || /^[0-9+().\-\s]{7,30}$/.test(p), "Phone can hold digits, spaces, +, -, ( and ) only."),
  etaReminders: z.boolean(),
});
export type PersonValues = z.infer<typeof personSchema>;
export const emptyPerson: PersonValues = {
  firstName: "",
  lastName: "",
  email: "",
  jobTitle: "",
  phone: "",
  etaReminders: false,
};
