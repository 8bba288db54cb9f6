import SchemaBuilder, { type FieldMap, type SchemaTypes } from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { accessLoaders, type CustomerAccess, notFoundMessages, type RecordAccess } from "../auth/access.ts";
import { canReachLeads, type LeadAccess } from "../auth/lead-access.ts";
import { hasAllPermissions, hasAnyPermission, hasPermission } from "../auth/permissions.ts";
import { AppError } from "../errors.ts";
import type PrismaTypes from "../generated/pothos-types.ts";
import { getDatamodel } from "../generated/pothos-types.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { BranchPortalFeature, EmployeePermission, WatertightFeature } from "../generated/prisma/enums.ts";
import type { Context } from "../runtime.ts";
import { permissionLabel } from "../shared/permission-labels.ts";

// Every root field declares who may call it (a test walks the schema and fails on one that does not):
// `public` on purpose for what anyone may call, else the scopes below. Access to one customer or one
// of its records is a scope too (auth/access.ts), so services never check it themselves.
export type AuthScopes = {
  /** Anyone, signed in or not: said explicitly so that a forgotten scope stands out. */
  public: boolean;
  authenticated: boolean;
  /** A signed-in portal user (not acting as an employee). */
  customer: boolean;
  employee: boolean;
  superAdmin: boolean;
  permission: EmployeePermission;
  allPermissions: EmployeePermission[];
  anyPermission: EmployeePermission[];
  /** A portal user linked to the customer, or an employee with the permission (default CUSTOMER_ACCESS). */
  customerAccess: CustomerAccess;
  /** The same for a record that belongs to a customer (work order, payment method, contact, online order). */
  recordAccess: RecordAccess;
  /**
   * Leads by id: an employee holding the permission whose zone enforcement (if on) covers every named
   * lead (auth/lead-access.ts). Lists apply `visibleLeadsWhere` instead.
   */
  leadAccess: LeadAccess;
  /**
   * An API key holding any of these permissions. Keys are integrations, not people: they pass no other
   * scope (not `authenticated`, `employee` nor `permission`), so a root field reaches keys only when it
   * declares this one too, e.g. `{ permission: "INVENTORY_VIEW", apiKey: ["INVENTORY_VIEW"] }` (orKey).
   */
  apiKey: EmployeePermission[];
  /** Any API key, whatever it holds (a key asking what it may do). */
  anyApiKey: boolean;
  /**
   * The branch has a feature on; otherwise FORBIDDEN with `refusal`, the module's own words ("Scheduling
   * deliveries online isn't available for this branch."). Either one of its portal features (`anyOf`,
   * Branch.features, what the portal and shop offer) or a watertight feature active now (`watertight`,
   * a BranchWatertightFeature row whose time window holds the business clock's now: what the branch
   * pays for in the back office, e.g. CALL_TOOLS). Any operation that belongs to a feature declares it.
   */
  branchFeature: { anyOf: BranchPortalFeature[]; refusal: string } | { watertight: WatertightFeature; refusal: string };
};

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    /** Ids arrive in resolvers as strings (GraphQL coerces an Int literal too); output may be any id. */
    ID: { Input: string; Output: string | number | bigint };
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: string; Output: Date | string };
    /** Nested arrays of numbers (territory zone outlines), defined in modules/territories. */
    GeoJSONCoordinates: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    // Not signed in -> 401 (the web sends the user to sign in); signed in but not allowed -> 403; a
    // portal user asking for a customer they are not linked to -> 404, as for an id that does not exist.
    unauthorizedError: (_parent, ctx, _info, result) => {
      if (ctx.apiKey) return new AppError("FORBIDDEN", apiKeyRefusal(failedScopes(result.failure as Failure)));
      // A feature the branch does not have is refused alike for everyone, signed in or not.
      const featureOff = failedScopes(result.failure as Failure).find((f) => f.scope === "branchFeature");
      if (featureOff) return new AppError("FORBIDDEN", (featureOff.parameter as AuthScopes["branchFeature"]).refusal);
      if (!ctx.viewer) return new AppError("UNAUTHENTICATED");
      const access = failedScopes(result.failure as Failure).find(
        (f) => f.scope === "customerAccess" || f.scope === "recordAccess",
      );
      if (!ctx.viewer.personId && access)
        return new AppError("NOT_FOUND", notFoundMessages[(access.parameter as RecordAccess).kind ?? "customer"]);
      return new AppError("FORBIDDEN");
    },
    authScopes: async (ctx) => {
      const v = ctx.viewer;
      const employee = !!v?.personId;
      const key = !!ctx.apiKey;
      const perms = employee || key ? await ctx.permissions() : new Set<EmployeePermission>();
      const access = accessLoaders(ctx);
      return {
        public: true,
        authenticated: !!v,
        customer: !!v && !employee,
        employee,
        superAdmin: !!v?.isSuperAdmin,
        permission: (p) => employee && hasPermission(perms, p),
        allPermissions: (ps) => employee && hasAllPermissions(perms, ps),
        anyPermission: (ps) => employee && hasAnyPermission(perms, ps),
        customerAccess: access.customer,
        recordAccess: access.record,
        leadAccess: (a: LeadAccess) => canReachLeads(ctx, a),
        apiKey: (ps: EmployeePermission[]) => key && hasAnyPermission(perms, ps),
        anyApiKey: key,
        branchFeature: (f) =>
          "watertight" in f
            ? ctx.runtime.branches.hasWatertightFeature(ctx.branch.id, f.watertight)
            : f.anyOf.some((p) => ctx.branch.features.includes(p)),
      };
    },
  },
  prisma: {
    // Modules only ever see the branch-scoped client (see db/scoped.ts).
    client: (ctx) => ctx.db as unknown as PrismaClient,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

/** A root field's scopes opened to API keys holding the same permission(s): the integration surface. */
export function orKey(
  scopes: { permission: EmployeePermission } | { anyPermission: EmployeePermission[] },
): Partial<AuthScopes> {
  return { ...scopes, apiKey: "permission" in scopes ? [scopes.permission] : scopes.anyPermission };
}

export const apiKeyMessages = {
  notIntegration: "API keys cannot call this operation: it needs a signed-in person.",
  missing: (ps: string[]) => `This API key lacks the permission this operation needs (${ps.join(" or ")}).`,
};

/** Why a key was refused: the field is not for keys at all, or the key lacks its permission. */
function apiKeyRefusal(failed: { scope: string; parameter: unknown }[]) {
  const asked = failed.find((f) => f.scope === "apiKey");
  return asked
    ? apiKeyMessages.missing((asked.parameter as EmployeePermission[]).map(permissionLabel))
    : apiKeyMessages.notIntegration;
}

type Failure = { scope?: string; parameter?: unknown; failures?: Failure[] };
/** The scopes that failed, through any/all combinations. */
function failedScopes(failure: Failure): { scope: string; parameter: unknown }[] {
  return [
    ...(failure.scope ? [{ scope: failure.scope, parameter: failure.parameter }] : []),
    ...(failure.failures ?? []).flatMap(failedScopes),
  ];
}

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

builder.scalarType("DateTime", {
  description: "An instant in time, ISO 8601 in UTC.",
  serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString()),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new AppError("BAD_USER_INPUT", "Invalid date and time.");
    return d;
  },
});

builder.scalarType("Date", {
  description: "A calendar date, YYYY-MM-DD.",
  serialize: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10)),
  parseValue: (v) => {
    const s = String(v);
    if (!isoDate.test(s) || Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()))
      throw new AppError("BAD_USER_INPUT", "Invalid date: use YYYY-MM-DD.");
    if (s < "1900-01-01" || s > "2099-12-31")
      throw new AppError("BAD_USER_INPUT", "Date must be between 1900-01-01 and 2099-12-31.");
    return s;
  },
});

/** The { isSuccess, message } shape that many mutations return: whether it was done, and what to tell the user. */
export type Result = { isSuccess: boolean; message: string };

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never;

/** The `t` of an input type's `fields`, for fields that two input types share. */
export type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<BuilderTypes, "InputObject">;

/**
 * A result object: `isSuccess` and `message` first, then the fields `extraFields` adds (the created row's
 * id, the row itself...). `Shape` is what the resolver returns; a refusal returns the same shape with
 * isSuccess false and the extras null. Every mutation answering { isSuccess, message, ... } is one of these.
 */
export function resultType<Shape extends Result = Result>(
  name: string,
  extraFields?: (t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Shape>) => FieldMap,
  options: { description?: string } = {},
) {
  return builder.objectRef<Shape>(name).implement({
    ...options,
    fields: (t) => ({
      isSuccess: t.boolean({ resolve: (r) => r.isSuccess }),
      message: t.string({ resolve: (r) => r.message }),
      ...extraFields?.(t),
    }),
  });
}

export const ResultRef = resultType("Result");
