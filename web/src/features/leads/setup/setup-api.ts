import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// Lead setup (team/lead-setup, LEAD_ADMIN): the segregation map whose zones leads are placed in, and
// per person with a lead permission whether they see only the leads of some of its zones.

export const LeadConfigurationQuery = graphql(`
  query LeadConfiguration {
    leadConfiguration {
      leadSegregationMapId
      maps {
        id
        name
      }
      zones {
        id
        name
        color
      }
      persons {
        personId
        name
        enforceZonePermission
        zoneIds
      }
    }
  }
`);
export type LeadConfiguration = ResultOf<typeof LeadConfigurationQuery>["leadConfiguration"];
export type PersonAccess = LeadConfiguration["persons"][number];
export const useLeadConfiguration = () => useGqlQuery(LeadConfigurationQuery);

const MapMutation = graphql(`
  mutation UpdateLeadTerritoryMap($mapId: ID) {
    updateLeadTerritoryMap(mapId: $mapId) {
      isSuccess
      message
    }
  }
`);
const EnforceMutation = graphql(`
  mutation EnforceLeadTerritory($personId: ID!, $enforce: Boolean!, $zoneIds: [ID!]!) {
    enforceLeadTerritory(personId: $personId, enforce: $enforce, zoneIds: $zoneIds) {
      isSuccess
      message
    }
  }
`);

const CONFIG = [LeadConfigurationQuery];
export const useUpdateLeadTerritoryMap = () => useGqlMutation(MapMutation, { invalidates: CONFIG, successToast: true });
export const useEnforceLeadTerritory = () =>
  useGqlMutation(EnforceMutation, { invalidates: CONFIG, successToast: true });
