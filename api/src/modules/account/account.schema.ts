import { builder, ResultRef } from "../../graphql/builder.ts";
import { BranchPortalFeatureEnum, EmployeePermissionEnum, WatertightFeatureEnum } from "../../graphql/enums.ts";
import * as account from "./account.service.ts";

const LoginResultRef = builder.objectRef<account.LoginResult>("LoginResult").implement({
  fields: (t) => ({
    isSuccess: t.exposeBoolean("isSuccess"),
    message: t.exposeString("message"),
    employeePersonId: t.exposeID("employeePersonId", { nullable: true }),
  }),
});

type Overview = NonNullable<Awaited<ReturnType<typeof account.overview>>>;
const OverviewRef = builder.objectRef<Overview>("UserOverview").implement({
  description: "The signed-in user, with what the branch lets them do.",
  fields: (t) => ({
    userId: t.exposeID("userId"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    email: t.exposeString("email"),
    verifiedEmail: t.exposeBoolean("verifiedEmail"),
    isSuperAdmin: t.exposeBoolean("isSuperAdmin"),
    employeePersonId: t.exposeID("employeePersonId", { nullable: true }),
    employeePermissions: t.field({ type: [EmployeePermissionEnum], resolve: (o) => o.employeePermissions }),
    brandWebsiteUrl: t.exposeString("brandWebsiteUrl"),
    webPaymentMethods: t.exposeStringList("webPaymentMethods"),
    features: t.field({ type: [BranchPortalFeatureEnum], resolve: (o) => o.features }),
    enabledWatertightFeatures: t.field({ type: [WatertightFeatureEnum], resolve: (o) => o.enabledWatertightFeatures }),
    isLinkedToCustomers: t.exposeBoolean("isLinkedToCustomers"),
    allowAch: t.exposeBoolean("allowAch"),
    allowBankCard: t.exposeBoolean("allowBankCard"),
    branchTimezone: t.exposeString("branchTimezone"),
  }),
});

const CurrentUserRef = builder.objectRef<{
  userId: string;
  employeePersonId: string | null;
  employeePermissions: string[];
}>("CurrentUser");
CurrentUserRef.implement({
  fields: (t) => ({
    userId: t.exposeID("userId"),
    employeePersonId: t.exposeID("employeePersonId", { nullable: true }),
    employeePermissions: t.field({
      type: [EmployeePermissionEnum],
      resolve: (u) => u.employeePermissions as never,
    }),
  }),
});

builder.queryFields((t) => ({
  overview: t.field({
    type: OverviewRef,
    nullable: true,
    description: "The signed-in user's overview; null when signed out.",
    resolve: (_r, _a, ctx) => account.overview(ctx),
  }),
  currentUser: t.field({
    type: CurrentUserRef,
    authScopes: { authenticated: true },
    resolve: async (_r, _a, ctx) => ({
      userId: ctx.viewer?.userId ?? "",
      employeePersonId: ctx.viewer?.personId ?? null,
      employeePermissions: [...(await ctx.permissions())].sort(),
    }),
  }),
}));

builder.mutationFields((t) => ({
  login: t.field({
    type: LoginResultRef,
    args: {
      username: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      autoLogout: t.arg.boolean({ defaultValue: false }),
    },
    resolve: (_r, args, ctx) =>
      account.login(ctx, { username: args.username, password: args.password, autoLogout: args.autoLogout ?? false }),
  }),
  logout: t.field({
    type: ResultRef,
    resolve: (_r, _a, ctx) => account.logout(ctx),
  }),
}));
