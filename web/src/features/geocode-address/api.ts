import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// A service address's point on the map, placed by hand (confidence SET_BY_USER).

const AddressQuery = graphql(`
  query GeocodeAddress($customerId: ID!, $addressId: ID!) {
    geocodeAddress(customerId: $customerId, addressId: $addressId) {
      customerId
      addressId
      accountNumber
      label
      latitude
      longitude
      geocodeConfidence
      mapStyleUrl
      mapPmtilesUrl
    }
  }
`);
export type GeocodeAddressRow = ResultOf<typeof AddressQuery>["geocodeAddress"];
export const useGeocodeAddress = (customerId: string, addressId: string) =>
  useGqlQuery(AddressQuery, { customerId, addressId });

const SetMutation = graphql(`
  mutation SetGeocodeAddress($customerId: ID!, $addressId: ID!, $latitude: Float!, $longitude: Float!) {
    setGeocodeAddress(customerId: $customerId, addressId: $addressId, latitude: $latitude, longitude: $longitude) {
      isSuccess
      message
    }
  }
`);
export const useSetGeocodeAddress = () =>
  useGqlMutation(SetMutation, { invalidates: [AddressQuery], successToast: true });
