import type { Branch } from "../../generated/prisma/client.ts";
import { builder } from "../../pothos/builder.ts";
import { BranchPortalFeatureEnum } from "../../pothos/enums.ts";

// Public: the portal needs the branch's name, logo and header before anyone signs in.
const BranchBrandingRef = builder.objectRef<Branch>("BranchBranding").implement({
  fields: (t) => ({
    name: t.string({ resolve: (b) => b.company }),
    host: t.exposeString("host"),
    phone: t.exposeString("phone"),
    websiteHeaderHtml: t.exposeString("websiteHeaderHtml"),
    websiteFooterHtml: t.exposeString("websiteFooterHtml"),
    logoUrl: t.exposeString("logoUrl"),
    brandWebsiteUrl: t.exposeString("brandWebsiteUrl"),
    ecommercePaymentAgreementHtml: t.exposeString("ecommercePaymentAgreementHtml"),
    enabled: t.boolean({ resolve: (b) => !b.inactive }),
    allowAnonymousSignUp: t.exposeBoolean("allowAnonymousSignUp"),
    features: t.field({
      type: [BranchPortalFeatureEnum],
      description: "Portal features on for this branch (visitors need them before signing in, e.g. the shop).",
      resolve: (b) => b.features,
    }),
  }),
});

builder.queryField("branchBranding", (t) =>
  t.field({ type: BranchBrandingRef, authScopes: { public: true }, resolve: (_r, _a, ctx) => ctx.branch }),
);
