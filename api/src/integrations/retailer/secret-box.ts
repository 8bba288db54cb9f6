import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// Secrets the server must send again later (a retailer feed's secret), kept encrypted at rest with
// AES-256-GCM under a key derived from SESSION_SECRET: a copy of the table alone reveals nothing, and
// the API never returns them (only their last characters, to tell them apart). Changing SESSION_SECRET
// makes stored secrets unreadable: the feed then reports that its credentials must be set again.

const VERSION = "v1";
/** The embedded mode's fallback, as for sessions; production requires SESSION_SECRET. */
const DEV_SECRET = "embedded-mode-session-secret-not-for-production";

const keyFor = (serverSecret: string | undefined) =>
  createHash("sha256")
    .update(`retailer-credentials:${serverSecret ?? DEV_SECRET}`)
    .digest();

export function sealSecret(plain: string, serverSecret: string | undefined): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64"), tag.toString("base64"), body.toString("base64")].join(":");
}

/** The secret, or null when it cannot be read (another server secret, a damaged value). */
export function openSecret(sealed: string, serverSecret: string | undefined): string | null {
  const [version, iv, tag, body] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(serverSecret), Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** The last characters of a secret, shown instead of it. */
export const secretHint = (plain: string) => (plain.length >= 8 ? plain.slice(-4) : "");
