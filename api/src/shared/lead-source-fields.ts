import { z } from "zod";

// A lead source's name, code and retail store id, checked alike by the source form and by the API that
// stores them (names and codes unique in the branch is the API's own check).

export const leadSourceFields = {
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  code: z
    .string()
    .trim()
    .min(1, "Code is required.")
    .max(30, "Code must be at most 30 characters.")
    .regex(/^[A-Za-z0-9_-]+$/, "Code may hold only letters, digits, dashes and underscores."),
  retailStoreId: z.string().trim().max(50, "Retail store id must be at most 50 characters."),
};
