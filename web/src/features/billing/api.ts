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
      invoices {
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
  [TransactionFields],
);
export type Billing = ResultOf<typeof BillingQuery>["billing"];
export type BillingStatement = Billing["statements"][number];
export type BillingInvoice = Billing["invoices"][number];
export type BillingTransaction = Billing["recentTransactions"][number];

export function useBilling(customerId: string, viewAll: boolean) {
  return useGqlQuery(BillingQuery, { customerId, viewAll }, { enabled: !!customerId });
}

const PrintCustomerFields = graphql(`
  fragment PrintCustomerFields on Customer @_unmask {
    id
    accountNumber
    name
    billingLocation {
      address1
      address2
      city
      state
      postalCode
      company
      attentionName
    }
  }
`);

export const StatementPrintQuery = graphql(
  `
  query StatementPrint($customerId: ID!, $statementId: ID!) {
    customer(customerId: $customerId) {
      ...PrintCustomerFields
    }
    statement(customerId: $customerId, statementId: $statementId) {
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
  }
`,
  [PrintCustomerFields, TransactionFields],
);

export const InvoicePrintQuery = graphql(
  `
  query InvoicePrint($customerId: ID!, $invoiceId: ID!) {
    customer(customerId: $customerId) {
      ...PrintCustomerFields
    }
    invoice(customerId: $customerId, invoiceId: $invoiceId) {
      id
      displayId
      date
      dueDate
      term
      total
      balance
      purchaseOrderNumber
      comment
      transactions {
        ...TransactionFields
      }
    }
  }
`,
  [PrintCustomerFields, TransactionFields],
);
