import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { graphql, RequestError, type ResultOf, request } from "@/lib/graphql";
import { describeRequestError, useGqlQuery } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { useGqlMutation } from "@/lib/use-gql-mutation";
import { newCartId, useCartId } from "./cart-id";

// The shop's operations and their hooks. The cart is cached under
// ["ShoppingCart", { cartId }]; every cart mutation writes the cart it returns into that cache, so
// the header badge, the popup and the pages change together.

/** Branch features for visitors (the overview has them only once signed in). */
export const ShopBrandingQuery = graphql(`
  query ShopBranding {
    branchBranding {
      name
      phone
      features
      ecommercePaymentAgreementHtml
    }
  }
`);

export function useShopBranding() {
  return useGqlQuery(ShopBrandingQuery);
}

export const ShopBannerAndFooterQuery = graphql(`
  query ShopBannerAndFooter {
    shopBannerAndFooter {
      bannerHtml
      footerHtml
    }
  }
`);

export function useShopBannerAndFooter() {
  return useGqlQuery(ShopBannerAndFooterQuery);
}

const ProductFields = graphql(`
  fragment ProductFields on Product @_unmask {
    id
    status
    title
    description
    partNumber
    unitPrice
    salePrice
    price
    taxable
    purchasable
    stock
    inStock
    media {
      id
      baseUrl
      extension
      url
    }
  }
`);

export const ProductsQuery = graphql(
  `
  query Products($search: String) {
    products(search: $search) {
      ...ProductFields
    }
  }
`,
  [ProductFields],
);

export type Product = ResultOf<typeof ProductFields>;

export function useProducts(search: string) {
  return useGqlQuery(ProductsQuery, { search: search || null }, { placeholderData: (previous) => previous });
}

export const ProductQuery = graphql(
  `
  query Product($id: ID!) {
    product(id: $id) {
      ...ProductFields
    }
  }
`,
  [ProductFields],
);

export function useProduct(id: string) {
  return useGqlQuery(ProductQuery, { id });
}

const CartFields = graphql(
  `
  fragment CartFields on ShoppingCart @_unmask {
    cartId
    itemCount
    subtotal
    hasProblems
    items {
      clientCartId
      itemId
      quantity
      lastModified
      unitPrice
      amount
      problem
      product {
        ...ProductFields
      }
    }
  }
`,
  [ProductFields],
);

export type ShoppingCart = ResultOf<typeof CartFields>;
export type CartLine = ShoppingCart["items"][number];

export const ShoppingCartQuery = graphql(
  `
  query ShoppingCart($cartId: ID!) {
    shoppingCart(cartId: $cartId) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

const SetShoppingCartMutation = graphql(
  `
  mutation SetShoppingCart($cartId: ID!, $itemId: ID!, $quantity: Int!) {
    setShoppingCart(cartId: $cartId, itemId: $itemId, quantity: $quantity) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

const UpdateShoppingCartMutation = graphql(
  `
  mutation UpdateShoppingCart($cartId: ID!, $itemId: ID!, $quantity: Int!) {
    updateShoppingCart(cartId: $cartId, itemId: $itemId, quantity: $quantity) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

const CART_OTHER_BRANCH = "This cart belongs to another shop.";

/** The browser's cart. A cart id another shop knows is replaced by a fresh one. */
export function useShoppingCart() {
  const cartId = useCartId();
  const query = useGqlQuery(ShoppingCartQuery, { cartId }, { retry: (n, e) => n < 1 && !isOtherBranch(e) });
  const otherBranch = query.isError && isOtherBranch(query.error);
  useEffect(() => {
    if (otherBranch) newCartId();
  }, [otherBranch]);
  return { ...query, cartId, cart: query.data?.shoppingCart ?? null };
}

function isOtherBranch(error: unknown) {
  return error instanceof RequestError && error.errors.some((e) => e.message === CART_OTHER_BRANCH);
}

/** A failed cart change: "There was an error updating your cart..." with the server's message (the wording is fixed). */
export function cartErrorMessage(error: unknown) {
  return `There was an error updating your cart. Let us know and we'll get this fixed right away. Details: ${describeRequestError(error)}`;
}

/**
 * Changes the cart: `set` puts an item's quantity (0 removes), `add` adds to it. A failure shows the
 * cart's own wording ("There was an error updating your cart...") in a toast, in place of the hook's
 * generic one; the promise resolves to the new cart or null.
 */
export function useCartActions() {
  const queryClient = useQueryClient();
  const cartId = useCartId();
  const setMutation = useGqlMutation(SetShoppingCartMutation);
  const addMutation = useGqlMutation(UpdateShoppingCartMutation);
  const store = useCallback(
    (cart: ShoppingCart) => queryClient.setQueryData(["ShoppingCart", { cartId: cart.cartId }], { shoppingCart: cart }),
    [queryClient],
  );
  const set = useCallback(
    async (itemId: string, quantity: number) => {
      try {
        const r = await setMutation.mutateQuietly({ cartId, itemId, quantity });
        store(r.setShoppingCart as ShoppingCart);
        return r.setShoppingCart as ShoppingCart;
      } catch (error) {
        toast.error(cartErrorMessage(error));
        return null;
      }
    },
    [cartId, setMutation, store],
  );
  const add = useCallback(
    async (itemId: string, quantity: number) => {
      try {
        const r = await addMutation.mutateQuietly({ cartId, itemId, quantity });
        store(r.updateShoppingCart as ShoppingCart);
        return r.updateShoppingCart as ShoppingCart;
      } catch (error) {
        toast.error(cartErrorMessage(error));
        return null;
      }
    },
    [cartId, addMutation, store],
  );
  return { set, add, pending: setMutation.isPending || addMutation.isPending, cartId };
}

// ───────────── checkout ─────────────

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

// ───────────── orders ─────────────

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
