import { Controller, type FieldPath, type UseFormReturn } from "react-hook-form";
import { SelectField, SwitchField } from "@/components/form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import type { AcceptedPaymentTypes, PortalFeature } from "../api";
import { APP_FEATURES, CARDS, type PortalSettingsValues, WEB_FEATURES } from "../schema";

type Form = UseFormReturn<PortalSettingsValues>;

// One order for every list, so that switching something off and on again is no change.
const FEATURE_ORDER = [...WEB_FEATURES, ...APP_FEATURES].map((f) => f.value);
const CARD_ORDER = CARDS.map((c) => c.value);
function toggled<T extends string>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const next = new Set(list);
  if (on) next.add(value);
  else next.delete(value);
  return [...next].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-4" aria-label={title}>
      <div className="grid gap-1">
        <h3 className="font-medium">{title}</h3>
        {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A switch per feature of `features`. */
export function FeatureSwitches({
  form,
  title,
  description,
  features,
}: {
  form: Form;
  title: string;
  description?: string;
  features: typeof WEB_FEATURES;
}) {
  return (
    <Section title={title} description={description}>
      <Controller
        control={form.control}
        name="features"
        render={({ field }) => (
          <>
            {features.map((f) => (
              <FormField key={f.value} label={f.label} description={f.help} orientation="horizontal">
                <Switch
                  checked={field.value.includes(f.value)}
                  onCheckedChange={(on) =>
                    field.onChange(toggled<PortalFeature>(field.value, f.value, on, FEATURE_ORDER))
                  }
                />
              </FormField>
            ))}
          </>
        )}
      />
    </Section>
  );
}

/** Accepted payment types and the card brands (none to choose with bank accounts only). */
const PAYMENT_TYPE_OPTIONS: { value: AcceptedPaymentTypes; label: string }[] = [
  { value: "BOTH", label: "Cards and bank accounts" },
  { value: "CARD_ONLY", label: "Cards only" },
  { value: "ACH_ONLY", label: "Bank accounts (ACH) only" },
];

export function PaymentFields({ form }: { form: Form }) {
  const achOnly = form.watch("acceptedPaymentTypes") === "ACH_ONLY";
  const cardError = form.formState.errors.allowedCardTypes?.message;
  return (
    <Section title="Payments" description="How customers pay online.">
      <SelectField
        control={form.control}
        name="acceptedPaymentTypes"
        label="Accepted payment types"
        options={PAYMENT_TYPE_OPTIONS}
        triggerClassName="sm:w-72"
      />
      <Controller
        control={form.control}
        name="allowedCardTypes"
        render={({ field }) => (
          <fieldset
            className="grid gap-2"
            disabled={achOnly}
            aria-invalid={cardError ? true : undefined}
            aria-describedby={cardError ? "card-types-error" : undefined}
          >
            <legend className="pb-1 font-medium text-sm">Card types</legend>
            {CARDS.map((c) => (
              <div key={c.value} className="flex items-center gap-2">
                <Checkbox
                  id={`card-${c.value}`}
                  checked={field.value.includes(c.value)}
                  disabled={achOnly}
                  onCheckedChange={(on) => field.onChange(toggled(field.value, c.value, on === true, CARD_ORDER))}
                />
                <label htmlFor={`card-${c.value}`} className="text-sm">
                  {c.label}
                </label>
              </div>
            ))}
            {cardError ? (
              <p id="card-types-error" className="text-destructive text-sm">
                {cardError}
              </p>
            ) : null}
          </fieldset>
        )}
      />
    </Section>
  );
}

/** How new customers get an account. */
const SIGN_UP_SWITCHES: readonly { name: FieldPath<PortalSettingsValues>; label: string; description: string }[] = [
  {
    name: "allowAnonymousSignUp",
    label: "New customers may sign up with their address",
    description: "Without an account number: they become a new customer (anonymous sign-up).",
  },
  {
    name: "allowReferenceNumberSignUp",
    label: "Customers may link with a reference number",
    description: "A service address's reference number links an account instead of the security code.",
  },
];

export function SignUpFields({ form }: { form: Form }) {
  return (
    <Section title="Sign-up" description="How customers create their portal account.">
      {SIGN_UP_SWITCHES.map((s) => (
        <SwitchField key={s.name} control={form.control} {...s} />
      ))}
    </Section>
  );
}
