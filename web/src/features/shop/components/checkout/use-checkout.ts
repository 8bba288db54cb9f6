import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { z } from "zod";
import { useZodForm } from "@/components/form";
import { answerLost } from "@/features/payments/api";
import type { PaymentChoice } from "@/features/payments/components/payment-method-picker";
import { describeMutationError, MutationRefusal } from "@/lib/use-gql-mutation";
import { useShoppingCart } from "../../api/cart";
import { type CheckoutOptions, useOrderCost, usePlaceOrder } from "../../api/checkout";
import { askOrderByKey, type ShopOrder } from "../../api/orders";

// The checkout's state and its one submit: the choices (address, purchase order, payment method,
// agreement) are a zod form; placing the order carries one idempotency key per order, kept until the
// server has answered, so a retry after a lost answer can never charge twice.

export const NO_PO = "__none__";
const newKey = () => crypto.randomUUID().replace(/-/g, "");

/** The checkout's rules, worded for the customer; they depend on the account's options. */
function checkoutSchema(options: CheckoutOptions) {
  const needsAgreement = !!options.paymentAgreementHtml.trim();
  return z
    .object({
      addressId: z.string(),
      poId: z.string(),
      payment: z.custom<PaymentChoice | null>(),
      agreed: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!v.addressId)
        ctx.addIssue({ code: "custom", path: ["addressId"], message: "Choose the address to deliver to." });
      if (options.purchaseOrderRequired && v.poId === NO_PO)
        ctx.addIssue({ code: "custom", path: ["poId"], message: "A purchase order is required for this account." });
      if (!v.payment) ctx.addIssue({ code: "custom", path: ["payment"], message: "Choose a payment method." });
      if (needsAgreement && !v.agreed)
        ctx.addIssue({ code: "custom", path: ["agreed"], message: "Please accept the payment agreement." });
    });
}
export type CheckoutValues = z.infer<ReturnType<typeof checkoutSchema>>;

/** The step a problem belongs to (its card's id is `checkout-<step>`). */
const stepOf = { addressId: "address", poId: "address", payment: "payment", agreed: "agreement" } as const;

export function useCheckout(
  options: CheckoutOptions,
  onPlaced: (order: PlacedOrder) => void,
  onDone: (orderId: string) => void,
) {
  const { cart, cartId } = useShoppingCart();
  const usable = options.addresses.filter((a) => !a.isOnCreditHold && a.nextDeliveryDate);
  const schema = useMemo(() => checkoutSchema(options), [options]);
  const form = useZodForm(schema, {
    addressId: usable[0]?.serviceAddressId ?? "",
    poId: NO_PO,
    payment: null,
    agreed: false,
  });
  const { addressId, poId, payment, agreed } = form.watch();
  // A declined new card: the picker reopens its form with what was typed and the field at fault.
  const [declined, setDeclined] = useState<{ message: string } | null>(null);
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  // One key per order: a double click or a retry after a lost answer sends the same key, so the
  // server charges once and answers with the order it placed. A new key only after a definite "no".
  const key = useRef(newKey());
  const [submitting, setSubmitting] = useState(false);

  const cartVersion = useMemo(() => (cart?.items ?? []).map((l) => `${l.itemId}:${l.quantity}`).join(","), [cart]);
  const costQuery = useOrderCost(addressId ? { customerId: options.customerId, addressId, cartId } : null, cartVersion);
  const cost = costQuery.data?.orderCost ?? null;

  // A failure message belongs to the address and cart it was about.
  const failureKey = `${addressId}|${cartVersion}`;
  const [failureFor, setFailureFor] = useState(failureKey);
  if (failureFor !== failureKey) {
    setFailureFor(failureKey);
    if (form.formState.errors.root) form.clearErrors("root");
  }

  /** Sets a choice; once the customer tried to place the order, its message updates as they fix it. */
  const choose = <K extends keyof CheckoutValues>(name: K, value: CheckoutValues[K]) =>
    form.setValue(name as never, value as never, { shouldValidate: form.formState.isSubmitted });

  const place = async (values: CheckoutValues) => {
    const method = values.payment;
    if (!cost || !method) return;
    setSubmitting(true);
    try {
      const r = await placeOrder.mutateQuietly({
        input: {
          customerId: options.customerId,
          addressId: values.addressId,
          cartId,
          purchaseOrderId: values.poId === NO_PO ? null : values.poId,
          paymentMethod:
            "paymentAccountId" in method
              ? { paymentAccountId: method.paymentAccountId }
              : { token: method.token, saveForLater: method.saveForLater },
          acceptAgreement: values.agreed,
          idempotencyKey: key.current,
          expectedTotal: cost.total,
        },
      });
      if (r.placeOrder.orderId) onDone(r.placeOrder.orderId);
    } catch (error) {
      if (error instanceof MutationRefusal) {
        // A definite "no": the next try is a new attempt (a token is single-use, pick the method again).
        key.current = newKey();
        if (!("paymentAccountId" in method)) {
          choose("payment", null);
          if (error.result.paymentResult === "DECLINED") setDeclined({ message: error.message });
        }
        form.setError("root", { type: "server", message: error.message });
        void costQuery.refetch();
      } else if (answerLost(error)) {
        // The server may have placed the order before its answer was lost: ask what became of this
        // key before offering to place it again. The key is kept, so pressing again charges once.
        const found = await askOrderByKey(options.customerId, key.current);
        if (found) {
          // The order emptied the cart and may have saved the new card, as a placed order does.
          for (const name of ["ShoppingCart", "OrderHistory", "PaymentMethods"])
            void queryClient.invalidateQueries({ queryKey: [name] });
          onPlaced(found);
        } else
          form.setError("root", {
            type: "server",
            message:
              found === null
                ? "Your order did not reach us, and nothing was charged. Please try again."
                : "We could not reach the server to confirm your order. Check your connection, then press Place order again: you will not be charged twice.",
          });
      } else {
        // Another failure: the outcome is not known either, and the same key keeps a retry safe.
        form.setError("root", { type: "server", message: describeMutationError(error) });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const submit = form.handleSubmit(place, (errors) => {
    const first = (["addressId", "poId", "payment", "agreed"] as const).find((k) => errors[k]);
    if (first) showProblem(stepOf[first]);
  });

  return {
    form,
    values: { addressId, poId, payment, agreed },
    choose,
    declined,
    cart,
    cost,
    costQuery,
    submitting,
    submit,
    failure: form.formState.errors.root?.message ?? null,
  };
}

export type PlacedOrder = Pick<ShopOrder, "id" | "number">;
export type Checkout = ReturnType<typeof useCheckout>;

/**
 * Brings the first step with a problem into view and puts the keyboard there, so that a click on
 * "Place order" never seems to do nothing (the message may be below the fold on a phone).
 */
function showProblem(step: "address" | "payment" | "agreement") {
  requestAnimationFrame(() => {
    const section = document.getElementById(`checkout-${step}`);
    if (!section) return;
    section.scrollIntoView({ block: "center", behavior: "smooth" });
    section
      .querySelector<HTMLElement>('[aria-invalid="true"], input:not([disabled]), button[role="checkbox"], button')
      ?.focus({ preventScroll: true });
  });
}
