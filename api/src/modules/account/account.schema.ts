import { builder, type Result, ResultRef, resultType } from "../../pothos/builder.ts";
import {
  BranchPortalFeatureEnum,
  ContactRoleEnum,
  EmployeePermissionEnum,
  WatertightFeatureEnum,
} from "../../pothos/enums.ts";
import * as account from "./account.service.ts";
import * as email from "./email.service.ts";
import { pendingEmailChange } from "./email-tokens.ts";
import * as settings from "./settings.service.ts";
import * as signup from "./signup.service.ts";

const LoginResultRef = resultType<account.LoginResult>("LoginResult", (t) => ({
  employeePersonId: t.exposeID("employeePersonId", { nullable: true }),
}));

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
    pendingEmail: t.string({
      nullable: true,
      description: "A new email the user asked for and has not verified yet (it is not used until then).",
      resolve: (o, _a, ctx) => pendingEmailChange(ctx, o.userId, o.email),
    }),
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
    authScopes: { public: true },
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
    authScopes: { public: true },
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
    authScopes: { public: true },
    type: ResultRef,
    resolve: (_r, _a, ctx) => account.logout(ctx),
  }),
}));

// ───────────── creating an account, verification, password reset, account settings ─────────────

const AvailabilityEnum = builder.enumType("Availability", {
  values: { ALREADY_USED: {}, AVAILABLE: {}, AVAILABLE_WITH_DATA: {} } as const,
});

const ExistingAccountRef = builder
  .objectRef<NonNullable<signup.EmailAvailability["existing"]>>("ExistingAccount")
  .implement({
    description: "The customer contact that already has this email (it has no portal user yet).",
    fields: (t) => ({
      role: t.field({ type: ContactRoleEnum, resolve: (e) => e.role }),
      customerId: t.exposeID("customerId", { description: "The account number." }),
      first: t.exposeString("first"),
      last: t.exposeString("last"),
    }),
  });

const EmailAvailabilityRef = builder.objectRef<signup.EmailAvailability>("EmailAvailability").implement({
  fields: (t) => ({
    status: t.field({ type: AvailabilityEnum, resolve: (r) => r.status }),
    existing: t.field({ type: ExistingAccountRef, nullable: true, resolve: (r) => r.existing }),
  }),
});

const LinkingInfoInput = builder.inputType("LinkingInfoInput", {
  fields: (t) => ({
    customerId: t.string({ required: true, description: "The account number, as the customer types it." }),
    code: t.string({ required: true, description: "The account's 4-digit security code." }),
  }),
});

const NewAccountAddressInput = builder.inputType("NewAccountAddressInput", {
  description: "Where a new customer wants deliveries (only where the branch allows anonymous sign-up).",
  fields: (t) => ({
    address1: t.string({ required: true }),
    address2: t.string(),
    city: t.string({ required: true }),
    state: t.string({ description: "Two-letter state or province code; empty for N/A." }),
    postalCode: t.string({ required: true }),
    phone: t.string(),
  }),
});

const TryCreateAccountInput = builder.inputType("TryCreateAccountInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    first: t.string({ required: true }),
    last: t.string({ required: true }),
    password: t.string({ required: true }),
    linkingInfo: t.field({ type: LinkingInfoInput }),
    address: t.field({ type: NewAccountAddressInput }),
  }),
});

const CreateAccountResultRef = resultType<signup.CreateAccountResult>("CreateAccountResult", (t) => ({
  userId: t.exposeID("userId", { nullable: true }),
  accountNumber: t.exposeString("accountNumber", {
    nullable: true,
    description: "The linked (or newly created) customer account number.",
  }),
}));

const LinkResultRef = resultType<Result & { customerId: string | null }>("LinkToCustomerResult", (t) => ({
  customerId: t.exposeID("customerId", { nullable: true }),
}));

const VerifyEmailInput = builder.inputType("VerifyEmailInput", {
  fields: (t) => ({ token: t.string({ required: true }) }),
});
const ResetPasswordInput = builder.inputType("ResetPasswordInput", {
  fields: (t) => ({ token: t.string({ required: true }), password: t.string({ required: true }) }),
});
const UpdateAccountInput = builder.inputType("UpdateAccountInput", {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true, description: "A new address is used only after its verification link." }),
  }),
});
const UpdatePasswordInput = builder.inputType("UpdatePasswordInput", {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true }),
  }),
});

builder.queryField("resetPasswordLinkStatus", (t) =>
  t.field({
    authScopes: { public: true },
    type: ResultRef,
    description: "Whether a mailed password reset link still works (checked when its page opens).",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, { token }, ctx) => email.resetLinkStatus(ctx, token),
  }),
);

builder.queryField("newAccountEmailCheck", (t) =>
  t.field({
    authScopes: { public: true },
    type: EmailAvailabilityRef,
    description: "Whether an email can start a new portal account, and the customer contact that already has it.",
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => signup.newAccountEmailCheck(ctx, args.email),
  }),
);

builder.mutationFields((t) => ({
  tryCreateAccount: t.field({
    authScopes: { public: true },
    type: CreateAccountResultRef,
    args: { input: t.arg({ type: TryCreateAccountInput, required: true }) },
    resolve: (_r, { input }, ctx) => signup.tryCreateAccount(ctx, input),
  }),
  linkToCustomer: t.field({
    type: LinkResultRef,
    description: "Links another customer account to the signed-in user by account number and security code.",
    authScopes: { customer: true },
    args: { input: t.arg({ type: LinkingInfoInput, required: true }) },
    resolve: (_r, { input }, ctx) => signup.linkToCustomer(ctx, input),
  }),
  verifyEmail: t.field({
    authScopes: { public: true },
    type: ResultRef,
    args: { input: t.arg({ type: VerifyEmailInput, required: true }) },
    resolve: (_r, { input }, ctx) => email.verifyEmail(ctx, input.token),
  }),
  requestVerificationEmail: t.field({
    type: ResultRef,
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => email.requestVerificationEmail(ctx),
  }),
  sendForgotPasswordEmail: t.field({
    authScopes: { public: true },
    type: ResultRef,
    description: "Mails a password reset link; answers the same whether or not the email has an account.",
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => email.sendForgotPasswordEmail(ctx, args.email),
  }),
  resetPassword: t.field({
    authScopes: { public: true },
    type: ResultRef,
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: (_r, { input }, ctx) => email.resetPassword(ctx, input),
  }),
  updateAccount: t.field({
    type: ResultRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpdateAccountInput, required: true }) },
    resolve: (_r, { input }, ctx) => settings.updateAccount(ctx, input),
  }),
  updatePassword: t.field({
    type: ResultRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpdatePasswordInput, required: true }) },
    resolve: (_r, { input }, ctx) => settings.updatePassword(ctx, input),
  }),
}));
