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

// A new API key: what uses it, and the person it acts for.
export const apiKeySchema = z.object({
  name: z.string().trim().max(80, "Name must be at most 80 characters."),
  personId: z.string().min(1, "Choose the person the key acts for."),
});
export type ApiKeyValues = z.infer<typeof apiKeySchema>;

// A security group's name (new group, rename); the server checks that it is free.
export const groupNameSchema = z.object({ name: z.string().max(60, "Group name must be at most 60 characters.") });
