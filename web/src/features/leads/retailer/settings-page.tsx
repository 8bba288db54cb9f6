import { PlugZapIcon } from "lucide-react";
import { DocumentTitle } from "@/components/shell/document-title";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { type Retailer, useRetailerSetup } from "./api";
import { CredentialsCard, FeedSettingsCard } from "./settings-forms";
import { EmployeesTable, ServicesTable, StoresTable } from "./settings-lists";

const RETAILER: Retailer = "COSTCO";

/**
 * team/costco-settings: the connection to Costco's referral feed (write-only secret), how often it is
 * read, and the stores, services and employees it lists. Without credentials the page says how to
 * connect.
 */
export default function RetailerSettingsPage() {
  const setup = useRetailerSetup(RETAILER);
  const d = setup.data;
  const settings = d?.retailerSettings;
  const sources = d?.leadSources ?? [];
  return (
    <div className="grid grid-cols-1 gap-6">
      <DocumentTitle title="Costco settings" />
      <PageHeader
        title="Costco settings"
        description="Credentials, stores, services and employees for the Costco referral program."
      />
      {settings && !settings.configured ? (
        <Alert>
          <PlugZapIcon aria-hidden="true" />
          <AlertTitle>Costco is not connected yet</AlertTitle>
          <AlertDescription>
            Ask your Costco program manager for the referral feed's address, your dealer account id and its secret, and
            enter them below. The feed is then read every few minutes: new referrals wait on Costco import, and what you
            do with each is reported back to Costco.
          </AlertDescription>
        </Alert>
      ) : null}
      {settings ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <CredentialsCard retailer={RETAILER} settings={settings} />
          {settings.configured ? <FeedSettingsCard retailer={RETAILER} settings={settings} sources={sources} /> : null}
        </div>
      ) : null}
      {settings?.configured ? (
        <>
          <StoresTable stores={d?.retailerStores} sources={sources} query={setup} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <ServicesTable services={d?.retailerServices} query={setup} />
            <EmployeesTable employees={d?.retailerEmployees} query={setup} />
          </div>
        </>
      ) : null}
    </div>
  );
}
