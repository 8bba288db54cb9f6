import { graphql, type ResultOf, request } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// Online orders: the history, one order, and the order placed with an idempotency key.

const OrderFields = graphql(`
  fragment ShopOrderFields on ShopOrder @_unmask {
    id
    number
    customerId
    accountNumber
    customerName
    serviceAddressId
    addressLabel
    purchaseOrderNumber
    status
    pending
    placedAt
    scheduledDate
    completedDate
    subtotal
    tax
    shipping
    shippingTax
    total
    invoiceId
    invoiceDisplayId
    paymentLabel
    oneLineBillingDescription
    lines {
      id
      itemId
      title
      quantity
      unitPrice
      amount
      salesTax
      productAvailable
      image {
        url
      }
    }
  }
`);

export type ShopOrder = ResultOf<typeof OrderFields>;

export const OrderHistoryQuery = graphql(
  `
  query OrderHistory($customerId: ID) {
    orderHistory(customerId: $customerId) {
      ...ShopOrderFields
    }
  }
`,
  [OrderFields],
);

export function useOrderHistory(customerId: string | null) {
  return useGqlQuery(OrderHistoryQuery, { customerId });
}

export const OnlineOrderQuery = graphql(
  `
  query OnlineOrder($orderId: ID!) {
    onlineOrder(orderId: $orderId) {
      ...ShopOrderFields
    }
  }
`,
  [OrderFields],
);

export function useOnlineOrder(orderId: string) {
  return useGqlQuery(OnlineOrderQuery, { orderId });
}

export const OrderByKeyQuery = graphql(
  `
  query OrderByKey($customerId: ID!, $idempotencyKey: String!) {
    orderByKey(customerId: $customerId, idempotencyKey: $idempotencyKey) {
      ...ShopOrderFields
    }
  }
`,
  [OrderFields],
);

/**
 * The order placed with `idempotencyKey`, asked after placeOrder's answer was lost: the order, null
 * when the server placed none with that key, or undefined when the server could not be asked either.
 */
export async function askOrderByKey(customerId: string, idempotencyKey: string) {
  try {
    return (await request(OrderByKeyQuery, { customerId, idempotencyKey })).orderByKey;
  } catch {
    return undefined;
  }
}
