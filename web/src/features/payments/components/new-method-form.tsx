import { zodResolver } from "@hookform/resolvers/zod";
import type * as React from "react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { type FormControlProps, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { PaymentSettings } from "../api";
import { acceptedCardsText, type BankValues, bankSchema, type CardValues, cardSchema } from "../schema";
import { configureCollectJs, loadCollectJs, sandboxTokenize, type TokenizedMethod, TokenizeError } from "../tokenize";
import { SandboxHint } from "./sandbox-hint";

export type NewMethodFormProps = {
  settings: PaymentSettings;
  /** Button text, e.g. "Use this card" or "Save card". */
  submitLabel: (kind: "CARD" | "ACH") => string;
  /** Show "Save for later" (payments); methods saved from the methods page are always kept. */
  offerSave?: boolean;
  /** Called with the token; may be async (the button shows a spinner until it settles). */
  onTokenized: (method: TokenizedMethod, saveForLater: boolean, draft: MethodDraft) => unknown;
  onCancel?: () => void;
  /** What the customer typed last time (after a declined payment), with the field at fault marked. */
  draft?: MethodDraft | null;
};

/**
 * The typed details of a new method, kept so a declined payment does not throw them away. The
 * security code is never kept: it is sent once, to the tokenizer, and typed again for a new try.
 * Collect.js (NMI) fields live in the gateway's frames, so only the name is kept there.
 */
export type MethodDraft = {
  kind: "CARD" | "ACH";
  values: Record<string, string>;
  save: boolean;
  fault?: { field: string; message: string };
};

/**
 * A new card or bank account, tokenized through the branch's gateway (sandbox tokenizer or
 * Collect.js). Only the kinds the branch accepts are offered.
 */
export function NewMethodForm(props: NewMethodFormProps) {
  const { settings } = props;
  const kinds = [
    ...(settings.allowBankCard ? (["CARD"] as const) : []),
    ...(settings.allowAch ? (["ACH"] as const) : []),
  ];
  const [kind, setKind] = useState<"CARD" | "ACH">(props.draft?.kind ?? kinds[0] ?? "CARD");
  if (!kinds.length || settings.gateway === "NONE")
    return (
      <Alert variant="warning">
        <AlertDescription>Online payments are not available for this account. Please call us to pay.</AlertDescription>
      </Alert>
    );
  const body = (k: "CARD" | "ACH") =>
    settings.gateway === "NMI" ? (
      <CollectJsForm {...props} kind={k} />
    ) : k === "CARD" ? (
      <SandboxCardForm {...props} />
    ) : (
      <SandboxBankForm {...props} />
    );
  return (
    <div className="grid gap-3">
      {kinds.length > 1 ? (
        <Tabs value={kind} onValueChange={(v) => setKind(v as "CARD" | "ACH")}>
          <TabsList aria-label="Payment method type">
            <TabsTrigger value="CARD">Card</TabsTrigger>
            <TabsTrigger value="ACH">Bank account</TabsTrigger>
          </TabsList>
          <TabsContent value="CARD" className="pt-2">
            {body("CARD")}
          </TabsContent>
          <TabsContent value="ACH" className="pt-2">
            {body("ACH")}
          </TabsContent>
        </Tabs>
      ) : (
        body(kinds[0]!)
      )}
      {settings.gateway === "SANDBOX" ? <SandboxHint numbers={settings.sandboxTestNumbers} /> : null}
    </div>
  );
}

/**
 * A controlled input without a `name`: card and bank fields must never be part of a native form
 * submission (no <form> wraps them either, so nothing can put them in a URL).
 */
function SecretInput<T extends FieldValues>({
  form,
  name,
  control,
  ...props
}: { form: UseFormReturn<T>; name: Path<T>; control: FormControlProps } & Omit<
  React.ComponentProps<typeof Input>,
  "name" | "value" | "onChange" | "form"
>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Input
          {...props}
          {...control}
          ref={field.ref}
          value={String(field.value ?? "")}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** Enter in a field submits the group, as in a form. */
const submitOnEnter = (submit: () => void) => (e: React.KeyboardEvent) => {
  if (e.key === "Enter" && (e.target as HTMLElement).tagName === "INPUT") {
    e.preventDefault();
    submit();
  }
};

function FormButtons({
  label,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        className="max-sm:h-10"
        onClick={() => onSubmit()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? <Spinner size="sm" className="text-current" label="Working" /> : null}
        {label}
      </Button>
      {onCancel ? (
        <Button type="button" variant="outline" className="max-sm:h-10" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

function SaveCheckbox({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <FormField label="Save for future payments" orientation="horizontal">
      <Checkbox checked={checked} onCheckedChange={(v) => onChange(v === true)} />
    </FormField>
  );
}

/**
 * The sandbox forms' submit: tokenize the fields, hand the token on, and show a tokenizer error on the
 * field it names (or in the form's banner).
 */
function useSandboxSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  { onTokenized, draft }: Pick<NewMethodFormProps, "onTokenized" | "draft">,
  kind: "CARD" | "ACH",
  toInput: (values: T) => Parameters<typeof sandboxTokenize>[0],
) {
  const [save, setSave] = useState(draft?.kind === kind ? draft.save : false);
  const [error, setError] = useState<string | null>(null);
  // A declined payment reopens the form with the field at fault marked and focused.
  const fault = draft?.kind === kind ? draft.fault : undefined;
  useEffect(() => {
    if (fault) form.setError(fault.field as Path<T>, { message: fault.message }, { shouldFocus: true });
  }, [fault, form]);
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const { cvv: _secret, ...kept } = v as Record<string, string>;
      await onTokenized(await sandboxTokenize(toInput(v)), save, { kind, values: kept, save });
    } catch (e) {
      if (e instanceof TokenizeError && e.field && e.field in v) {
        form.setError(e.field as Path<T>, { message: e.message }, { shouldFocus: true });
      } else setError(e instanceof Error ? e.message : String(e));
    }
  });
  return { save, setSave, error, onSubmit };
}

function SandboxCardForm({ settings, submitLabel, offerSave, onTokenized, onCancel, draft }: NewMethodFormProps) {
  const schema = useMemo(() => cardSchema(settings.allowedCardTypes), [settings.allowedCardTypes]);
  const kept = draft?.kind === "CARD" ? draft.values : {};
  const form = useForm<CardValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      number: kept.number ?? "",
      expiration: kept.expiration ?? "",
      cvv: "",
      nameOnAccount: kept.nameOnAccount ?? "",
    },
  });
  const { save, setSave, error, onSubmit } = useSandboxSubmit(form, { onTokenized, draft }, "CARD", (v) => ({
    kind: "CARD",
    number: v.number,
    expiration: v.expiration,
    cvv: v.cvv,
    nameOnAccount: v.nameOnAccount,
  }));
  const { errors, isSubmitting } = form.formState;
  return (
    <fieldset className="grid gap-3" aria-label="New card" onKeyDown={submitOnEnter(() => void onSubmit())}>
      <FormField
        label="Card number"
        error={errors.number?.message}
        description={`We accept ${acceptedCardsText(settings.allowedCardTypes)}.`}
      >
        {(control) => (
          <SecretInput
            form={form}
            name="number"
            control={control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Expiration (MM/YY)" error={errors.expiration?.message}>
          {(control) => (
            <SecretInput
              form={form}
              name="expiration"
              control={control}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
            />
          )}
        </FormField>
        <FormField label="Security code" error={errors.cvv?.message}>
          {(control) => (
            <SecretInput
              form={form}
              name="cvv"
              control={control}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
            />
          )}
        </FormField>
      </div>
      <FormField label="Name on card" error={errors.nameOnAccount?.message}>
        {(control) => <SecretInput form={form} name="nameOnAccount" control={control} autoComplete="cc-name" />}
      </FormField>
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <FormButtons label={submitLabel("CARD")} busy={isSubmitting} onSubmit={onSubmit} onCancel={onCancel} />
    </fieldset>
  );
}

function SandboxBankForm({ submitLabel, offerSave, onTokenized, onCancel, draft }: NewMethodFormProps) {
  const kept = draft?.kind === "ACH" ? draft.values : {};
  const form = useForm<BankValues>({
    resolver: zodResolver(bankSchema),
    defaultValues: {
      routingNumber: kept.routingNumber ?? "",
      accountNumber: kept.accountNumber ?? "",
      accountType: kept.accountType === "SAVINGS" ? "SAVINGS" : "CHECKING",
      nameOnAccount: kept.nameOnAccount ?? "",
    },
  });
  const { save, setSave, error, onSubmit } = useSandboxSubmit(form, { onTokenized, draft }, "ACH", (v) => ({
    kind: "ACH",
    routingNumber: v.routingNumber,
    accountNumber: v.accountNumber,
    accountType: v.accountType,
    nameOnAccount: v.nameOnAccount,
  }));
  const { errors, isSubmitting } = form.formState;
  return (
    <fieldset className="grid gap-3" aria-label="New bank account" onKeyDown={submitOnEnter(() => void onSubmit())}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Routing number" error={errors.routingNumber?.message}>
          {(control) => (
            <SecretInput
              form={form}
              name="routingNumber"
              control={control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="9 digits"
            />
          )}
        </FormField>
        <FormField label="Account number" error={errors.accountNumber?.message}>
          {(control) => (
            <SecretInput form={form} name="accountNumber" control={control} inputMode="numeric" autoComplete="off" />
          )}
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Account type" error={errors.accountType?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="accountType"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...control}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="CHECKING">Checking</SelectItem>
                    <SelectItem value="SAVINGS">Savings</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
        <FormField label="Name on account" error={errors.nameOnAccount?.message}>
          {(control) => <SecretInput form={form} name="nameOnAccount" control={control} autoComplete="name" />}
        </FormField>
      </div>
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <FormButtons label={submitLabel("ACH")} busy={isSubmitting} onSubmit={onSubmit} onCancel={onCancel} />
    </fieldset>
  );
}

/** NMI mode: Collect.js hosted fields (the numbers never enter this page's DOM). */
function CollectJsForm({
  settings,
  submitLabel,
  offerSave,
  onTokenized,
  onCancel,
  kind,
  draft,
}: NewMethodFormProps & { kind: "CARD" | "ACH" }) {
  const id = useId().replace(/[^a-zA-Z0-9]/g, "");
  const mine = draft?.kind === kind ? draft : null;
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [save, setSave] = useState(mine?.save ?? false);
  const [error, setError] = useState<string | null>(mine?.fault?.message ?? null);
  const [name, setName] = useState(mine?.values.nameOnAccount ?? "");
  const [accountType, setAccountType] = useState<"CHECKING" | "SAVINGS">("CHECKING");
  const tokenize = useRef<(() => Promise<TokenizedMethod>) | null>(null);
  const nameRef = useRef(name);
  nameRef.current = name;
  const typeRef = useRef(accountType);
  typeRef.current = accountType;

  const selectors = useMemo((): Record<string, string> => {
    if (kind === "CARD") return { ccnumber: `#cc-number-${id}`, ccexp: `#cc-exp-${id}`, cvv: `#cc-cvv-${id}` };
    return { checkaba: `#ck-aba-${id}`, checkaccount: `#ck-account-${id}`, checkname: `#ck-name-${id}` };
  }, [kind, id]);

  useEffect(() => {
    let cancelled = false;
    loadCollectJs(settings.collectJsUrl, settings.collectJsKey)
      .then(() => {
        if (cancelled) return;
        tokenize.current = configureCollectJs({
          kind,
          selectors,
          accountType: () => typeRef.current,
          nameOnAccount: () => nameRef.current,
        });
        setReady(true);
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      cancelled = true;
    };
  }, [settings.collectJsUrl, settings.collectJsKey, kind, selectors]);

  const submit = async () => {
    if (!tokenize.current) return;
    setBusy(true);
    setError(null);
    try {
      const m = await tokenize.current();
      if (m.kind === "CARD" && m.brand && !settings.allowedCardTypes.includes(m.brand)) {
        setError(`That card type is not accepted. Accepted cards: ${acceptedCardsText(settings.allowedCardTypes)}.`);
        return;
      }
      await onTokenized(m, save, { kind, values: { nameOnAccount: nameRef.current }, save });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const hosted = (label: string, elementId: string) => (
    <div className="grid gap-1.5">
      <span className="font-medium text-sm" id={`${elementId}-label`}>
        {label}
      </span>
      <div id={elementId} className="h-8 rounded-md border border-input bg-card px-2.5" />
    </div>
  );

  return (
    <fieldset
      className="grid gap-3"
      aria-label={kind === "CARD" ? "New card" : "New bank account"}
      onKeyDown={submitOnEnter(() => void submit())}
    >
      {kind === "CARD" ? (
        <>
          {hosted("Card number", `cc-number-${id}`)}
          <div className="grid grid-cols-2 gap-3">
            {hosted("Expiration (MM/YY)", `cc-exp-${id}`)}
            {hosted("Security code", `cc-cvv-${id}`)}
          </div>
          <FormField label="Name on card">
            <Input autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} />
          </FormField>
        </>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {hosted("Routing number", `ck-aba-${id}`)}
            {hosted("Account number", `ck-account-${id}`)}
          </div>
          {hosted("Name on account", `ck-name-${id}`)}
          <FormField label="Account type">
            <Select value={accountType} onValueChange={(v) => setAccountType(v as "CHECKING" | "SAVINGS")}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="CHECKING">Checking</SelectItem>
                <SelectItem value="SAVINGS">Savings</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
        </>
      )}
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <FormButtons
        label={ready ? submitLabel(kind) : "Loading secure form…"}
        busy={busy || !ready}
        onSubmit={() => void submit()}
        onCancel={onCancel}
      />
    </fieldset>
  );
}
