import { graphql, type ResultOf } from "@/lib/graphql";
import { setSupportPhone, useGqlQuery } from "@/lib/query-client";

// The branch's public branding (name, logo, phone, header and footer HTML, whether it is enabled):
// every area's header, footer and status pages read it, signed in or not.

export const BranchBrandingQuery = graphql(`
  query BranchBranding {
    branchBranding {
      name
      host
      phone
      websiteHeaderHtml
      websiteFooterHtml
      logoUrl
      brandWebsiteUrl
      ecommercePaymentAgreementHtml
      enabled
      allowAnonymousSignUp
    }
  }
`);

export type BranchBranding = ResultOf<typeof BranchBrandingQuery>["branchBranding"];

/** The branch's public branding (name, logo, header and footer HTML, enabled). */
export function useBranchBranding() {
  const query = useGqlQuery(BranchBrandingQuery);
  // A failure on our side offers the branch's phone number (describeRequestError).
  if (query.data?.branchBranding) setSupportPhone(query.data.branchBranding.phone);
  return { ...query, branding: query.data?.branchBranding ?? null };
}
