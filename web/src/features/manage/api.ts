import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { BillingAddressFields } from "@/features/billing/api";
import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// v2/manage: the user's linked customer accounts and their contacts, linking another account, and the
// user's own sign-in details (update-account, update-password).

export const ManageAccountsQuery = graphql(
  `
  query ManageAccounts {
    customers {
      id
      accountNumber
      name
      status
      viewerContactId
      viewerCanManageContacts
      billingLocation {
        id
        ...BillingAddressFields
      }
      contacts {
        id
        userId
        firstName
        lastName
        name
        role
        email
        phones {
          phoneId
          sortOrder
          phoneNumber
          textable
          callable
          phoneTypeId
          comments
        }
      }
    }
  }
`,
  [BillingAddressFields],
);

export type ManagedCustomer = ResultOf<typeof ManageAccountsQuery>["customers"][number];
export type ManagedContact = ManagedCustomer["contacts"][number];

export const ContactRolesQuery = graphql(`
  query ContactRoles {
    contactRoles {
      id
      description
      systemReserved
      emailRequired
    }
  }
`);
export type ContactRoleInfo = ResultOf<typeof ContactRolesQuery>["contactRoles"][number];

export const UpdateContactMutation = graphql(`
  mutation UpdateContact($contact: UpdateContactInput!) {
    updateContact(contact: $contact) {
      isSuccess
      message
      contactId
    }
  }
`);

export const InactivateContactMutation = graphql(`
  mutation InactivateContact($input: InactivateContactInput!) {
    inactivateContact(input: $input) {
      isSuccess
      message
    }
  }
`);

export const LinkToCustomerMutation = graphql(`
  mutation LinkToCustomer($input: LinkingInfoInput!) {
    linkToCustomer(input: $input) {
      isSuccess
      message
      customerId
    }
  }
`);

export const UpdateAccountMutation = graphql(`
  mutation UpdateAccount($input: UpdateAccountInput!) {
    updateAccount(input: $input) {
      isSuccess
      message
    }
  }
`);

export const UpdatePasswordMutation = graphql(`
  mutation UpdatePassword($input: UpdatePasswordInput!) {
    updatePassword(input: $input) {
      isSuccess
      message
    }
  }
`);

export const useManageAccounts = () => useGqlQuery(ManageAccountsQuery);
export const useContactRoles = () => useGqlQuery(ContactRolesQuery);
// Links and contacts: the server's own words in a toast on success; every cached answer may depend on
// which accounts the user is linked to (billing, deliveries, shop), so the screens refresh
// (useRefreshAccounts). The sign-in details' pages show the answer themselves.
export const useUpdateContact = () => useGqlMutation(UpdateContactMutation, { successToast: true });
export const useInactivateContact = () => useGqlMutation(InactivateContactMutation, { successToast: true });
export const useLinkToCustomer = () => useGqlMutation(LinkToCustomerMutation, { successToast: true });
export const useUpdateAccount = () => useGqlMutation(UpdateAccountMutation);
export const useUpdatePassword = () => useGqlMutation(UpdatePasswordMutation);

/**
 * After a change to links or contacts: every cached answer may depend on which accounts the user is
 * linked to (billing, deliveries, shop), so all of them are refreshed.
 */
export function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(), [queryClient]);
}
