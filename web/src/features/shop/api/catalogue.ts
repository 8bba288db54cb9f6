import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// The shop's catalogue: the branch's branding, the banner and footer, and the products.

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

/** A product as the shop shows it; the cart and its lines carry the same fields. */
export const ProductFields = graphql(`
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
