import { builder, ResultRef } from "../../pothos/builder.ts";
import {
  BranchPortalFeatureEnum,
  EmphasisEnum,
  MessagePlatformEnum,
  WatertightFeatureEnum,
} from "../../pothos/enums.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  type AdminBranch,
  type BranchOverviewRow,
  branchById,
  branchesOverview,
  createBranch,
  createMessagingPhone,
  deleteMessagingPhone,
  editMessagingPhone,
  mask,
  resetBranchApiKey,
  tenants,
  toggleBranchActivation,
  toggleWatertightFeature,
  updateBank,
  updateBranch,
  updatePortalFeature,
} from "./branches.service.ts";

// Branches in the super-admin console (admin/b, admin/b/{branchId}). Super admins only.
const SCOPE = { superAdmin: true } as const;

const TenantRef = builder.objectRef<{ id: string; name: string }>("Tenant").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const BranchWatertightFeatureRef = builder
  .objectRef<AdminBranch["watertightFeatures"][number]>("BranchWatertightFeature")
  .implement({
    fields: (t) => ({
      featureId: t.field({ type: WatertightFeatureEnum, resolve: (w) => w.featureId }),
      startTime: t.expose("startTime", { type: "DateTime", nullable: true }),
      endTime: t.expose("endTime", { type: "DateTime", nullable: true }),
    }),
  });

const BranchNoticeRef = builder.objectRef<AdminBranch["notices"][number]>("BranchNotice").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    severity: t.field({ type: EmphasisEnum, resolve: (n) => n.severity }),
    message: t.exposeString("message"),
  }),
});

const MessagingPhoneRef = builder.objectRef<AdminBranch["messagingPhones"][number]>("MessagingPhone").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    phone: t.exposeString("phone"),
    messagePlatform: t.field({ type: MessagePlatformEnum, resolve: (p) => p.messagePlatform }),
    description: t.exposeString("description"),
    inactive: t.exposeBoolean("inactive"),
  }),
});

const BankRef = builder.objectRef<AdminBranch["banks"][number]>("BranchBank").implement({
  description: "A bank the branch takes payments through. Its keys are write-only: shown masked.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    shortDescription: t.exposeString("shortDescription"),
    paymentApiKeyMasked: t.string({ resolve: (b) => mask(b.paymentApiKey) }),
    saleApiKeyMasked: t.string({ resolve: (b) => mask(b.saleApiKey) }),
    collectJsKeyMasked: t.string({ resolve: (b) => mask(b.collectJsKey) }),
    inactive: t.exposeBoolean("inactive"),
  }),
});

const AdminBranchRef = builder.objectRef<AdminBranch>("AdminBranch").implement({
  description: "Every setting of a branch, as super admins see it. Keys are write-only: shown masked.",
  fields: (t) => ({
    id: t.exposeID("id"),
    branchNumber: t.exposeInt("branchNumber"),
    tenantId: t.exposeID("tenantId"),
    tenantName: t.exposeString("tenantName"),
    company: t.exposeString("company"),
    internalName: t.exposeString("internalName"),
    label: t.exposeString("label"),
    host: t.exposeString("host"),
    timeZone: t.exposeString("timeZone"),
    internalRelayAlertRecipients: t.exposeString("internalRelayAlertRecipients"),
    externalRelayAlertRecipients: t.exposeString("externalRelayAlertRecipients"),
    apiKeyMasked: t.string({ resolve: (b) => mask(b.apiKey) }),
    saleApiKeyMasked: t.string({ resolve: (b) => mask(b.saleApiKey) }),
    paymentApiKeyMasked: t.string({ resolve: (b) => mask(b.paymentApiKey) }),
    collectJsApiKeyMasked: t.string({ resolve: (b) => mask(b.collectJsApiKey) }),
    achPaymentSourceId: t.exposeString("achPaymentSourceId"),
    cardPaymentSourceId: t.exposeString("cardPaymentSourceId"),
    inactive: t.exposeBoolean("inactive"),
    denyInteractive: t.exposeBoolean("denyInteractive"),
    features: t.field({ type: [BranchPortalFeatureEnum], resolve: (b) => b.features }),
    ecommerceWorkflowShortcutId: t.exposeString("ecommerceWorkflowShortcutId", { nullable: true }),
    lastPaymentProcessTime: t.expose("lastPaymentProcessTime", { type: "DateTime", nullable: true }),
    lastWtdSync: t.expose("lastWtdSync", { type: "DateTime", nullable: true }),
    webSyncVersion: t.exposeString("webSyncVersion"),
    redirectUrl: t.exposeString("redirectUrl"),
    websyncSlaSeconds: t.exposeInt("websyncSlaSeconds"),
    allowReferenceNumberSignUp: t.exposeBoolean("allowReferenceNumberSignUp"),
    allowAnonymousSignUp: t.exposeBoolean("allowAnonymousSignUp"),
    watertightFeatures: t.field({ type: [BranchWatertightFeatureRef], resolve: (b) => b.watertightFeatures }),
    notices: t.field({ type: [BranchNoticeRef], resolve: (b) => b.notices }),
    messagingPhones: t.field({ type: [MessagingPhoneRef], resolve: (b) => b.messagingPhones }),
    banks: t.field({ type: [BankRef], resolve: (b) => b.banks }),
  }),
});

const BranchOverviewRef = builder.objectRef<BranchOverviewRow>("BranchOverview").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    branchNumber: t.exposeInt("branchNumber"),
    company: t.exposeString("company"),
    host: t.exposeString("host"),
    tenantName: t.exposeString("tenantName"),
    features: t.field({ type: [BranchPortalFeatureEnum], resolve: (b) => b.features }),
    watertightFeatures: t.field({ type: [WatertightFeatureEnum], resolve: (b) => b.watertightFeatures }),
    lastWtdSync: t.expose("lastWtdSync", { type: "DateTime", nullable: true }),
    lastPaymentProcessTime: t.expose("lastPaymentProcessTime", { type: "DateTime", nullable: true }),
    inactive: t.exposeBoolean("inactive"),
  }),
});

const BranchApiKeyRef = builder.objectRef<{ branchId: string; apiKey: string }>("BranchApiKey").implement({
  description: "A newly issued branch API key: shown this once, never again.",
  fields: (t) => ({ branchId: t.exposeID("branchId"), apiKey: t.exposeString("apiKey") }),
});

builder.queryFields((t) => ({
  branchesOverview: t.field({
    type: [BranchOverviewRef],
    description: "Every branch, by number.",
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => branchesOverview(ctx),
  }),
  branchById: t.field({
    type: AdminBranchRef,
    authScopes: SCOPE,
    args: { branchId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => branchById(ctx, a.branchId),
  }),
  tenants: t.field({
    type: [TenantRef],
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => tenants(ctx),
  }),
}));

const NoticeInput = builder.inputType("BranchNoticeInput", {
  fields: (t) => ({
    severity: t.field({ type: EmphasisEnum, required: true }),
    message: t.string({ required: true }),
  }),
});

const UpdateBranchInput = builder.inputType("UpdateBranchInput", {
  description: 'Fields left out keep their value. A key field sets a new key ("" clears it); keys are never read back.',
  fields: (t) => ({
    branchId: t.id({ required: true }),
    company: t.string(),
    internalName: t.string(),
    label: t.string(),
    host: t.string(),
    timeZone: t.string(),
    internalRelayAlertRecipients: t.string(),
    externalRelayAlertRecipients: t.string(),
    saleApiKey: t.string(),
    paymentApiKey: t.string(),
    collectJsApiKey: t.string(),
    achPaymentSourceId: t.string(),
    cardPaymentSourceId: t.string(),
    denyInteractive: t.boolean(),
    ecommerceWorkflowShortcutId: t.string(),
    webSyncVersion: t.string(),
    redirectUrl: t.string(),
    websyncSlaSeconds: t.int(),
    allowReferenceNumberSignUp: t.boolean(),
    allowAnonymousSignUp: t.boolean(),
    notices: t.field({ type: [NoticeInput], description: "Replaces the branch's notices." }),
  }),
});

const CreateBranchInput = builder.inputType("CreateBranchInput", {
  fields: (t) => ({
    branchNumber: t.int({ required: true }),
    tenantId: t.id({ description: "An existing tenant, or leave out and give newTenantName." }),
    newTenantName: t.string(),
    company: t.string({ required: true }),
    internalName: t.string({ required: true }),
    host: t.string({ required: true }),
    timeZone: t.string(),
  }),
});

const BankInput = builder.inputType("BranchBankInput", {
  description: "No id: a new bank. A key left out keeps its saved value.",
  fields: (t) => ({
    branchId: t.id({ required: true }),
    id: t.id(),
    name: t.string({ required: true }),
    shortDescription: t.string(),
    paymentApiKey: t.string(),
    saleApiKey: t.string(),
    collectJsKey: t.string(),
    inactive: t.boolean(),
  }),
});

const MessagingPhoneInput = builder.inputType("MessagingPhoneInput", {
  fields: (t) => ({
    phone: t.string({ required: true }),
    messagePlatform: t.field({ type: MessagePlatformEnum, required: true }),
    description: t.string(),
    inactive: t.boolean(),
  }),
});

const str = (v: unknown) => (v == null ? undefined : String(v));

builder.mutationFields((t) => ({
  createBranch: t.field({
    type: AdminBranchRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: CreateBranchInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      createBranch(ctx, {
        ...input,
        tenantId: str(input.tenantId),
        newTenantName: input.newTenantName ?? undefined,
        timeZone: input.timeZone ?? undefined,
      }),
  }),
  updateBranch: t.field({
    type: AdminBranchRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: UpdateBranchInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      updateBranch(ctx, {
        ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)),
        branchId: input.branchId,
      }),
  }),
  toggleBranchActivation: t.field({
    type: AdminBranchRef,
    authScopes: SCOPE,
    args: { branchId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => toggleBranchActivation(ctx, a.branchId),
  }),
  updatePortalFeature: t.field({
    type: AdminBranchRef,
    authScopes: SCOPE,
    args: {
      branchId: t.arg.id({ required: true }),
      feature: t.arg({ type: BranchPortalFeatureEnum, required: true }),
      enabled: t.arg.boolean({ required: true }),
    },
    resolve: (_r, a, ctx) => updatePortalFeature(ctx, a),
  }),
  toggleWatertightFeature: t.field({
    type: AdminBranchRef,
    description: "On (inside the optional start..end window) or off.",
    authScopes: SCOPE,
    args: {
      branchId: t.arg.id({ required: true }),
      featureId: t.arg({ type: WatertightFeatureEnum, required: true }),
      enabled: t.arg.boolean({ required: true }),
      startTime: t.arg({ type: "DateTime" }),
      endTime: t.arg({ type: "DateTime" }),
    },
    resolve: (_r, a, ctx) => toggleWatertightFeature(ctx, a),
  }),
  resetBranchApiKey: t.field({
    type: BranchApiKeyRef,
    authScopes: SCOPE,
    args: { branchId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => resetBranchApiKey(ctx, a.branchId),
  }),
  updateBank: t.field({
    type: BankRef,
    authScopes: SCOPE,
    args: { input: t.arg({ type: BankInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      updateBank(ctx, {
        ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)),
        name: input.name,
        branchId: input.branchId,
        id: str(input.id),
      }),
  }),
  createMessagingPhone: t.field({
    type: MessagingPhoneRef,
    authScopes: SCOPE,
    args: {
      branchId: t.arg.id({ required: true }),
      input: t.arg({ type: MessagingPhoneInput, required: true }),
    },
    resolve: (_r, a, ctx) =>
      createMessagingPhone(ctx, a.branchId, {
        ...a.input,
        description: a.input.description ?? undefined,
        inactive: a.input.inactive ?? undefined,
      }),
  }),
  editMessagingPhone: t.field({
    type: MessagingPhoneRef,
    authScopes: SCOPE,
    args: {
      messagingPhoneId: t.arg.id({ required: true }),
      input: t.arg({ type: MessagingPhoneInput, required: true }),
    },
    resolve: (_r, a, ctx) =>
      editMessagingPhone(ctx, a.messagingPhoneId, {
        ...a.input,
        description: a.input.description ?? undefined,
        inactive: a.input.inactive ?? undefined,
      }),
  }),
  deleteMessagingPhone: t.field({
    type: ResultRef,
    authScopes: SCOPE,
    args: { messagingPhoneId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult(
        () => deleteMessagingPhone(ctx, a.messagingPhoneId),
        (message) => ({ isSuccess: false, message }),
      ),
  }),
}));
