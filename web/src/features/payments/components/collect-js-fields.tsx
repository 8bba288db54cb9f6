import { useEffect, useId, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { FormAlert, SelectField, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { acceptedCardsText } from "../schema";
import { configureCollectJs, loadCollectJs, type TokenizedMethod } from "../tokenize";
import {
  ACCOUNT_TYPE_OPTIONS,
  FormButtons,
  type NewMethodFormProps,
  SaveCheckbox,
  SecretInput,
  showMethodError,
  submitOnEnter,
} from "./method-form-parts";

// The fields this page holds itself; the numbers are typed into the gateway's frames.
const collectJsSchema = z.object({
  nameOnAccount: z.string(),
  accountType: z.enum(["CHECKING", "SAVINGS"]),
});

/** NMI mode: Collect.js hosted fields (the numbers never enter this page's DOM). */
export function CollectJsFields({
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
  const [save, setSave] = useState(mine?.save ?? false);
  const form = useZodForm(collectJsSchema, {
    nameOnAccount: mine?.values.nameOnAccount ?? "",
    accountType: "CHECKING",
  });
  const tokenize = useRef<(() => Promise<TokenizedMethod>) | null>(null);

  // A declined payment reopens the form with the gateway's reason in its alert.
  const fault = mine?.fault?.message;
  useEffect(() => {
    if (fault) form.setError("root", { type: "server", message: fault });
  }, [fault, form]);

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
          accountType: () => form.getValues("accountType"),
          nameOnAccount: () => form.getValues("nameOnAccount"),
        });
        setReady(true);
      })
      .catch((e: Error) => form.setError("root", { type: "server", message: e.message }));
    return () => {
      cancelled = true;
    };
  }, [settings.collectJsUrl, settings.collectJsKey, kind, selectors, form]);

  const tokenizeAndHandOn = form.handleSubmit(async (values) => {
    if (!tokenize.current) return;
    try {
      const m = await tokenize.current();
      if (m.kind === "CARD" && m.brand && !settings.allowedCardTypes.includes(m.brand)) {
        form.setError("root", {
          type: "server",
          message: `That card type is not accepted. Accepted cards: ${acceptedCardsText(settings.allowedCardTypes)}.`,
        });
        return;
      }
      await onTokenized(m, save, { kind, values: { nameOnAccount: values.nameOnAccount }, save });
    } catch (e) {
      showMethodError(form, e);
    }
  });
  // Nothing to send before the gateway's frames are ready (a load failure stays in the alert).
  const submit = () => (tokenize.current ? void tokenizeAndHandOn() : undefined);

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
      onKeyDown={submitOnEnter(submit)}
    >
      {kind === "CARD" ? (
        <>
          {hosted("Card number", `cc-number-${id}`)}
          <div className="grid grid-cols-2 gap-3">
            {hosted("Expiration (MM/YY)", `cc-exp-${id}`)}
            {hosted("Security code", `cc-cvv-${id}`)}
          </div>
          <FormField label="Name on card">
            {(control) => <SecretInput form={form} name="nameOnAccount" control={control} autoComplete="cc-name" />}
          </FormField>
        </>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {hosted("Routing number", `ck-aba-${id}`)}
            {hosted("Account number", `ck-account-${id}`)}
          </div>
          {hosted("Name on account", `ck-name-${id}`)}
          <SelectField control={form.control} name="accountType" label="Account type" options={ACCOUNT_TYPE_OPTIONS} />
        </>
      )}
      {offerSave ? <SaveCheckbox checked={save} onChange={setSave} /> : null}
      <FormAlert form={form} />
      <FormButtons
        label={ready ? submitLabel(kind) : "Loading secure form…"}
        busy={form.formState.isSubmitting || !ready}
        onSubmit={submit}
        onCancel={onCancel}
      />
    </fieldset>
  );
}
