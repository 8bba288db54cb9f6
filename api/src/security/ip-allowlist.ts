import { BlockList, isIP } from "node:net";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

// Per-branch IP allow-lists (admin/ip-whitelist), and the one function that says which address a
// request comes from.
//
// Client address: the socket's address, unless TRUSTED_PROXY_HEADER names a header that the
// deployment's own proxy sets (e.g. x-forwarded-for, x-real-ip, cf-connecting-ip). Then that header
// is used, its last comma-separated entry (the address the proxy itself saw; entries before it are
// whatever the client claimed). Set it only when the API is reachable through that proxy alone:
// otherwise anyone can claim any address. Every per-address limit uses this same function.
//
// Allow-list: a branch with no entries accepts every address. With entries, employee sign-in, each
// request of a signed-in employee's session, API keys and telemetry of that branch are accepted only
// from an address inside one of them (a single address or a CIDR range, IPv4 or IPv6). Sign-in checks
// the address before the password (docs/decisions/0604-allow-list-first-and-sessions.md). Lists are cached per process for CACHE_MS; the console's
// edits drop the cache at once, other containers see them within CACHE_MS.

const CACHE_MS = 10_000;

/** Strips an IPv4-mapped IPv6 prefix and zone, so "::ffff:10.0.0.1" matches an IPv4 range. */
export function normalizeAddress(address: string): string {
  let a = address.trim();
  if (a.startsWith("[") && a.includes("]")) a = a.slice(1, a.indexOf("]"));
  a = a.replace(/%.*$/, "");
  const mapped = a.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1]!;
  // "1.2.3.4:5678" (some proxies add the port to IPv4 addresses)
  const withPort = a.match(/^(\d+\.\d+\.\d+\.\d+):\d+$/);
  if (withPort) return withPort[1]!;
  return a;
}

/** The address a request comes from (see the rule above). */
export function clientAddress(
  config: Pick<Config, "TRUSTED_PROXY_HEADER">,
  headers: Headers,
  socketAddress: string | undefined,
): string {
  const name = config.TRUSTED_PROXY_HEADER;
  if (name) {
    const value = headers.get(name);
    const last = value?.split(",").pop()?.trim();
    if (last && isIP(normalizeAddress(last))) return normalizeAddress(last);
  }
  return socketAddress ? normalizeAddress(socketAddress) : "unknown";
}

export type ParsedRange = { cidr: string; address: string; prefix: number; family: "ipv4" | "ipv6" };

/** "10.1.0.0/16", "203.0.113.7" or "2001:db8::/32", normalised; null when it is not one. */
export function parseRange(input: string): ParsedRange | null {
  const [rawAddress, rawPrefix, extra] = input.trim().split("/");
  if (extra !== undefined || !rawAddress) return null;
  const address = normalizeAddress(rawAddress);
  const version = isIP(address);
  if (!version) return null;
  const max = version === 4 ? 32 : 128;
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (prefix < 0 || prefix > max) return null;
  const cidr = prefix === max ? address.toLowerCase() : `${address.toLowerCase()}/${prefix}`;
  return { cidr, address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

export function rangeMessage(input: string) {
  return `"${input.trim()}" is not an IP address or CIDR range (like 203.0.113.7 or 10.1.0.0/16).`;
}

/** Whether `address` falls inside one of `ranges` (an empty list allows every address). */
export function addressAllowed(ranges: string[], address: string): boolean {
  if (ranges.length === 0) return true;
  const a = normalizeAddress(address);
  const version = isIP(a);
  if (!version) return false;
  const list = new BlockList();
  for (const r of ranges) {
    const p = parseRange(r);
    if (p) list.addSubnet(p.address, p.prefix, p.family);
  }
  return list.check(a, version === 4 ? "ipv4" : "ipv6");
}

type Cached = { ranges: string[]; at: number };
const caches = new WeakMap<PrismaClient, Map<string, Cached>>();

function cacheOf(prisma: PrismaClient) {
  let c = caches.get(prisma);
  if (!c) {
    c = new Map();
    caches.set(prisma, c);
  }
  return c;
}

/** A branch's allow-list (cached briefly). */
export async function branchRanges(prisma: PrismaClient, branchId: string): Promise<string[]> {
  const cache = cacheOf(prisma);
  const hit = cache.get(branchId);
  if (hit && performance.now() - hit.at < CACHE_MS) return hit.ranges;
  const rows = await prisma.branchIpAllowEntry.findMany({ where: { branchId }, select: { cidr: true } });
  const ranges = rows.map((r) => r.cidr);
  cache.set(branchId, { ranges, at: performance.now() });
  return ranges;
}

/** Called by the console after a branch's list changes. */
export function forgetBranchRanges(prisma: PrismaClient, branchId: string) {
  cacheOf(prisma).delete(branchId);
}

export type AllowlistUse = "sign-in" | "employee-session" | "api-key" | "telemetry";

export function refusedMessage(use: AllowlistUse, address: string) {
  const what = {
    "sign-in": "Employee sign-in",
    "employee-session": "Employee access",
    "api-key": "API key access",
    telemetry: "Telemetry",
  }[use];
  return `${what} from ${address} is not allowed for this branch: the address is not on its IP allow-list. Ask a platform administrator to add it.`;
}

/** Whether the branch accepts this address; false comes with the message to show. */
export async function checkAddress(
  prisma: PrismaClient,
  branchId: string,
  address: string,
  use: AllowlistUse,
): Promise<{ allowed: true } | { allowed: false; message: string }> {
  const ranges = await branchRanges(prisma, branchId);
  if (addressAllowed(ranges, address)) return { allowed: true };
  return { allowed: false, message: refusedMessage(use, address) };
}

/** The same check as a guard: FORBIDDEN with the message when the address is not allowed. */
export async function assertAddressAllowed(
  prisma: PrismaClient,
  branchId: string,
  address: string,
  use: AllowlistUse,
): Promise<void> {
  const r = await checkAddress(prisma, branchId, address, use);
  if (!r.allowed) throw new AppError("FORBIDDEN", r.message);
}

/** What assertEmployeeAddressAllowed needs to know of the request's viewer (auth/context.ts's Viewer). */
export type SessionViewer = {
  /** The employee of this branch the session is for (null for customers and visiting super admins). */
  personId: string | null;
  /** Set while a super admin acts as this user: the person at the keyboard is the super admin. */
  impersonatorUserId?: string | null;
};

/**
 * An employee's session is used only from an address on the branch's allow-list, as it was opened
 * (sign-in): each request of it from another address is refused (FORBIDDEN, with the message that
 * says why). The session itself is kept: back on an allowed address it works again, and a cookie
 * taken elsewhere gets nothing. Customers, visiting super admins (no personId here), impersonation
 * and API keys are not employee sessions. Call it once per request, after the viewer is known.
 */
export async function assertEmployeeAddressAllowed(
  prisma: PrismaClient,
  branchId: string,
  address: string,
  viewer: SessionViewer | null,
): Promise<void> {
  if (!viewer?.personId || viewer.impersonatorUserId) return;
  await assertAddressAllowed(prisma, branchId, address, "employee-session");
}
