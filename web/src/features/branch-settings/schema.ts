import { z } from "zod";
import type { AcceptedPaymentTypes, BranchPortalSettings, PortalFeature } from "./api";

// The portal settings form. Each of the two pages edits its own part; a save sends the whole set
// (the other page's part as loaded). The server checks the same card-type rule.

export const CARD_TYPES_REQUIRED = "Choose at least one card type, or accept bank accounts (ACH) only.";

export const portalSettingsSchema = z
  .object({
    features: z.array(z.custom<PortalFeature>()),
    acceptedPaymentTypes: z.custom<AcceptedPaymentTypes>(),
    allowedCardTypes: z.array(z.string()),
    allowAnonymousSignUp: z.boolean(),
    allowReferenceNumberSignUp: z.boolean(),
  })
  .refine((s) => s.acceptedPaymentTypes === "ACH_ONLY" || s.allowedCardTypes.length > 0, {
    message: CARD_TYPES_REQUIRED,
    path: ["allowedCardTypes"],
  });
export type PortalSettingsValues = z.infer<typeof portalSettingsSchema>;

export const valuesOf = (s: BranchPortalSettings): PortalSettingsValues => ({
  features: [...s.features],
  acceptedPaymentTypes: s.acceptedPaymentTypes,
  allowedCardTypes: [...s.allowedCardTypes],
  allowAnonymousSignUp: s.allowAnonymousSignUp,
  allowReferenceNumberSignUp: s.allowReferenceNumberSignUp,
});

type FeatureInfo = { value: PortalFeature; label: string; help: string };

/** The website's features (team/web-settings). */
export const WEB_FEATURES: FeatureInfo[] = [
  {
    value: "V2_WEB_PORTAL",
    label: "Customer portal",
    help: "Customers sign in on your website to see billing and pay online.",
  },
  { value: "ONLINE_LEADS", label: "Online lead forms", help: "Prospects fill in your web lead forms." },
];

/** What customers do from the portal and the app alike (team/mobile-and-web). */
export const APP_FEATURES: FeatureInfo[] = [
  { value: "E_COMMERCE", label: "Online shop", help: "Customers and visitors buy products in the shop." },
  {
    value: "WEB_PORTAL_DELIVERIES",
    label: "Deliveries in the portal",
    help: "Customers schedule and change deliveries.",
  },
  { value: "TWO_WAY_TEXTING", label: "Two-way texting", help: "Customers can answer your text messages." },
];

export const CARDS = [
  { value: "VISA", label: "Visa" },
  { value: "MASTERCARD", label: "Mastercard" },
  { value: "AMEX", label: "American Express" },
  { value: "DISCOVER", label: "Discover" },
];
