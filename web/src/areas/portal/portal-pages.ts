import { BillingRoute } from "@/features/billing/routes";
import {
  AddressDeliveriesRoute,
  CustomerDeliveriesRoute,
  DeliveriesIndexRoute,
  EditDeliveryRoute,
  NewDeliveryRoute,
} from "@/features/deliveries/routes";
import { PaymentMethodsRoute, PaymentRoute } from "@/features/payments/routes";
import {
  CartRoute,
  CheckoutRoute,
  CheckoutSuccessRoute,
  OrderHistoryRoute,
  OrderRoute,
  ProductRoute,
  ShopIndexRoute,
} from "@/features/shop/routes";
import type { PageRoute } from "@/lib/route-table";
import {
  ForgotPasswordPage,
  ManagePage,
  NeedsVerificationPage,
  ResetPasswordPage,
  UpdateAccountPage,
  UpdatePasswordPage,
  VerifyEmailPage,
} from "./lazy-pages";

// Customer pages whose capability a later issue builds; until then each shows the "not yet available"
// panel with its title. Add `component` to an entry when its page exists.

/** Signed-in customer pages (the portal layout with its guards). */
export const portalPages: PageRoute[] = [
  {
    path: "/Deliveries",
    title: "Deliveries",
    description: "Your upcoming deliveries at each service address.",
    component: DeliveriesIndexRoute,
  },
  {
    path: "/Deliveries/:custId",
    title: "Deliveries",
    description: "Upcoming deliveries for this account.",
    component: CustomerDeliveriesRoute,
  },
  {
    path: "/Deliveries/:custId/:addressId",
    title: "Deliveries",
    description: "Upcoming deliveries at this address.",
    component: AddressDeliveriesRoute,
  },
  {
    path: "/Deliveries/:custId/:addressId/New",
    title: "Schedule a delivery",
    description: "Choose a date and what you need delivered.",
    component: NewDeliveryRoute,
  },
  {
    path: "/Deliveries/:custId/:addressId/Edit/:orderId",
    title: "Change a delivery",
    description: "Change the date or items of a scheduled delivery, or cancel it.",
    component: EditDeliveryRoute,
  },
  {
    path: "/v2/manage",
    title: "Accounts",
    description: "Your sign-in details and the customer accounts linked to them.",
    component: ManagePage,
  },
  {
    path: "/v2/manage/update-account",
    title: "Update account",
    description: "Change your name and email address.",
    component: UpdateAccountPage,
  },
  {
    path: "/v2/manage/update-password",
    title: "Update password",
    description: "Choose a new password for signing in.",
    component: UpdatePasswordPage,
  },
  {
    path: "/v2/billing",
    title: "Billing",
    description: "Your balance, statements, invoices and automatic payments.",
    component: BillingRoute,
  },
  {
    path: "/v2/billing/:custId",
    title: "Billing",
    description: "Balance, statements and invoices for this account.",
    component: BillingRoute,
  },
  {
    path: "/v2/payment",
    title: "Make a payment",
    description: "Pay your balance by card or bank account.",
    component: PaymentRoute,
  },
  {
    path: "/v2/payment/:custId",
    title: "Make a payment",
    description: "Pay this account's balance by card or bank account.",
    component: PaymentRoute,
  },
  {
    path: "/v2/payment-methods",
    title: "Payment methods",
    description: "The cards and bank accounts saved for payments.",
    component: PaymentMethodsRoute,
  },
  {
    path: "/v2/payment-methods/:custId",
    title: "Payment methods",
    description: "The cards and bank accounts saved for this account.",
    component: PaymentMethodsRoute,
  },
];

/** Shop pages a visitor may browse. */
export const shopBrowsePages: PageRoute[] = [
  {
    path: "/shop",
    title: "Shop",
    description: "Order water, equipment and supplies for delivery with your next route stop.",
    component: ShopIndexRoute,
  },
  {
    path: "/shop/products/:productId",
    title: "Product",
    description: "Photos, description and price of this product.",
    component: ProductRoute,
  },
  {
    path: "/shop/cart",
    title: "Cart",
    description: "The items in your cart, ready for checkout.",
    component: CartRoute,
  },
];

/** Shop pages that need a signed-in customer. */
export const shopAccountPages: PageRoute[] = [
  {
    path: "/shop/checkout",
    title: "Checkout",
    description: "Choose the delivery address and date, and pay for your order.",
    component: CheckoutRoute,
  },
  {
    path: "/shop/checkout-success",
    title: "Order placed",
    description: "Your order confirmation.",
    component: CheckoutSuccessRoute,
  },
  {
    path: "/shop/history",
    title: "Order History",
    description: "Your past and upcoming shop orders.",
    component: OrderHistoryRoute,
  },
  {
    path: "/shop/history/:customerId",
    title: "Order History",
    description: "Shop orders for this account.",
    component: OrderHistoryRoute,
  },
  {
    path: "/shop/orders/:orderId",
    title: "Order",
    description: "The items, delivery date and payment of one order.",
    component: OrderRoute,
  },
];

/** Account pages before sign-in (a later issue builds them). */
export const accountPages: PageRoute[] = [
  {
    path: "/v2/account/forgot-password",
    title: "Reset your password",
    description: "We'll email you a link to choose a new password.",
    component: ForgotPasswordPage,
  },
  {
    path: "/v2/account/reset-password",
    title: "Choose a new password",
    description: "Set the password you'll sign in with.",
    component: ResetPasswordPage,
  },
  {
    path: "/v2/account/needs-verification",
    title: "Verify your email",
    description: "Confirm your email address to finish creating your account.",
    component: NeedsVerificationPage,
  },
  {
    path: "/v2/account/verify-email",
    title: "Verify your email",
    description: "Confirming your email address.",
    component: VerifyEmailPage,
  },
];

/** Steps of the create-account flow. */
export const newAccountSteps: Record<string, string> = {
  email: "Enter the email address you'd like to sign in with.",
  "existing-email": "We found your email on a customer account; finish setting up your sign-in.",
  attemptLink: "Do you already receive deliveries from us? Link your customer account.",
  link: "Link your customer account with your account number and security code.",
  completelyNew: "New here? Tell us where you'd like your deliveries.",
};

/** Public lead forms. */
export const leadFormPages: PageRoute[] = [
  {
    path: "/forms/:formId/confirmation",
    title: "Thank you",
    description: "We've received your request and will be in touch soon.",
  },
  {
    path: "/forms/:formId",
    title: "Request information",
    description: "Tell us how to reach you and we'll get back to you.",
  },
];
