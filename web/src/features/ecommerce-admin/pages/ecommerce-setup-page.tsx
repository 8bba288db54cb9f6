import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { QueryError } from "@/components/shell/query-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useStorefrontSetup } from "../api";
import { BrandingForm, SaleWorkflowForm } from "../components/branding-form";
import { PricingPlans } from "../components/pricing-plans";
import { StorefrontForm, WebsiteForm } from "../components/storefront-forms";

const TABS = [
  { id: "storefront", label: "Storefront" },
  { id: "website", label: "Website & shipping" },
  { id: "pricing", label: "Pricing plans" },
  { id: "workflow", label: "Sale workflow" },
  { id: "branding", label: "Branding" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** team/ecommerce-setup: storefront HTML, website fields, pricing plans, sale workflow, branch branding. */
export default function EcommerceSetupPage() {
  const setup = useStorefrontSetup();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const requested = params.get("tab");
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : "storefront";
  const selectTab = (id: string) => {
    const next = new URLSearchParams(search);
    if (id === "storefront") next.delete("tab");
    else next.set("tab", id);
    const q = next.toString();
    navigate(`/team/ecommerce-setup${q ? `?${q}` : ""}`, { replace: true });
  };

  return (
    <ListPage
      title="E-commerce setup"
      description="How your online shop looks and prices, and the branding customers see on every page."
    >
      {setup.isPending ? (
        <div className="grid grid-cols-1 gap-4" role="status" aria-label="Loading settings">
          <Skeleton className="h-8 w-full max-w-xl" />
          <Skeleton className="h-72" />
        </div>
      ) : setup.isError ? (
        <QueryError error={setup.error} onRetry={() => setup.refetch()} />
      ) : (
        <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
          <div className="-mx-1 overflow-x-auto px-1 pb-1">
            <TabsList>
              {TABS.map((t) => (
                <TabsTrigger key={t.id} value={t.id}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value="storefront">
            <StorefrontForm setup={setup.data} />
          </TabsContent>
          <TabsContent value="website">
            <WebsiteForm setup={setup.data} />
          </TabsContent>
          <TabsContent value="pricing">
            <PricingPlans setup={setup.data} />
          </TabsContent>
          <TabsContent value="workflow">
            <SaleWorkflowForm setup={setup.data} />
          </TabsContent>
          <TabsContent value="branding">
            <BrandingForm setup={setup.data} />
          </TabsContent>
        </Tabs>
      )}
    </ListPage>
  );
}
