import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { graphql, RequestError, type ResultOf } from "@/lib/graphql";
import { describeRequestError, useGqlQuery } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { useGqlMutation } from "@/lib/use-gql-mutation";
import { newCartId, useCartId } from "../cart-id";
import { ProductFields } from "./catalogue";

// The browser's cart. It is cached under ["ShoppingCart", { cartId }]; every cart mutation writes the
// cart it returns into that cache, so the header badge, the popup and the pages change together.

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
