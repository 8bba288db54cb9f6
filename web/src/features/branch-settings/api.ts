import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlMutation, useGqlQuery } from "@/lib/query-client";

// The branch's portal settings staff change (team/web-settings, team/mobile-and-web).

export const BranchPortalSettingsQuery = graphql(`
  query BranchPortalSettings {
    branchPortalSettings {
      features
      acceptedPaymentTypes
      allowedCardTypes
      allowAnonymousSignUp
      allowReferenceNumberSignUp
    }
  }
`);
export type BranchPortalSettings = ResultOf<typeof BranchPortalSettingsQuery>["branchPortalSettings"];

export const UpdateBranchPortalSettingsMutation = graphql(`
  mutation UpdateBranchPortalSettings($input: UpdateBranchPortalSettingsInput!) {
    updateBranchPortalSettings(input: $input) {
      isSuccess
      message
    }
  }
`);

export const useBranchPortalSettings = () => useGqlQuery(BranchPortalSettingsQuery, {});
export const useUpdateBranchPortalSettings = () => useGqlMutation(UpdateBranchPortalSettingsMutation);
