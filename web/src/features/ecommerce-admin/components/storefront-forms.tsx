import { FormCard, HtmlField, SwitchField, TextField, type TextFieldProps, useStoredForm } from "@/components/form";
import { MoneyInput } from "@/components/money-input";
import { sanitizeHtml } from "@/components/sanitize-html";
import { FormField } from "@/components/ui/form-field";
import { Separator } from "@/components/ui/separator";
import { centsToInput, dollarsToCents } from "@/lib/money";
import { type StorefrontSetup, useUpdateShopCustomization } from "../api";
import { type StorefrontValues, storefrontSchema, type WebsiteValues, websiteSchema } from "../schema";

/** Shop banner, footer and checkout agreement, each with a sandboxed preview. */
export function StorefrontForm({ setup }: { setup: StorefrontSetup }) {
  const save = useUpdateShopCustomization({ successToast: "Storefront saved." });
  const config = setup.storefrontConfiguration;
  const stored: StorefrontValues = {
    bannerHtml: config.bannerHtml,
    footerHtml: config.footerHtml,
    paymentAgreementHtml: config.paymentAgreementHtml,
  };
  const form = useStoredForm(storefrontSchema, stored);

  const editor = (name: keyof StorefrontValues, label: string, description: string) => (
    <HtmlField control={form.control} name={name} label={label} description={description} disabled={save.isPending} />
  );

  return (
    <FormCard
      form={form}
      title="Storefront"
      description="HTML shown in the shop. Scripts, frames and event handlers are removed; the preview shows exactly what customers will see."
      submitLabel="Save storefront"
      pending={save.isPending}
      contentClassName="gap-6"
      // What is saved is what the preview showed: the sanitized HTML.
      onSubmit={(v) =>
        save.mutateQuietly({
          input: {
            bannerHtml: sanitizeHtml(v.bannerHtml),
            footerHtml: sanitizeHtml(v.footerHtml),
            paymentAgreementHtml: sanitizeHtml(v.paymentAgreementHtml),
          },
        })
      }
    >
      {editor("bannerHtml", "Shop banner", "Above the products on the shop's front page.")}
      <Separator />
      {editor("footerHtml", "Shop footer", "Under the products: opening hours, contact details, small print.")}
      <Separator />
      {editor(
        "paymentAgreementHtml",
        "Payment agreement",
        "Shown at checkout; the customer accepts it by placing the order.",
      )}
    </FormCard>
  );
}

/** The website's text settings, in order. */
type WebsiteText = "websiteTitle" | "websiteDescription" | "contactEmail";
const WEBSITE_FIELDS: readonly Omit<TextFieldProps<WebsiteValues, WebsiteText>, "control">[] = [
  { name: "websiteTitle", label: "Website title", description: "The browser tab title of the shop." },
  {
    name: "websiteDescription",
    label: "Website description",
    description: "One or two sentences for search engines and link previews.",
    multiline: true,
  },
  {
    name: "contactEmail",
    label: "Contact email",
    description: "Where shoppers can write with questions.",
    type: "email",
    autoComplete: "off",
  },
];

/** Website title, description, contact email and shipping. */
export function WebsiteForm({ setup }: { setup: StorefrontSetup }) {
  const save = useUpdateShopCustomization({ successToast: "Website settings saved." });
  const config = setup.storefrontConfiguration;
  const stored: WebsiteValues = {
    websiteTitle: config.websiteTitle,
    websiteDescription: config.websiteDescription,
    contactEmail: config.contactEmail,
    shipping: centsToInput(config.shippingCents),
    shippingTaxable: config.shippingTaxable,
  };
  const form = useStoredForm(websiteSchema, stored);
  const { errors } = form.formState;

  return (
    <FormCard
      form={form}
      title="Website and shipping"
      description="How the shop names itself in browsers and search results, and what an order costs to ship."
      submitLabel="Save website settings"
      pending={save.isPending}
      contentClassName="max-w-2xl"
      onSubmit={(v) =>
        save.mutateQuietly({
          input: {
            websiteTitle: v.websiteTitle,
            websiteDescription: v.websiteDescription,
            contactEmail: v.contactEmail,
            shippingCents: dollarsToCents(v.shipping) ?? 0,
            shippingTaxable: v.shippingTaxable,
          },
        })
      }
    >
      {WEBSITE_FIELDS.map((f) => (
        <TextField key={f.name} control={form.control} {...f} />
      ))}
      <Separator />
      <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
        <FormField
          label="Shipping per order"
          error={errors.shipping?.message}
          description="Leave empty or 0 for free shipping."
        >
          <MoneyInput {...form.register("shipping")} />
        </FormField>
        <SwitchField control={form.control} name="shippingTaxable" label="Shipping is taxable" className="sm:pt-7" />
      </div>
    </FormCard>
  );
}
