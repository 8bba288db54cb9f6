import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// Billing: balance, past due, statements, invoices. Amounts are cents.

export const LinkedCustomersQuery = graphql(`
  query LinkedCustomers {
    customers {
      id
      accountNumber
      name
    }
  }
`);
export type LinkedCustomer = ResultOf<typeof LinkedCustomersQuery>["customers"][number];

export function useLinkedCustomers() {
  return useGqlQuery(LinkedCustomersQuery);
}

const TransactionFields = graphql(`
  fragment TransactionFields on Transaction @_unmask {
    id
    kind
    datePosted
    billingCodeId
    description
    comment
    quantity
    amount
    maskedAccountNumber
  }
`);

const StatementFields = graphql(
  `
  fragment StatementFields on Statement @_unmask {
    id
    closeDate
    dueDate
    comment
    openingBalance
    balance
    transactions {
      ...TransactionFields
    }
  }
`,
  [TransactionFields],
);

const InvoiceFields = graphql(
  `
  fragment InvoiceFields on Invoice @_unmask {
    id
    displayId
    date
    dueDate
    term
    total
    balance
    isPastDue
    purchaseOrderNumber
    comment
    transactions {
      ...TransactionFields
    }
  }
`,
  [TransactionFields],
);

export const BillingQuery = graphql(
  `
  query Billing($customerId: ID!, $viewAll: Boolean) {
    billing(customerId: $customerId, viewAll: $viewAll) {
      customerId
      balance
      pastDueAmount
      isInvoiceAccount
      recentTransactions {
        ...TransactionFields
      }
      statements {
        ...StatementFields
      }
      invoices {
        ...InvoiceFields
      }
      autoPay {
        id
        dayOfMonth
        amountIsFixed
        fixedAmount
        limit
        lastRunAt
        lastResult
        paymentMethod {
          id
          label
        }
      }
    }
  }
`,
  [TransactionFields, StatementFields, InvoiceFields],
);
export type Billing = ResultOf<typeof BillingQuery>["billing"];
export type BillingStatement = Billing["statements"][number];
export type BillingInvoice = Billing["invoices"][number];
export type BillingTransaction = Billing["recentTransactions"][number];

export function useBilling(customerId: string, viewAll: boolean) {
  return useGqlQuery(BillingQuery, { customerId, viewAll }, { enabled: !!customerId });
}

/** A customer's billing address, as the billing and manage pages show it. */
export const BillingAddressFields = graphql(`
  fragment BillingAddressFields on Location @_unmask {
    address1
    address2
    city
    state
    postalCode
    company
  }
`);

const PrintCustomerFields = graphql(
  `
  fragment PrintCustomerFields on Customer @_unmask {
    id
    accountNumber
    name
    billingLocation {
      ...BillingAddressFields
      attentionName
    }
  }
`,
  [BillingAddressFields],
);

export const StatementPrintQuery = graphql(
  `
  query StatementPrint($customerId: ID!, $statementId: ID!) {
    customer(customerId: $customerId) {
      ...PrintCustomerFields
    }
    statement(customerId: $customerId, statementId: $statementId) {
      ...StatementFields
    }
  }
`,
  [PrintCustomerFields, StatementFields],
);

export const InvoicePrintQuery = graphql(
  `
  query InvoicePrint($customerId: ID!, $invoiceId: ID!) {
    customer(customerId: $customerId) {
      ...PrintCustomerFields
    }
    invoice(customerId: $customerId, invoiceId: $invoiceId) {
      ...InvoiceFields
    }
  }
`,
  [PrintCustomerFields, InvoiceFields],
);
