import { createHmac, randomBytes } from "node:crypto";
import { clock } from "../clock.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

// Sessions live in the database; the browser holds an opaque random token in an httpOnly cookie.
// Only an HMAC of the token is stored, so a copy of the table cannot be replayed.
export const SESSION_COOKIE = "rw_session";
const LASTING_MS = 30 * 24 * 3600_000; // "keep me signed in"
const BROWSER_SESSION_MS = 12 * 3600_000; // autoLogout: cookie dies with the browser; server side idles out
const TOUCH_EVERY_MS = 5 * 60_000;
// A session read is cached in this process for a few seconds: most requests then cost no session
// query. A write to a session or user, in this process or another of the deployment (server.ts wires
// forgetAll to the change feed), drops the cache at once; without REDIS_URL, another API container may
// honour an ended session for at most CACHE_MS more.
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;

type CachedSession = NonNullable<Awaited<ReturnType<SessionStore["load"]>>>;

export class SessionStore {
  private cache = new Map<string, { session: CachedSession; at: number }>();

  constructor(
    private prisma: PrismaClient,
    private secret: string,
  ) {}

  private load(id: string) {
    return this.prisma.session.findUnique({ where: { id }, include: { user: true } });
  }

  // A token's HMAC, remembered for the tokens of the sessions cached (computing it was a few percent of
  // a signed-in request's time); bounded like the cache.
  private ids = new Map<string, string>();

  private hash(token: string) {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = createHmac("sha256", this.secret).update(token).digest("base64url");
      if (this.ids.size >= CACHE_MAX) this.ids.clear();
      this.ids.set(token, id);
    }
    return id;
  }

  async create(input: {
    userId: string;
    branchId: string;
    persistent: boolean;
    ip: string;
    userAgent: string;
    impersonatorUserId?: string;
  }) {
    const token = randomBytes(32).toString("base64url");
    const ttl = input.persistent ? LASTING_MS : BROWSER_SESSION_MS;
    await this.prisma.session.create({
      data: {
        id: this.hash(token),
        userId: input.userId,
        branchId: input.branchId,
        persistent: input.persistent,
        ip: input.ip,
        userAgent: input.userAgent.slice(0, 300),
        impersonatorUserId: input.impersonatorUserId,
        // On the business clock like expiresAt (the database's own now() is the wall clock, which a
        // shifted clock would read as long ago: every request would then "touch" the session again).
        lastSeenAt: new Date(clock.nowMs()),
        expiresAt: new Date(clock.nowMs() + ttl),
      },
    });
    return { token, maxAgeSeconds: input.persistent ? ttl / 1000 : undefined };
  }

  async read(token: string) {
    const id = this.hash(token);
    const now = clock.nowMs();
    const hit = this.cache.get(id);
    if (hit && now - hit.at < CACHE_MS && hit.session.expiresAt.getTime() > now) return hit.session;
    const session = await this.load(id);
    if (!session) {
      this.cache.delete(id);
      return null;
    }
    if (session.expiresAt.getTime() <= now) {
      this.cache.delete(id);
      await this.prisma.session.deleteMany({ where: { id } });
      return null;
    }
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(id, { session, at: now });
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const ttl = session.persistent ? LASTING_MS : BROWSER_SESSION_MS;
      await this.prisma.session.update({
        where: { id },
        data: { lastSeenAt: new Date(now), expiresAt: new Date(now + ttl) },
      });
    }
    return session;
  }

  async destroy(token: string) {
    const id = this.hash(token);
    this.cache.delete(id);
    await this.prisma.session.deleteMany({ where: { id } });
  }

  /** Drops every cached session (a session or user was written somewhere). */
  forgetAll() {
    this.cache.clear();
  }

  /** Drops a user's cached sessions so the next request reads their changed user row. */
  forgetUser(userId: string) {
    for (const [id, entry] of this.cache) if (entry.session.userId === userId) this.cache.delete(id);
  }

  /** Ends every session of a user, except the one with the given token (the caller's own). */
  async endUserSessions(userId: string, keepToken?: string) {
    const keep = keepToken ? this.hash(keepToken) : undefined;
    this.forgetUser(userId); // the kept session is read again too: its user row has changed
    await this.prisma.session.deleteMany({ where: { userId, ...(keep ? { id: { not: keep } } : {}) } });
  }
}

export function sessionCookie(token: string, opts: { secure: boolean; maxAgeSeconds?: number }) {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (opts.secure) parts.push("Secure");
  if (opts.maxAgeSeconds) parts.push(`Max-Age=${Math.floor(opts.maxAgeSeconds)}`);
  return parts.join("; ");
}

export function clearSessionCookie(secure: boolean) {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}
