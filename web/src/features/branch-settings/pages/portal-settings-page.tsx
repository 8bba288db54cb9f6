import { useEffect, useState } from "react";
import { Link } from "wouter";
import { FormCard, showServerError, useZodForm } from "@/components/form";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { type BranchPortalSettings, useBranchPortalSettings, useUpdateBranchPortalSettings } from "../api";
import { FeatureSwitches, PaymentFields, SignUpFields } from "../components/settings-fields";
import { APP_FEATURES, type PortalSettingsValues, portalSettingsSchema, valuesOf, WEB_FEATURES } from "../schema";

type Variant = "web" | "mobile";
const PAGES: Record<Variant, { title: string; description: string; card: string }> = {
  web: {
    title: "Web settings",
    description: "Your customer portal website: whether it is on, payments and sign-up.",
    card: "Portal website",
  },
  mobile: {
    title: "Mobile and web",
    description: "What customers can do in the portal and the mobile app alike.",
    card: "Portal and app features",
  },
};

/**
 * team/web-settings (the portal website: on or off, lead forms, payments, sign-up) and
 * team/mobile-and-web (what the portal and the app offer: shop, deliveries, texting). Changes reach
 * customers when saved; leaving with unsaved changes asks first, and turning the whole portal off
 * asks for a confirmation that says what customers lose.
 */
export default function PortalSettingsPage({ variant = "web" }: { variant?: Variant }) {
  const page = PAGES[variant];
  const q = useBranchPortalSettings();
  const loaded = q.data?.branchPortalSettings;
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={page.title} />
      <PageHeader title={page.title} description={page.description} />
      {loaded ? (
        <SettingsForm variant={variant} loaded={loaded} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Skeleton className="h-96" />
      )}
    </div>
  );
}

function SettingsForm({ variant, loaded }: { variant: Variant; loaded: BranchPortalSettings }) {
  const update = useUpdateBranchPortalSettings();
  const form = useZodForm(portalSettingsSchema, valuesOf(loaded));
  const [confirmOff, setConfirmOff] = useState<PortalSettingsValues | null>(null);
  // Saved elsewhere (the other page, another tab): start again from what is stored.
  useEffect(() => form.reset(valuesOf(loaded)), [loaded, form]);

  const save = async (values: PortalSettingsValues) => {
    await update.mutateQuietly({ input: values });
    form.reset(values);
  };
  const portalOn = (v: { features: readonly string[] }) => v.features.includes("V2_WEB_PORTAL");

  return (
    <>
      <FormCard
        form={form}
        className="max-w-3xl"
        title={PAGES[variant].card}
        description="Changes reach customers when you save them."
        submitLabel="Save settings"
        pending={update.isPending}
        onSubmit={async (values) => {
          // Turning the whole portal off waits for the confirmation.
          if (portalOn(loaded) && !portalOn(values)) {
            setConfirmOff(values);
            return false; // saved once confirmed
          }
          await save(values);
        }}
      >
        {variant === "web" ? (
          <>
            <FeatureSwitches form={form} title="Portal" features={WEB_FEATURES} />
            <PaymentFields form={form} />
            <SignUpFields form={form} />
            <p className="text-muted-foreground text-sm">
              Branding (name, logo, header, footer, website link) is on the{" "}
              <Link href="/team/ecommerce-setup" className="underline">
                e-commerce setup
              </Link>{" "}
              page. What the app offers is under{" "}
              <Link href="/team/mobile-and-web" className="underline">
                Mobile and web
              </Link>
              .
            </p>
          </>
        ) : (
          <>
            <FeatureSwitches
              form={form}
              title="Features"
              description="Shown in the customer portal and the mobile app."
              features={APP_FEATURES}
            />
            <p className="text-muted-foreground text-sm">
              Turning the portal itself on or off, payments and sign-up are under{" "}
              <Link href="/team/web-settings" className="underline">
                Web settings
              </Link>
              .
            </p>
          </>
        )}
      </FormCard>
      <ConfirmDialog
        open={!!confirmOff}
        onOpenChange={(open) => !open && setConfirmOff(null)}
        title="Turn the customer portal off?"
        description="Customers can no longer sign in to see their bills, pay online, order or schedule deliveries until it is turned on again."
        confirmLabel="Turn the portal off"
        cancelLabel="Keep it on"
        destructive
        onConfirm={async () => {
          if (!confirmOff) return;
          try {
            await save(confirmOff);
          } catch (error) {
            showServerError(form, error);
          }
        }}
      />
    </>
  );
}
