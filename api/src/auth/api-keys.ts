import { createHash, randomBytes } from "node:crypto";
import { clock } from "../clock.ts";
import type { ScopedDb } from "../db/scoped.ts";
import { AppError } from "../errors.ts";
import type { Branch } from "../generated/prisma/client.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";
import type { ApiKeyCaller, Runtime } from "../runtime.ts";
import { assertAddressAllowed } from "../security/ip-allowlist.ts";

// API keys: another system calls GraphQL with `Authorization: Bearer <key>`. The key is random
// (prefix "rwk_" + 32 random bytes, base64url), shown once when created and stored only as its
// SHA-256, so a copy of the table opens nothing. A request with a key is an integration, never its
// person's account: it has no viewer (context.ts), holds exactly the key's own grants (actor API_KEYS),
// and reaches only the root fields declared for keys (the `apiKey` scope, builder.ts). A deleted key,
// or one whose person is inactive, stops working at the next request (nothing is cached). A bad key is
// a 401 with a message that says so, never a silent fall-back to "signed out".

export const API_KEY_PREFIX = "rwk_";
const LAST_USED_EVERY_MS = 60_000;

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** A new key: what the caller is shown once, and what is stored. */
export function newApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, keyHash: hashApiKey(key), keyPrefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/** The bearer token of an Authorization header; null when the header is absent or another scheme. */
export function bearerToken(header: string | null | undefined): string | null {
  const m = header?.match(/^\s*Bearer\s+(\S+)\s*$/i);
  return m?.[1] ?? null;
}

export const apiKeyMessages = {
  unknown: "This API key is not valid: it does not exist, was deleted, or belongs to another branch.",
  inactivePerson: "This API key acts for a person who is inactive: it no longer works.",
  noPerson: "This API key acts for nobody: create a new key for a person.",
};

/**
 * The one place a bearer key is checked (later checks, e.g. an IP allow-list, belong here too):
 * returns the key the request acts as, or throws UNAUTHENTICATED with a clear message.
 */
export async function authenticateApiKey(
  rt: Runtime,
  branch: Branch,
  key: string,
  request: { ip: string },
): Promise<ApiKeyCaller> {
  if (key.length > 200) throw new AppError("UNAUTHENTICATED", apiKeyMessages.unknown);
  const row = await rt.prisma.apiKey.findUnique({
    where: { keyHash: hashApiKey(key) },
    include: { person: { select: { id: true, inactive: true } } },
  });
  if (!row || row.branchId !== branch.id) throw new AppError("UNAUTHENTICATED", apiKeyMessages.unknown);
  const person = row.person;
  if (!person) throw new AppError("UNAUTHENTICATED", apiKeyMessages.noPerson);
  if (person.inactive) throw new AppError("UNAUTHENTICATED", apiKeyMessages.inactivePerson);
  await assertAddressAllowed(rt.prisma, branch.id, request.ip, "api-key"); // the branch's IP allow-list (0601)
  const now = clock.nowMs();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS)
    await rt.prisma.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  return { id: row.id, name: row.name, personId: person.id };
}

/** A key's grants: exactly its own (ADMINISTRATIVE_SETUP, if granted to the key, grants everything). */
export async function loadApiKeyPermissions(db: ScopedDb, apiKeyId: string): Promise<Set<EmployeePermission>> {
  const grants = await db.permissionGrant.findMany({
    where: { actorType: "API_KEYS", actorId: apiKeyId },
    select: { permission: true },
  });
  return new Set(grants.map((g) => g.permission));
}
