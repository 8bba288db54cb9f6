import { AppError } from "../errors.ts";

// Hard caps on what public and account forms accept, checked first (before any hashing, database or
// throttle work), so that an oversized value is a clear BAD_USER_INPUT and never reaches argon2, an
// index or a log line (docs/decisions/0011-throttles.md). Friendlier, tighter rules (names of 60
// characters, 4-digit codes...) stay in each service.
export const INPUT_MAX = {
  /** RFC 5321's longest usable address. */
  email: 254,
  /** argon2's input: long enough for any passphrase, short enough to hash in the usual time. */
  password: 200,
  name: 100,
  /** Mailed link tokens (43 characters today). */
  token: 200,
  /** Account numbers and security codes as typed. */
  code: 32,
  addressLine: 200,
  shortText: 40,
} as const;

/** Throws BAD_USER_INPUT naming the field when `value` is longer than `max` characters. */
export function capLength(value: string | null | undefined, max: number, label: string) {
  if (value != null && value.length > max)
    throw new AppError("BAD_USER_INPUT", `${label} can be at most ${max} characters.`);
}

/** capLength for several fields: [value, max, label]. */
export function capLengths(fields: [string | null | undefined, number, string][]) {
  for (const [value, max, label] of fields) capLength(value, max, label);
}
