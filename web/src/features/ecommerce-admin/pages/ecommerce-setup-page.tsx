import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { QueryState } from "@/components/shell/query-state";
import { SkeletonBlocks } from "@/components/shell/skeletons";
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
      <QueryState
        query={setup}
        loading={
          <SkeletonBlocks
            label="Loading settings"
            className="grid grid-cols-1 gap-4"
            blocks={["h-8 w-full max-w-xl", "h-72"]}
          />
        }
      >
        {(data) => (
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
              <StorefrontForm setup={data} />
            </TabsContent>
            <TabsContent value="website">
              <WebsiteForm setup={data} />
            </TabsContent>
            <TabsContent value="pricing">
              <PricingPlans setup={data} />
            </TabsContent>
            <TabsContent value="workflow">
              <SaleWorkflowForm setup={data} />
            </TabsContent>
            <TabsContent value="branding">
              <BrandingForm setup={data} />
            </TabsContent>
          </Tabs>
        )}
      </QueryState>
    </ListPage>
  );
}
