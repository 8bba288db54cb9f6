import { useQueryClient } from "@tanstack/react-query";
import { SaveIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { describeRequestError } from "@/lib/query-client";
import { type BranchPortalSettings, useBranchPortalSettings, useUpdateBranchPortalSettings } from "../api";

type Feature = BranchPortalSettings["features"][number];
const FEATURES: { value: Feature; label: string; help: string }[] = [
  { value: "V2_WEB_PORTAL", label: "Customer portal", help: "Customers sign in to see billing and pay online." },
  {
    value: "WEB_PORTAL_DELIVERIES",
    label: "Deliveries in the portal",
    help: "Customers schedule and change deliveries.",
  },
  { value: "E_COMMERCE", label: "Online shop", help: "Customers and visitors buy products in the shop." },
  { value: "ONLINE_LEADS", label: "Online lead forms", help: "Prospects fill in your web lead forms." },
  { value: "TWO_WAY_TEXTING", label: "Two-way texting", help: "Customers can answer your text messages." },
];
const CARDS = [
  { value: "VISA", label: "Visa" },
  { value: "MASTERCARD", label: "Mastercard" },
  { value: "AMEX", label: "American Express" },
  { value: "DISCOVER", label: "Discover" },
];

/** team/web-settings and team/mobile-and-web: the portal settings staff may change; applied at once. */
export default function PortalSettingsPage({ title, description }: { title: string; description: string }) {
  const q = useBranchPortalSettings();
  const update = useUpdateBranchPortalSettings();
  const qc = useQueryClient();
  const [values, setValues] = useState<BranchPortalSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data) setValues(q.data.branchPortalSettings);
  }, [q.data]);

  if (q.isPending || !values)
    return q.isError ? <QueryError error={q.error} onRetry={() => q.refetch()} /> : <Skeleton className="h-96" />;
  const set = (patch: Partial<BranchPortalSettings>) => setValues({ ...values, ...patch });
  const toggleIn = <T extends string>(list: readonly T[], v: T, on: boolean) =>
    on ? [...new Set([...list, v])] : list.filter((x) => x !== v);

  const save = async () => {
    try {
      const r = (await update.mutateAsync({ input: values })).updateBranchPortalSettings;
      if (!r.isSuccess) return setError(r.message);
      setError(null);
      toast.success(r.message);
      await qc.invalidateQueries();
    } catch (err) {
      setError(describeRequestError(err));
    }
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={title} />
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? <Spinner size="sm" /> : <SaveIcon aria-hidden="true" />}
            Save settings
          </Button>
        }
      />
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Portal features</h2>
            </CardTitle>
            <CardDescription>What customers see in the portal and the app. Changes apply at once.</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            {FEATURES.map((f) => (
              <FormField key={f.value} label={f.label} description={f.help} orientation="horizontal">
                <Switch
                  checked={values.features.includes(f.value)}
                  onCheckedChange={(on) => set({ features: toggleIn(values.features, f.value, on) })}
                />
              </FormField>
            ))}
          </CardContent>
        </Card>
        <div className="grid grid-cols-1 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Payments</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              <FormField label="Accepted payment types">
                {(c) => (
                  <Select
                    value={values.acceptedPaymentTypes}
                    onValueChange={(v) =>
                      set({ acceptedPaymentTypes: v as BranchPortalSettings["acceptedPaymentTypes"] })
                    }
                  >
                    <SelectTrigger {...c} className="w-full sm:w-72">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="BOTH">Cards and bank accounts</SelectItem>
                      <SelectItem value="CARD_ONLY">Cards only</SelectItem>
                      <SelectItem value="ACH_ONLY">Bank accounts (ACH) only</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              </FormField>
              <fieldset className="grid gap-2" disabled={values.acceptedPaymentTypes === "ACH_ONLY"}>
                <legend className="pb-1 font-medium text-sm">Card types</legend>
                {CARDS.map((c) => (
                  <div key={c.value} className="flex items-center gap-2">
                    <Checkbox
                      id={`card-${c.value}`}
                      checked={values.allowedCardTypes.includes(c.value)}
                      disabled={values.acceptedPaymentTypes === "ACH_ONLY"}
                      onCheckedChange={(on) =>
                        set({ allowedCardTypes: toggleIn(values.allowedCardTypes, c.value, on === true) })
                      }
                    />
                    <label htmlFor={`card-${c.value}`} className="text-sm">
                      {c.label}
                    </label>
                  </div>
                ))}
              </fieldset>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Sign-up</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              <FormField
                label="New customers may sign up with their address"
                description="Without an account number: they become a new customer (anonymous sign-up)."
                orientation="horizontal"
              >
                <Switch
                  checked={values.allowAnonymousSignUp}
                  onCheckedChange={(on) => set({ allowAnonymousSignUp: on })}
                />
              </FormField>
              <FormField
                label="Customers may link with a reference number"
                description="A service address's reference number links an account instead of the security code."
                orientation="horizontal"
              >
                <Switch
                  checked={values.allowReferenceNumberSignUp}
                  onCheckedChange={(on) => set({ allowReferenceNumberSignUp: on })}
                />
              </FormField>
            </CardContent>
          </Card>
          <p className="text-muted-foreground text-sm">
            Branding (name, logo, header, footer, website link) is on the{" "}
            <Link href="/team/ecommerce-setup" className="underline">
              e-commerce setup
            </Link>{" "}
            page.
          </p>
        </div>
      </div>
    </div>
  );
}
