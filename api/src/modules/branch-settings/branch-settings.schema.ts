import { builder, ResultRef } from "../../pothos/builder.ts";
import { AcceptedPaymentTypesEnum, BranchPortalFeatureEnum } from "../../pothos/enums.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  type BranchPortalSettings,
  branchPortalSettings,
  updateBranchPortalSettings,
} from "./branch-settings.service.ts";

// The branch's portal settings that staff change (team/web-settings and team/mobile-and-web):
// TEAM_CONFIGURATION.

const SCOPE = { permission: "TEAM_CONFIGURATION" } as const;

const BranchPortalSettingsRef = builder.objectRef<BranchPortalSettings>("BranchPortalSettings").implement({
  fields: (t) => ({
    features: t.field({ type: [BranchPortalFeatureEnum], resolve: (s) => s.features }),
    acceptedPaymentTypes: t.expose("acceptedPaymentTypes", { type: AcceptedPaymentTypesEnum }),
    allowedCardTypes: t.exposeStringList("allowedCardTypes", {
      description: "Card brands the portal accepts: VISA, MASTERCARD, AMEX, DISCOVER.",
    }),
    allowAnonymousSignUp: t.exposeBoolean("allowAnonymousSignUp", {
      description: "New customers may create an account with their address, without an account number.",
    }),
    allowReferenceNumberSignUp: t.exposeBoolean("allowReferenceNumberSignUp", {
      description: "Customers may link their account with a service address's reference number.",
    }),
  }),
});

const UpdateBranchPortalSettingsInput = builder.inputType("UpdateBranchPortalSettingsInput", {
  fields: (t) => ({
    features: t.field({ type: [BranchPortalFeatureEnum], required: true }),
    acceptedPaymentTypes: t.field({ type: AcceptedPaymentTypesEnum, required: true }),
    allowedCardTypes: t.stringList({ required: true }),
    allowAnonymousSignUp: t.boolean({ required: true }),
    allowReferenceNumberSignUp: t.boolean({ required: true }),
  }),
});

builder.queryFields((t) => ({
  branchPortalSettings: t.field({
    type: BranchPortalSettingsRef,
    authScopes: SCOPE,
    resolve: (_r, _a, ctx) => branchPortalSettings(ctx),
  }),
}));

builder.mutationFields((t) => ({
  updateBranchPortalSettings: t.field({
    type: ResultRef,
    description: "Applies to the portal at once.",
    authScopes: SCOPE,
    args: { input: t.arg({ type: UpdateBranchPortalSettingsInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      refusalAsResult(
        () => updateBranchPortalSettings(ctx, input),
        (message) => ({ isSuccess: false, message }),
      ),
  }),
}));
