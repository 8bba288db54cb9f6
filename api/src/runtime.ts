import type { BranchResolver } from "./auth/branch.ts";
import type { SessionStore } from "./auth/session.ts";
import type { Throttle } from "./auth/throttle.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { ScopedDb } from "./db/scoped.ts";
import type { Branch, PrismaClient } from "./generated/prisma/client.ts";
import type { EmployeePermission } from "./generated/prisma/enums.ts";
import type { Mailer } from "./integrations/mail/mailer.ts";
import type { PubSub } from "./integrations/pubsub.ts";
import type { JobRunner } from "./jobs/runner.ts";

// The shared vocabulary of a running server: what it holds for its lifetime (Runtime) and what one
// request carries (Context, built by auth/context.ts). Types only.

/** Everything the server holds for its lifetime; built once at start. */
export type Runtime = {
  config: Config;
  database: Database;
  /**
   * The unscoped client (every branch's rows). db/, auth/ and tests use it directly; module code reaches it only
   * through crossBranch() (db/cross-branch.ts), and otherwise reads the branch-bound ctx.db.
   */
  prisma: PrismaClient;
  branches: BranchResolver;
  sessions: SessionStore;
  pubsub: PubSub;
  mailer: Mailer;
  /** Limits on sign-in, codes, mail and other abusable operations, shared by every container (throttle.ts). */
  throttle: Throttle;
  /** Background jobs (pg-boss): autopay. */
  jobs: JobRunner<Runtime>;
  version: string;
  /** Settles once the first page's server render has been loaded and run once (server.ts); /readyz waits for it. */
  warmedUp?: Promise<unknown>;
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
