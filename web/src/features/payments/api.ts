import { graphql, RequestError, type ResultOf, request } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations, useGqlMutation, useInvalidate } from "@/lib/use-gql-mutation";

// Payments, saved methods and autopay. Amounts are cents.

export const PaymentSettingsQuery = graphql(`
  query PaymentSettings {
    paymentSettings {
      gateway
      collectJsKey
      collectJsUrl
      allowAch
      allowBankCard
      allowedCardTypes
      sandboxTestNumbers
    }
  }
`);
export type PaymentSettings = ResultOf<typeof PaymentSettingsQuery>["paymentSettings"];

export function usePaymentSettings() {
  return useGqlQuery(PaymentSettingsQuery);
}

export const PaymentMethodsQuery = graphql(`
  query PaymentMethods($customerId: ID!) {
    paymentMethods(customerId: $customerId) {
      id
      kind
      label
      cardType
      accountType
      nameOnAccount
      maskedAccountNumber
      expiration
      isDefault
    }
  }
`);
export type PaymentMethod = ResultOf<typeof PaymentMethodsQuery>["paymentMethods"][number];

export function usePaymentMethods(customerId: string) {
  return useGqlQuery(PaymentMethodsQuery, { customerId }, { enabled: !!customerId });
}

/** A payment's answer: from makePayment, or found by its key after a lost answer (paymentByKey). */
const PaymentAnswerFields = graphql(`
  fragment PaymentAnswerFields on PaymentResponse @_unmask {
    isSuccess
    message
    result
    attemptId
    transactionId
    balance
    receipt {
      amount
      reference
      paidAt
    }
  }
`);

export const MakePaymentMutation = graphql(
  `
  mutation MakePayment($input: PaymentInput!) {
    makePayment(input: $input) {
      ...PaymentAnswerFields
    }
  }
`,
  [PaymentAnswerFields],
);
export type PaymentResponse = ResultOf<typeof MakePaymentMutation>["makePayment"];

/** A payment: the payment page shows every answer itself (a receipt, a decline, a lost answer). */
export function useMakePayment() {
  return useGqlMutation(MakePaymentMutation, { invalidates: paymentQueries, successToast: false });
}

/** What became of a payment sent with this key (null: the server never received it). */
export const PaymentByKeyQuery = graphql(
  `
  query PaymentByKey($customerId: ID!, $idempotencyKey: String!) {
    paymentByKey(customerId: $customerId, idempotencyKey: $idempotencyKey) {
      ...PaymentAnswerFields
    }
  }
`,
  [PaymentAnswerFields],
);

/**
 * Asks the server what became of a payment whose answer was lost (a dropped connection): the payment
 * as makePayment would have answered, null when it never arrived, undefined when the server still
 * cannot be reached.
 */
export async function askPaymentByKey(customerId: string, idempotencyKey: string) {
  try {
    return (await request(PaymentByKeyQuery, { customerId, idempotencyKey })).paymentByKey;
  } catch {
    return undefined;
  }
}

/** The request got no answer from the API (a dropped connection, a proxy's 502/503/504): the outcome is unknown. */
export const answerLost = (error: unknown) =>
  error instanceof RequestError && (error.status === 0 || (error.status >= 502 && error.status <= 504));

export const AddPaymentAccountMutation = graphql(`
  mutation AddPaymentAccount($input: AddPaymentAccountInput!) {
    addPaymentAccount(input: $input) {
      isSuccess
      message
      paymentAccountId
    }
  }
`);

export const EditPaymentAccountMutation = graphql(`
  mutation EditPaymentAccount($input: EditPaymentAccountInput!) {
    editPaymentAccount(input: $input) {
      isSuccess
      message
    }
  }
`);

export const RemovePaymentAccountMutation = graphql(`
  mutation RemovePaymentAccount($paymentAccountId: ID!) {
    removePaymentAccount(paymentAccountId: $paymentAccountId) {
      isSuccess
      message
    }
  }
`);

export const SetDefaultPaymentAccountMutation = graphql(`
  mutation SetDefaultPaymentAccount($paymentAccountId: ID!) {
    setDefaultPaymentAccount(paymentAccountId: $paymentAccountId) {
      isSuccess
      message
    }
  }
`);

export const SetAutoPayMutation = graphql(`
  mutation SetAutoPay($input: SetAutoPayInput!) {
    setAutoPay(input: $input) {
      isSuccess
      message
    }
  }
`);

export const CancelAutoPayMutation = graphql(`
  mutation CancelAutoPay($customerId: ID!) {
    cancelAutoPay(customerId: $customerId) {
      isSuccess
      message
    }
  }
`);

// A change to saved methods or automatic payments reads billing and the methods again, and says what
// the server answered in a toast; a refusal shows in one too, unless the screen shows it itself.
const paymentQueries = ["Billing", "PaymentMethods"];
const saving = savingMutations(paymentQueries);

export const useAddPaymentAccount = saving(AddPaymentAccountMutation);
export const useEditPaymentAccount = saving(EditPaymentAccountMutation);
export const useRemovePaymentAccount = saving(RemovePaymentAccountMutation);
export const useSetDefaultPaymentAccount = saving(SetDefaultPaymentAccountMutation);
export const useSetAutoPay = saving(SetAutoPayMutation);
export const useCancelAutoPay = saving(CancelAutoPayMutation);

/** After a payment or a method change: billing and methods are read again (the balance changes at once). */
export const useRefreshPayments = () => useInvalidate(paymentQueries);
