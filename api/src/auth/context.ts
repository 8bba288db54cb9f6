import { scopedDb } from "../db/scoped.ts";
import type { EmployeePermission } from "../generated/prisma/enums.ts";
import type { Context, RequestInfo, Runtime, Viewer } from "../runtime.ts";
import { assertEmployeeAddressAllowed, clientAddress } from "../security/ip-allowlist.ts";
import { authenticateApiKey, bearerToken, loadApiKeyPermissions } from "./api-keys.ts";
import { cachedPermissions } from "./permissions.ts";
import { readCookie, SESSION_COOKIE } from "./session.ts";

// The request context: built once per request (HTTP or websocket) from the runtime and the request.
// The types live in runtime.ts; they are handed on here for the files that import them from here.
export type { ApiKeyCaller, Context, RequestInfo, Runtime, Viewer } from "../runtime.ts";

export async function buildContext(rt: Runtime, req: RequestInfo): Promise<Context> {
  const forwardedProto = req.headers.get("x-forwarded-proto");
  // The address is parsed only when no header names the host; https is read from its scheme.
  const branch = await rt.branches.resolve(
    req.branchHostParam ?? req.headers.get("branchhost"),
    req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? new URL(req.url).host,
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
          ? cachedPermissions(rt, db, branch.id, viewer.personId)
          : Promise.resolve(new Set());
      return perms;
    },
    ip,
    userAgent: req.headers.get("user-agent") ?? "",
    secure: /^https:/i.test(req.url) || forwardedProto === "https",
    responseCookies: [],
  };
}
