import { z } from "zod";
import type { AcceptedPaymentTypes, BranchPortalFeature } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";

// The branch's portal and app settings that staff may change (team/web-settings, team/mobile-and-web):
// portal features, accepted payment types and card types, anonymous and reference-number sign-up.
// Branding (name, logo, header, footer, website) is on the e-commerce setup page (setBranchBranding).
// A change applies to the portal at once: the branch cache of this server is dropped (other servers
// read the branch again within their cache time, 10 s).

export const PORTAL_FEATURES = [
  "V2_WEB_PORTAL",
  "WEB_PORTAL_DELIVERIES",
  "E_COMMERCE",
  "ONLINE_LEADS",
  "TWO_WAY_TEXTING",
] as const satisfies readonly BranchPortalFeature[];
export const CARD_TYPES = ["VISA", "MASTERCARD", "AMEX", "DISCOVER"] as const;

export type BranchPortalSettings = {
  features: BranchPortalFeature[];
  acceptedPaymentTypes: AcceptedPaymentTypes;
  allowedCardTypes: string[];
  allowAnonymousSignUp: boolean;
  allowReferenceNumberSignUp: boolean;
};

export function branchPortalSettings(ctx: Context): BranchPortalSettings {
  const b = ctx.branch;
  return {
    features: b.features,
    acceptedPaymentTypes: b.acceptedPaymentTypes,
    allowedCardTypes: b.allowedCardTypes,
    allowAnonymousSignUp: b.allowAnonymousSignUp,
    allowReferenceNumberSignUp: b.allowReferenceNumberSignUp,
  };
}

const settingsInput = z
  .object({
    features: z.array(z.enum(PORTAL_FEATURES)).max(PORTAL_FEATURES.length),
    acceptedPaymentTypes: z.enum(["ACH_ONLY", "BOTH", "CARD_ONLY"]),
    allowedCardTypes: z
      .array(z.enum(CARD_TYPES, { error: `Card types are ${CARD_TYPES.join(", ")}.` }))
      .max(CARD_TYPES.length),
    allowAnonymousSignUp: z.boolean(),
    allowReferenceNumberSignUp: z.boolean(),
  })
  .refine(
    (v) => v.acceptedPaymentTypes === "ACH_ONLY" || v.allowedCardTypes.length > 0,
    "Choose at least one card type, or accept bank accounts (ACH) only.",
  );

export async function updateBranchPortalSettings(ctx: Context, input: BranchPortalSettings) {
  const v = parseInput(settingsInput, input);
  await ctx.db.branch.update({
    where: { id: ctx.branch.id },
    data: {
      features: [...new Set(v.features)],
      acceptedPaymentTypes: v.acceptedPaymentTypes,
      allowedCardTypes: CARD_TYPES.filter((c) => v.allowedCardTypes.includes(c)),
      allowAnonymousSignUp: v.allowAnonymousSignUp,
      allowReferenceNumberSignUp: v.allowReferenceNumberSignUp,
    },
  });
  ctx.runtime.branches.invalidate();
  return { isSuccess: true, message: "Portal settings saved. Customers see the change now." };
}
