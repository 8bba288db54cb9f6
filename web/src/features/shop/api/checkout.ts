import { useQuery } from "@tanstack/react-query";
import { graphql, type ResultOf, request } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// Checkout: the customers the user may order for, a customer's checkout options, the order's cost,
// and placing the order.

export const ShopCustomersQuery = graphql(`
  query ShopCustomers {
    customers {
      id
      accountNumber
      name
    }
  }
`);

export function useShopCustomers(enabled = true) {
  return useGqlQuery(ShopCustomersQuery, undefined, { enabled });
}

export const ShopCheckoutOptionsQuery = graphql(`
  query ShopCheckoutOptions($customerId: ID!) {
    shopCheckoutOptions(customerId: $customerId) {
      customerId
      accountNumber
      name
      purchaseOrderRequired
      purchaseOrders {
        id
        number
        description
      }
      paymentAgreementHtml
      addresses {
        serviceAddressId
        customerId
        name
        line1
        line2
        city
        state
        postalCode
        isOnCreditHold
        nextDeliveryDate
      }
    }
  }
`);

export type CheckoutOptions = ResultOf<typeof ShopCheckoutOptionsQuery>["shopCheckoutOptions"];
export type CheckoutAddress = CheckoutOptions["addresses"][number];

export function useCheckoutOptions(customerId: string | null) {
  return useGqlQuery(ShopCheckoutOptionsQuery, { customerId: customerId ?? "" }, { enabled: !!customerId });
}

export const OrderCostQuery = graphql(`
  query OrderCost($customerId: ID!, $addressId: ID!, $cartId: ID!) {
    orderCost(customerId: $customerId, addressId: $addressId, cartId: $cartId) {
      products
      tax
      shipping
      shippingTax
      total
      deliveryDate
      items {
        itemId
        title
        quantity
        price
        amount
        tax
        taxable
      }
    }
  }
`);

export type OrderCost = ResultOf<typeof OrderCostQuery>["orderCost"];

export function useOrderCost(
  vars: { customerId: string; addressId: string; cartId: string } | null,
  cartVersion: string,
) {
  // The cart's content is part of the key, so a changed cart is priced again.
  return useQuery({
    queryKey: ["OrderCost", vars ?? {}, cartVersion],
    queryFn: () => request(OrderCostQuery, vars!),
    enabled: !!vars,
    staleTime: 0,
    retry: false,
  });
}

export const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      isSuccess
      message
      orderId
      orderNumber
      paymentResult
    }
  }
`);

/** Placing an order: the checkout shows every answer itself, in the page (mutateQuietly). */
export function usePlaceOrder() {
  return useGqlMutation(PlaceOrderMutation, {
    invalidates: ["ShoppingCart", "OrderHistory", "PaymentMethods"],
    successToast: false,
  });
}
