import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";

// Team e-commerce: storefront configuration, pricing plans, sale workflow, branding, open carts and
// online orders, carts-and-sales analytics.

export const StorefrontSetupQuery = graphql(`
  query StorefrontSetup {
    storefrontConfiguration {
      bannerHtml
      footerHtml
      paymentAgreementHtml
      websiteTitle
      websiteDescription
      contactEmail
      shippingCents
      shippingTaxable
      saleWorkflowShortcutId
      defaultPricingPlanId
      updatedAt
    }
    pricingPlans(includeInactive: true) {
      id
      name
      discountPercent
      inactive
      isDefault
    }
    saleShortcuts {
      id
      name
    }
    branchBranding {
      name
      phone
      logoUrl
      websiteHeaderHtml
      websiteFooterHtml
      brandWebsiteUrl
    }
  }
`);

export type StorefrontSetup = ResultOf<typeof StorefrontSetupQuery>;
export type PricingPlan = StorefrontSetup["pricingPlans"][number];

export const UpdateShopCustomizationMutation = graphql(`
  mutation UpdateShopCustomization($input: UpdateShopCustomizationInput!) {
    updateShopCustomization(input: $input) {
      bannerHtml
      footerHtml
      paymentAgreementHtml
      websiteTitle
      websiteDescription
      contactEmail
      shippingCents
      shippingTaxable
    }
  }
`);

export const CreatePricingPlanMutation = graphql(`
  mutation CreatePricingPlan($input: CreatePricingPlanInput!) {
    createPricingPlan(input: $input) {
      id
      name
    }
  }
`);

export const UpdatePricingPlanMutation = graphql(`
  mutation UpdatePricingPlan($input: UpdatePricingPlanInput!) {
    updatePricingPlan(input: $input) {
      id
      name
      inactive
    }
  }
`);

export const SetPricingPlanMutation = graphql(`
  mutation SetPricingPlan($pricingPlanId: ID) {
    setPricingPlan(pricingPlanId: $pricingPlanId) {
      isSuccess
      message
    }
  }
`);

export const SetSaleWorkflowMutation = graphql(`
  mutation SetSaleWorkflow($shortcutId: String) {
    setSaleWorkflow(shortcutId: $shortcutId) {
      isSuccess
      message
    }
  }
`);

export const SetBranchBrandingMutation = graphql(`
  mutation SetBranchBranding($input: SetBranchBrandingInput!) {
    setBranchBranding(input: $input) {
      isSuccess
      message
    }
  }
`);

export const OnlineOrdersQuery = graphql(`
  query OnlineOrders($status: OnlineOrderStatus, $search: String, $skip: Int, $take: Int) {
    onlineOrders(status: $status, search: $search, skip: $skip, take: $take) {
      totalCount
      statusCounts {
        status
        count
      }
      orders {
        id
        number
        status
        createdAt
        scheduledDate
        completedDate
        customerId
        customerAccountNumber
        customerName
        subtotalCents
        taxCents
        shippingCents
        totalCents
        lines {
          id
          title
          quantity
          unitPriceCents
          amountCents
        }
      }
    }
  }
`);

export type OnlineOrderRow = ResultOf<typeof OnlineOrdersQuery>["onlineOrders"]["orders"][number];
export type OrderStatus = OnlineOrderRow["status"];

export const OpenCartsQuery = graphql(`
  query OpenCarts($skip: Int, $take: Int) {
    openCarts(skip: $skip, take: $take) {
      totalCount
      carts {
        cartId
        quantity
        subtotalCents
        createdAt
        lastModified
        userEmail
        userName
        lines {
          itemId
          partNumber
          title
          quantity
          unitPriceCents
          amountCents
        }
      }
    }
  }
`);

export type OpenCart = ResultOf<typeof OpenCartsQuery>["openCarts"]["carts"][number];

export const ClearCartMutation = graphql(`
  mutation ClearCart($cartId: String!) {
    clearCart(cartId: $cartId) {
      isSuccess
      message
    }
  }
`);

export const CartsAndSalesAnalyticsQuery = graphql(`
  query CartsAndSalesAnalytics($startDate: Date!, $endDate: Date!) {
    cartsAndSalesAnalytics(startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      timeZone
      salesCents
      orderCount
      averageOrderCents
      cartCount
      convertedCartCount
      conversionRate
      days {
        date
        salesCents
        orderCount
        cartCount
        convertedCartCount
      }
      topItems {
        itemId
        title
        quantity
        salesCents
      }
      ordersByStatus {
        status
        count
      }
    }
  }
`);

export type CartsAndSales = ResultOf<typeof CartsAndSalesAnalyticsQuery>["cartsAndSalesAnalytics"];

export const useStorefrontSetup = () => useGqlQuery(StorefrontSetupQuery);
export const useOnlineOrders = (v: VariablesOf<typeof OnlineOrdersQuery>) =>
  useGqlQuery(OnlineOrdersQuery, v, { placeholderData: (previous) => previous });
export const useOpenCarts = (v: VariablesOf<typeof OpenCartsQuery>) =>
  useGqlQuery(OpenCartsQuery, v, { placeholderData: (previous) => previous });
export const useCartsAndSales = (v: VariablesOf<typeof CartsAndSalesAnalyticsQuery>, enabled = true) =>
  useGqlQuery(CartsAndSalesAnalyticsQuery, v, { placeholderData: (previous) => previous, enabled });

// Setup saves refetch the setup page and the branding every layout shows; the form shows a refusal.
const refetchSetup = [StorefrontSetupQuery, "BranchBranding"];
export const useUpdateShopCustomization = (o: MutationOptionsFor<typeof UpdateShopCustomizationMutation> = {}) =>
  useGqlMutation(UpdateShopCustomizationMutation, { invalidates: refetchSetup, ...o });
// Pricing plan changes refetch the setup page (the plans and the shop's default); a refusal or failure
// is shown once by the mutation kit, or on the plan form's field or alert.
export const useCreatePricingPlan = (o: MutationOptionsFor<typeof CreatePricingPlanMutation> = {}) =>
  useGqlMutation(CreatePricingPlanMutation, { invalidates: [StorefrontSetupQuery], ...o });
export const useUpdatePricingPlan = (o: MutationOptionsFor<typeof UpdatePricingPlanMutation> = {}) =>
  useGqlMutation(UpdatePricingPlanMutation, { invalidates: [StorefrontSetupQuery], ...o });
export const useSetPricingPlan = () =>
  useGqlMutation(SetPricingPlanMutation, { invalidates: [StorefrontSetupQuery], successToast: true });
export const useSetSaleWorkflow = () =>
  useGqlMutation(SetSaleWorkflowMutation, { invalidates: refetchSetup, successToast: true });
export const useSetBranchBranding = () =>
  useGqlMutation(SetBranchBrandingMutation, { invalidates: refetchSetup, successToast: true });
/** Clearing a cart says the server's message ("Cart cleared (2 items removed).") and refreshes the carts, orders and analytics. */
export const useClearCart = () =>
  useGqlMutation(ClearCartMutation, {
    invalidates: [OpenCartsQuery, OnlineOrdersQuery, CartsAndSalesAnalyticsQuery],
    successToast: true,
  });
