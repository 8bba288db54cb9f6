import type { PageRoute } from "@/lib/route-table";

// Customer pages whose capability a later issue builds; until then each shows the "not yet available"
// panel with its title. Add `component` to an entry when its page exists.

/** Signed-in customer pages (the portal layout with its guards). */
export const portalPages: PageRoute[] = [
  { path: "/Deliveries", title: "Deliveries", description: "Your upcoming deliveries at each service address." },
  { path: "/Deliveries/:custId", title: "Deliveries", description: "Upcoming deliveries for this account." },
  { path: "/Deliveries/:custId/:addressId", title: "Deliveries", description: "Upcoming deliveries at this address." },
  {
    path: "/Deliveries/:custId/:addressId/New",
    title: "Schedule a delivery",
    description: "Choose a date and what you need delivered.",
  },
  {
    path: "/Deliveries/:custId/:addressId/Edit/:orderId",
    title: "Change a delivery",
    description: "Change the date or items of a scheduled delivery, or cancel it.",
  },
  {
    path: "/v2/manage",
    title: "Accounts",
    description: "Your sign-in details and the customer accounts linked to them.",
  },
  { path: "/v2/manage/update-account", title: "Update account", description: "Change your name and email address." },
  {
    path: "/v2/manage/update-password",
    title: "Update password",
    description: "Choose a new password for signing in.",
  },
  { path: "/v2/billing", title: "Billing", description: "Your balance, statements, invoices and automatic payments." },
  { path: "/v2/billing/:custId", title: "Billing", description: "Balance, statements and invoices for this account." },
  { path: "/v2/payment", title: "Make a payment", description: "Pay your balance by card or bank account." },
  {
    path: "/v2/payment/:custId",
    title: "Make a payment",
    description: "Pay this account's balance by card or bank account.",
  },
  {
    path: "/v2/payment-methods",
    title: "Payment methods",
    description: "The cards and bank accounts saved for payments.",
  },
  {
    path: "/v2/payment-methods/:custId",
    title: "Payment methods",
    description: "The cards and bank accounts saved for this account.",
  },
];

/** Shop pages a visitor may browse. */
export const shopBrowsePages: PageRoute[] = [
  {
    path: "/shop",
    title: "Shop",
    description: "Order water, equipment and supplies for delivery with your next route stop.",
  },
  { path: "/products/:productId", title: "Product", description: "Photos, description and price of this product." },
  { path: "/cart", title: "Cart", description: "The items in your cart, ready for checkout." },
];

/** Shop pages that need a signed-in customer. */
export const shopAccountPages: PageRoute[] = [
  {
    path: "/checkout",
    title: "Checkout",
    description: "Choose the delivery address and date, and pay for your order.",
  },
  { path: "/checkout-success", title: "Order placed", description: "Your order confirmation." },
  { path: "/history", title: "Order History", description: "Your past and upcoming shop orders." },
  { path: "/history/:customerId", title: "Order History", description: "Shop orders for this account." },
  { path: "/orders/:orderId", title: "Order", description: "The items, delivery date and payment of one order." },
];

/** Account pages before sign-in (a later issue builds them). */
export const accountPages: PageRoute[] = [
  {
    path: "/v2/account/forgot-password",
    title: "Reset your password",
    description: "We'll email you a link to choose a new password.",
  },
  {
    path: "/v2/account/reset-password",
    title: "Choose a new password",
    description: "Set the password you'll sign in with.",
  },
  {
    path: "/v2/account/needs-verification",
    title: "Verify your email",
    description: "Confirm your email address to finish creating your account.",
  },
  { path: "/v2/account/verify-email", title: "Verify your email", description: "Confirming your email address." },
];

/** Steps of the create-account flow (SPEC section 2). */
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
