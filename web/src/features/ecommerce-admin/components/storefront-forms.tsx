import { zodResolver } from "@hookform/resolvers/zod";
import { SaveIcon } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { showServerError } from "@/components/form";
import { HtmlEditor } from "@/components/html-editor";
import { MoneyInput } from "@/components/money-input";
import { sanitizeHtml } from "@/components/sanitize-html";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { centsToInput, dollarsToCents } from "@/lib/money";
import { type StorefrontSetup, useUpdateShopCustomization } from "../api";
import { type StorefrontValues, storefrontSchema, type WebsiteValues, websiteSchema } from "../schema";

export function SaveBar({
  dirty,
  pending,
  label,
  onDiscard,
}: {
  dirty: boolean;
  pending: boolean;
  label: string;
  onDiscard: () => void;
}) {
  return (
    <CardFooter className="flex-wrap justify-end gap-2 border-t">
      {dirty ? (
        <Badge variant="warning" className="mr-auto">
          Unsaved changes
        </Badge>
      ) : null}
      <Button type="button" variant="ghost" disabled={!dirty || pending} onClick={onDiscard}>
        Discard changes
      </Button>
      <Button type="submit" disabled={!dirty || pending}>
        {pending ? <Spinner size="sm" className="text-current" /> : <SaveIcon aria-hidden="true" />}
        {label}
      </Button>
    </CardFooter>
  );
}

export function RootError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription className="whitespace-pre-line">{message}</AlertDescription>
    </Alert>
  );
}

/** Shop banner, footer and checkout agreement, each with a sandboxed preview. */
export function StorefrontForm({ setup }: { setup: StorefrontSetup }) {
  const save = useUpdateShopCustomization({ successToast: "Storefront saved." });
  const config = setup.storefrontConfiguration;
  const values = (): StorefrontValues => ({
    bannerHtml: config.bannerHtml,
    footerHtml: config.footerHtml,
    paymentAgreementHtml: config.paymentAgreementHtml,
  });
  const form = useForm<StorefrontValues>({ resolver: zodResolver(storefrontSchema), defaultValues: values() });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored values change
  useEffect(() => form.reset(values()), [config.bannerHtml, config.footerHtml, config.paymentAgreementHtml]);
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      // What is saved is what the preview showed: the sanitized HTML.
      await save.mutateQuietly({
        input: {
          bannerHtml: sanitizeHtml(v.bannerHtml),
          footerHtml: sanitizeHtml(v.footerHtml),
          paymentAgreementHtml: sanitizeHtml(v.paymentAgreementHtml),
        },
      });
    } catch (error) {
      showServerError(form, error);
    }
  });

  const editor = (name: keyof StorefrontValues, label: string, description: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <HtmlEditor
          label={label}
          description={description}
          error={errors[name]?.message}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          disabled={save.isPending}
        />
      )}
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Storefront</h2>
        </CardTitle>
        <CardDescription>
          HTML shown in the shop. Scripts, frames and event handlers are removed; the preview shows exactly what
          customers will see.
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label="Storefront" className="contents">
        <CardContent className="grid gap-6">
          {editor("bannerHtml", "Shop banner", "Above the products on the shop's front page.")}
          <Separator />
          {editor("footerHtml", "Shop footer", "Under the products: opening hours, contact details, small print.")}
          <Separator />
          {editor(
            "paymentAgreementHtml",
            "Payment agreement",
            "Shown at checkout; the customer accepts it by placing the order.",
          )}
          <RootError message={errors.root?.message} />
        </CardContent>
        <SaveBar
          dirty={isDirty}
          pending={save.isPending}
          label="Save storefront"
          onDiscard={() => form.reset(values())}
        />
      </form>
    </Card>
  );
}

/** Website title, description, contact email and shipping. */
export function WebsiteForm({ setup }: { setup: StorefrontSetup }) {
  const save = useUpdateShopCustomization({ successToast: "Website settings saved." });
  const config = setup.storefrontConfiguration;
  const values = (): WebsiteValues => ({
    websiteTitle: config.websiteTitle,
    websiteDescription: config.websiteDescription,
    contactEmail: config.contactEmail,
    shipping: centsToInput(config.shippingCents),
    shippingTaxable: config.shippingTaxable,
  });
  const form = useForm<WebsiteValues>({ resolver: zodResolver(websiteSchema), defaultValues: values() });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored values change
  useEffect(
    () => form.reset(values()),
    [config.websiteTitle, config.websiteDescription, config.contactEmail, config.shippingCents, config.shippingTaxable],
  );
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await save.mutateQuietly({
        input: {
          websiteTitle: v.websiteTitle,
          websiteDescription: v.websiteDescription,
          contactEmail: v.contactEmail,
          shippingCents: dollarsToCents(v.shipping) ?? 0,
          shippingTaxable: v.shippingTaxable,
        },
      });
    } catch (error) {
      showServerError(form, error);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Website and shipping</h2>
        </CardTitle>
        <CardDescription>
          How the shop names itself in browsers and search results, and what an order costs to ship.
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label="Website and shipping" className="contents">
        <CardContent className="grid max-w-2xl gap-4">
          <FormField
            label="Website title"
            error={errors.websiteTitle?.message}
            description="The browser tab title of the shop."
          >
            <Input {...form.register("websiteTitle")} />
          </FormField>
          <FormField
            label="Website description"
            error={errors.websiteDescription?.message}
            description="One or two sentences for search engines and link previews."
          >
            <Textarea rows={3} {...form.register("websiteDescription")} />
          </FormField>
          <FormField
            label="Contact email"
            error={errors.contactEmail?.message}
            description="Where shoppers can write with questions."
          >
            <Input type="email" autoComplete="off" {...form.register("contactEmail")} />
          </FormField>
          <Separator />
          <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
            <FormField
              label="Shipping per order"
              error={errors.shipping?.message}
              description="Leave empty or 0 for free shipping."
            >
              <MoneyInput {...form.register("shipping")} />
            </FormField>
            <Controller
              control={form.control}
              name="shippingTaxable"
              render={({ field }) => (
                <FormField label="Shipping is taxable" orientation="horizontal" className="sm:pt-7">
                  <Switch checked={field.value} onCheckedChange={field.onChange} />
                </FormField>
              )}
            />
          </div>
          <RootError message={errors.root?.message} />
        </CardContent>
        <SaveBar
          dirty={isDirty}
          pending={save.isPending}
          label="Save website settings"
          onDiscard={() => form.reset(values())}
        />
      </form>
    </Card>
  );
}
