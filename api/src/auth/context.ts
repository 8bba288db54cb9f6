import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { type ScopedDb, scopedDb } from "../db/scoped.ts";
import type { Branch, PrismaClient } from "../generated/prisma/client.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";
import type { PubSub } from "../graphql/pubsub.ts";
import type { Mailer } from "../integrations/mail/mailer.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { assertEmployeeAddressAllowed, clientAddress } from "../security/ip-allowlist.ts";
import { authenticateApiKey, bearerToken, loadApiKeyPermissions } from "./api-keys.ts";
import type { BranchResolver } from "./branch.ts";
import { loadPermissions } from "./permissions.ts";
import { readCookie, SESSION_COOKIE, type SessionStore } from "./session.ts";
import type { Throttle } from "./throttle.ts";

/** Everything the server holds for its lifetime; built once at start. */
export type Runtime = {
  config: Config;
  database: Database;
  prisma: PrismaClient; // unscoped: only db/, auth/, the admin console's cross-branch services and tests
  branches: BranchResolver;
  sessions: SessionStore;
  pubsub: PubSub;
  mailer: Mailer;
  /** Limits on sign-in, codes, mail and other abusable operations, shared by every container (throttle.ts). */
  throttle: Throttle;
  /** Background jobs (pg-boss): autopay. */
  jobs: JobRunner;
  version: string;
};

export type Viewer = {
  userId: string;
  sessionToken: string;
  firstName: string;
  lastName: string;
  email: string;
  verifiedEmail: boolean;
  isSuperAdmin: boolean;
  personId: string | null;
  homeBranchId: string;
  impersonatorUserId: string | null;
};

/**
 * An integration calling with `Authorization: Bearer <key>` (api-keys.ts). A key is not its person's
 * account: the request has no viewer (nothing of the person's sign-in, email, password, sessions or
 * portal links is reachable), holds exactly the key's grants, and reaches only the root fields that
 * declare the `apiKey` scope (builder.ts).
 */
export type ApiKeyCaller = { id: string; name: string; personId: string };

export type Context = {
  requestId: string;
  runtime: Runtime;
  branch: Branch;
  /** A database client bound to this request's branch: the only one modules use. */
  db: ScopedDb;
  /** The signed-in user (a session cookie); null for visitors and for API keys. */
  viewer: Viewer | null;
  /** Set when the request authenticated with an API key instead of a session. */
  apiKey: ApiKeyCaller | null;
  /** Employee permissions of the viewer, loaded once per request on first use. */
  permissions(): Promise<ReadonlySet<EmployeePermission>>;
  ip: string;
  userAgent: string;
  secure: boolean;
  /** Set-Cookie headers to add to the HTTP response (login and logout). */
  responseCookies: string[];
};

export type RequestInfo = {
  headers: Headers;
  url: string;
  ip: string;
  requestId: string;
  /** graphql-ws connection parameter, when the request is a websocket subscription. */
  branchHostParam?: string | null;
};

export async function buildContext(rt: Runtime, req: RequestInfo): Promise<Context> {
  const url = new URL(req.url);
  const forwardedProto = req.headers.get("x-forwarded-proto");
  const branch = await rt.branches.resolve(
    req.branchHostParam ?? req.headers.get("branchhost"),
    req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? url.host,
  );
  const db = scopedDb(rt.prisma, branch.id);

  let viewer: Viewer | null = null;
  // `Authorization: Bearer <key>`: an API key, which replaces any session cookie (api-keys.ts).
  const bearer = bearerToken(req.headers.get("authorization"));
  const token = bearer ? undefined : readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  const ip = clientAddress(rt.config, req.headers, req.ip);
  const apiKey = bearer ? await authenticateApiKey(rt, branch, bearer, { ip }) : null;
  if (token) {
    const session = await rt.sessions.read(token);
    // A session belongs to the branch it was opened on; super admins may move between branches.
    if (session && (session.branchId === branch.id || session.user.isSuperAdmin)) {
      const u = session.user;
      viewer = {
        userId: u.id,
        sessionToken: token,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        verifiedEmail: u.verifiedEmail,
        isSuperAdmin: u.isSuperAdmin,
        personId: u.branchId === branch.id ? u.personId : null,
        homeBranchId: u.branchId,
        impersonatorUserId: session.impersonatorUserId,
      };
    }
  }

  // An employee's session is refused from an address off the branch's IP allow-list (decision 0604);
  // API keys are checked against it in authenticateApiKey.
  await assertEmployeeAddressAllowed(rt.prisma, branch.id, ip, viewer);

  let perms: Promise<ReadonlySet<EmployeePermission>> | undefined;
  return {
    requestId: req.requestId,
    runtime: rt,
    branch,
    db,
    viewer,
    apiKey,
    permissions: () => {
      perms ??= apiKey
        ? loadApiKeyPermissions(db, apiKey.id)
        : viewer?.personId
          ? loadPermissions(db, viewer.personId)
          : Promise.resolve(new Set());
      return perms;
    },
    ip,
    userAgent: req.headers.get("user-agent") ?? "",
    secure: url.protocol === "https:" || forwardedProto === "https",
    responseCookies: [],
  };
}
