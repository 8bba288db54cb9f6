// argon2id. Its work factor is Bun's default (m=64 MiB, t=2: about 100 ms a hash on these cores, 400 ms
// on a busy one) unless PASSWORD_HASH_MEMORY_KIB / PASSWORD_HASH_TIME_COST set another for new hashes (the
// test suites use a cheap one: see docs/decisions/0993-password-work-factor-in-tests.md). A stored hash
// carries its own parameters, so hashes made under another setting still verify.
const DEFAULT_WORK = { memoryCost: 65_536, timeCost: 2 };
let work = DEFAULT_WORK;

/** Sets the work factor of new hashes; null goes back to the default. */
export function configurePasswordHashing(next: { memoryCost: number; timeCost: number } | null) {
  work = next ?? DEFAULT_WORK;
  dummyHash = undefined;
}

export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id", ...work });

/**
 * The password of a user who was invited and has not chosen one yet: no password matches it, and an
 * invitation (a set-password link) may be sent only while a user's password is this (personnel).
 */
export const UNSET_PASSWORD = "unset:invited";
export const hasPassword = (hash: string) => hash !== UNSET_PASSWORD;

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  // as slow as a real check, so a sign-in attempt does not tell an unaccepted invitation apart
  if (!hasPassword(hash)) return burnPasswordCheck(password).then(() => false);
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the user does not exist keeps timing from revealing accounts.
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword("not-a-real-password");
  return dummyHash.then((h) => verifyPassword(password, h));
}

export const PASSWORD_MIN_LENGTH = 6;
