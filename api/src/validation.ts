import { z } from "zod";
import { AppError } from "./errors.ts";

// The one validation boundary. Input is checked with zod where it enters (a resolver or the top of a
// service); a mistake is an AppError BAD_USER_INPUT carrying the schema's own message. Mutations that
// answer { isSuccess, message } turn such refusals into that answer with refusalAsResult, in their
// resolver; everything else reaches the client as an error with the code (docs/decisions/0004).

/** The parsed value, or BAD_USER_INPUT with the first problem's message. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError("BAD_USER_INPUT", r.error.issues[0]?.message ?? "Invalid input.");
  return r.data;
}

/** A refusal the user can act on (BAD_USER_INPUT, CONFLICT) as an { isSuccess: false } answer. */
export async function refusalAsResult<T extends object>(
  run: () => Promise<T>,
  refused: (message: string) => T,
): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError && (e.code === "BAD_USER_INPUT" || e.code === "CONFLICT")) return refused(e.message);
    throw e;
  }
}

/**
 * The fields a GraphQL input actually carries: an argument left out or sent as null is dropped, so the
 * zod schema's defaults apply and an edit keeps what it did not mention.
 */
export const withoutNulls = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;

/** A required text: trimmed, "<Label> is required." when empty, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

/** An optional text: trimmed, at most `max` characters, "" when left out. */
export const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).default("");
