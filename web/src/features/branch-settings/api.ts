import { useQueryClient } from "@tanstack/react-query";
import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

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
export type PortalFeature = BranchPortalSettings["features"][number];
export type AcceptedPaymentTypes = BranchPortalSettings["acceptedPaymentTypes"];

export const UpdateBranchPortalSettingsMutation = graphql(`
  mutation UpdateBranchPortalSettings($input: UpdateBranchPortalSettingsInput!) {
    updateBranchPortalSettings(input: $input) {
      isSuccess
      message
    }
  }
`);

export const useBranchPortalSettings = () => useGqlQuery(BranchPortalSettingsQuery, {});
// Every query is fetched again after a save: the portal's features change menus and pages everywhere.
export function useUpdateBranchPortalSettings() {
  const client = useQueryClient();
  return useGqlMutation(UpdateBranchPortalSettingsMutation, {
    successToast: true,
    onSuccess: () => client.invalidateQueries(),
  });
}
