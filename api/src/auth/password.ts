// argon2id (Bun's default: m=64 MiB, t=2), about 100 ms a hash on these cores.
export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
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
