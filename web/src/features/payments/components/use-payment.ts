import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import { useSearch } from "wouter";
import type { Billing } from "@/features/billing/api";
import { formatMoney } from "@/lib/format";
import { MutationRefusal } from "@/lib/use-gql-mutation";
import { answerLost, askPaymentByKey, type PaymentResponse, useMakePayment, useRefreshPayments } from "../api";
import { errorMessage, newIdempotencyKey, parseDollars } from "../schema";
import type { Mode } from "./payment-amount-card";
import type { PaymentChoice } from "./payment-method-picker";
import type { Receipt } from "./payment-receipt";

/** How much more than the balance a customer may pay online (the server holds the same limit). */
export const MAX_CREDIT_CENTS = 50_000;

/** What became of the last try that did not go through: the server's answer, or why there is none. */
export type Outcome = { kind: "response"; response: PaymentResponse } | { kind: "error"; message: string };

/**
 * The payment page's state and its one action: how much (the balance, another amount, chosen
 * invoices; ?invoice= preselects one), with what, and paying. A payment is sent with one idempotency
 * key, kept until the server has answered, so a double click or a retry after a lost answer charges
 * at most once; an answer (approved, declined, refused) starts a new key for the next payment.
 */
export function usePayment(customerId: string, billing: Billing) {
  const search = new URLSearchParams(useSearch());
  const openInvoices = billing.invoices.filter((i) => i.balance > 0);
  const preselected = search.get("invoice");
  const initialMode: Mode =
    preselected && openInvoices.some((i) => i.id === preselected)
      ? "invoices"
      : billing.balance > 0
        ? "balance"
        : "other";
  const [mode, setMode] = useState<Mode>(initialMode);
  const [other, setOther] = useState("");
  const [invoiceIds, setInvoiceIds] = useState<Set<string>>(
    () => new Set(initialMode === "invoices" && preselected ? [preselected] : []),
  );
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // An approved payment: the receipt replaces the form until the customer starts another payment.
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  // A declined new card: the picker reopens its form with what was typed and the field at fault.
  const [declined, setDeclined] = useState<{ message: string } | null>(null);
  const [touched, setTouched] = useState(false);
  // Paying more than the balance leaves a credit: the customer says so, and the server checks it.
  const [creditConfirmed, setCreditConfirmed] = useState(false);
  // One key per payment: a double click sends the same key, so the server charges once.
  const key = useRef(newIdempotencyKey());
  const pay = useMakePayment();
  const refresh = useRefreshPayments();
  const onChoice = useCallback((v: PaymentChoice | null) => setChoice(v), []);

  const amount = useMemo(() => {
    if (mode === "balance") return billing.balance;
    if (mode === "invoices") return openInvoices.filter((i) => invoiceIds.has(i.id)).reduce((s, i) => s + i.balance, 0);
    return parseDollars(other) ?? 0;
  }, [mode, billing.balance, openInvoices, invoiceIds, other]);

  const due = Math.max(billing.balance, 0);
  const credit = mode === "other" ? amount - due : 0;
  const amountError =
    mode === "other" && parseDollars(other) === null
      ? "Enter an amount, like 25.00."
      : mode === "invoices" && invoiceIds.size === 0
        ? "Choose at least one invoice."
        : amount < 1
          ? "Enter an amount of at least $0.01."
          : amount > 10_000_000
            ? "Enter an amount of at most $100,000.00."
            : credit > MAX_CREDIT_CENTS
              ? `You can pay at most ${formatMoney(due + MAX_CREDIT_CENTS)}: your balance plus up to ${formatMoney(MAX_CREDIT_CENTS)} of credit.`
              : credit > 0 && !creditConfirmed
                ? "Confirm that you want to pay more than your balance."
                : null;

  /** Shows the server's answer (from makePayment, or found by key after a lost answer). */
  const settle = (response: PaymentResponse, recovered = false) => {
    if (!choice) return;
    setTouched(false);
    key.current = newIdempotencyKey();
    if ("token" in choice) setChoice(null); // a token pays once
    if (response.isSuccess) {
      setReceipt({
        message: recovered
          ? `Your payment of ${formatMoney(response.receipt?.amount ?? amount)} went through.`
          : response.message,
        amount: response.receipt?.amount ?? amount,
        method: choice.label,
        reference: response.receipt?.reference ?? response.attemptId,
        paidAt: String(response.receipt?.paidAt ?? ""),
        balance: response.balance,
      });
      setOther("");
      setCreditConfirmed(false);
      setInvoiceIds(new Set());
      setMode(response.balance > 0 ? "balance" : "other");
    } else {
      setOutcome({ kind: "response", response });
      if ("token" in choice) setDeclined({ message: response.message });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountError || !choice || pay.isPending) return;
    setOutcome(null);
    setDeclined(null);
    try {
      const r = await pay.mutateQuietly({
        input: {
          customerId,
          amount,
          confirmOverpayment: credit > 0 && creditConfirmed,
          idempotencyKey: key.current,
          invoiceIds: mode === "invoices" ? [...invoiceIds] : undefined,
          ...("paymentAccountId" in choice
            ? { paymentAccountId: choice.paymentAccountId }
            : { token: choice.token, saveForLater: choice.saveForLater }),
        },
      });
      settle(r.makePayment);
    } catch (error) {
      // A decline or refusal is an answer like an approval: the page shows it, the next try gets a new key.
      if (error instanceof MutationRefusal && "result" in error.result) {
        settle(error.result as PaymentResponse);
        return;
      }
      if (answerLost(error)) {
        // The server may have charged before the answer was lost: ask what became of this key before
        // offering to pay again. The key is kept, so a retry can never charge twice.
        const found = await askPaymentByKey(customerId, key.current);
        if (found) {
          settle(found, true);
          await refresh();
        } else
          setOutcome({
            kind: "error",
            message:
              found === null
                ? "Your payment did not reach us, and nothing was charged. Please try again."
                : "We could not reach the server to confirm your payment. Check your connection, then press Pay again: you will not be charged twice.",
          });
        return;
      }
      setOutcome({ kind: "error", message: errorMessage(error) });
      key.current = newIdempotencyKey();
      if ("token" in choice && /expired/i.test(errorMessage(error))) setChoice(null);
    }
  };

  /** Back from the receipt to a new payment. */
  const anotherPayment = () => {
    setReceipt(null);
    setOutcome(null);
    // focus moves to the form's first question, as the receipt it replaces had focus
    requestAnimationFrame(() => document.getElementById("amount-heading")?.focus());
  };

  return {
    amountState: {
      billing,
      openInvoices,
      mode,
      setMode,
      other,
      setOther,
      invoiceIds,
      setInvoiceIds,
      due,
      credit,
      maxCredit: MAX_CREDIT_CENTS,
      creditConfirmed,
      setCreditConfirmed,
      touched,
      amountError,
    },
    openInvoices,
    amount,
    amountError,
    touched,
    choice,
    onChoice,
    declined,
    outcome,
    receipt,
    paying: pay.isPending,
    submit,
    anotherPayment,
  };
}
