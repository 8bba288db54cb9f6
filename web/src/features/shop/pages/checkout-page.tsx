import { useQueryClient } from "@tanstack/react-query";
import { AlertCircleIcon, CalendarIcon, LinkIcon, LockIcon, MapPinIcon, ShoppingCartIcon } from "lucide-react";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { SafeHtml } from "@/components/safe-html";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { type PaymentChoice, PaymentMethodPicker } from "@/features/payments/components/payment-method-picker";
import { describeRequestError } from "@/lib/query-client";
import { cn, formatMoney } from "@/lib/utils";
import {
  type CheckoutAddress,
  type CheckoutOptions,
  useCheckoutOptions,
  useOrderCost,
  usePlaceOrder,
  useShopCustomers,
  useShoppingCart,
} from "../api";
import { TotalsList } from "../components/order-summary";
import { ProductImage } from "../components/product-image";
import { formatDate, pluralize } from "../format";

const NO_PO = "__none__";
const newKey = () => crypto.randomUUID().replace(/-/g, "");

/** /shop/checkout (SPEC section 2): a linked customer chooses the address, pays and places the order. */
export default function CheckoutPage() {
  const customersQuery = useShopCustomers();
  const { cart, isPending: cartPending } = useShoppingCart();
  const customers = customersQuery.data?.customers;

  if (customersQuery.isPending || cartPending)
    return (
      <div className="grid gap-4" role="status" aria-label="Loading checkout">
        <Skeleton className="h-8 w-48" />
        <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
          <Skeleton className="h-96" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  if (customersQuery.isError)
    return <QueryError error={customersQuery.error} onRetry={() => customersQuery.refetch()} />;

  return (
    <div className="grid gap-2">
      <DocumentTitle title="Checkout" />
      <PageHeader title="Checkout" description="Your order is delivered with your next route stop." />
      {!customers?.length ? (
        <Alert
          variant="info"
          action={
            <Button asChild size="sm">
              <Link href="/v2/manage">
                <LinkIcon aria-hidden="true" />
                Link Account
              </Link>
            </Button>
          }
        >
          <AlertTitle>You aren't linked to an account yet.</AlertTitle>
          <AlertDescription>
            Link your customer account with its account number and security code to order from the shop.
          </AlertDescription>
        </Alert>
      ) : !cart || cart.items.length === 0 ? (
        <EmptyState
          icon={<ShoppingCartIcon aria-hidden="true" />}
          title="Your cart is empty."
          description="Add something from the shop, then come back to check out."
          action={
            <Button asChild>
              <Link href="/shop">Go to the shop</Link>
            </Button>
          }
          className="bg-card"
        />
      ) : (
        <CheckoutForm customers={customers} />
      )}
    </div>
  );
}

type Customer = { id: string; accountNumber: string; name: string };

function CheckoutForm({ customers }: { customers: Customer[] }) {
  const [customerId, setCustomerId] = useState(customers[0]!.id);
  const optionsQuery = useCheckoutOptions(customerId);
  const options = optionsQuery.data?.shopCheckoutOptions;
  const accountPicker =
    customers.length > 1 ? (
      <Card>
        <CardContent>
          <FormField label="Account">
            {(control) => (
              <Select value={customerId} onValueChange={setCustomerId}>
                <SelectTrigger {...control} className="h-10 w-full sm:w-96">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {customers.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.accountNumber} · {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        </CardContent>
      </Card>
    ) : null;

  if (options) return <CheckoutSteps key={customerId} options={options} accountPicker={accountPicker} />;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[1fr_22rem]">
      <div className="grid gap-4">
        {accountPicker}
        {optionsQuery.isPending ? (
          <Skeleton className="h-64" />
        ) : (
          <QueryError error={optionsQuery.error} onRetry={() => optionsQuery.refetch()} />
        )}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

function addressLines(a: CheckoutAddress) {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`].filter(Boolean);
}

function StepTitle({ n, children }: { n: number; children: ReactNode }) {
  return (
    <CardTitle asChild>
      <h2 className="flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className="flex size-6 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs"
        >
          {n}
        </span>
        {children}
      </h2>
    </CardTitle>
  );
}

function CheckoutSteps({ options, accountPicker }: { options: CheckoutOptions; accountPicker: ReactNode }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { cart, cartId } = useShoppingCart();
  const groupName = useId();
  const usable = options.addresses.filter((a) => !a.isOnCreditHold && a.nextDeliveryDate);
  const [addressId, setAddressId] = useState(usable[0]?.serviceAddressId ?? "");
  const [poId, setPoId] = useState(NO_PO);
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  // A declined new card: the picker reopens its form with what was typed and the field at fault.
  const [declined, setDeclined] = useState<{ message: string } | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const placeOrder = usePlaceOrder();
  const keyRef = useRef(newKey());
  const [submitting, setSubmitting] = useState(false);

  const cartVersion = useMemo(() => (cart?.items ?? []).map((l) => `${l.itemId}:${l.quantity}`).join(","), [cart]);
  const costQuery = useOrderCost(addressId ? { customerId: options.customerId, addressId, cartId } : null, cartVersion);
  const cost = costQuery.data?.orderCost ?? null;
  const needsAgreement = !!options.paymentAgreementHtml.trim();
  const address = options.addresses.find((a) => a.serviceAddressId === addressId);

  // A failure message belongs to the address and cart it was about.
  const failureKey = `${addressId}|${cartVersion}`;
  const [failureFor, setFailureFor] = useState(failureKey);
  if (failureFor !== failureKey) {
    setFailureFor(failureKey);
    setFailure(null);
  }

  async function submit() {
    const e: Record<string, string> = {};
    if (!addressId) e.address = "Choose the address to deliver to.";
    if (options.purchaseOrderRequired && poId === NO_PO) e.po = "A purchase order is required for this account.";
    if (!payment) e.payment = "Choose a payment method.";
    if (needsAgreement && !agreed) e.agreement = "Please accept the payment agreement.";
    setErrors(e);
    const first = (["address", "po", "payment", "agreement"] as const).find((k) => e[k]);
    if (first) showProblem(first === "po" ? "address" : first);
    if (Object.keys(e).length || !cost || !payment) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const r = await placeOrder.mutateAsync({
        input: {
          customerId: options.customerId,
          addressId,
          cartId,
          purchaseOrderId: poId === NO_PO ? null : poId,
          paymentMethod:
            "paymentAccountId" in payment
              ? { paymentAccountId: payment.paymentAccountId }
              : { token: payment.token, saveForLater: payment.saveForLater },
          acceptAgreement: agreed,
          idempotencyKey: keyRef.current,
          expectedTotal: cost.total,
        },
      });
      const result = r.placeOrder;
      if (result.isSuccess && result.orderId) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ["ShoppingCart"] }),
          queryClient.invalidateQueries({ queryKey: ["OrderHistory"] }),
          queryClient.invalidateQueries({ queryKey: ["PaymentMethods"] }),
        ]);
        navigate(`/shop/checkout-success?orderId=${encodeURIComponent(result.orderId)}`);
        return;
      }
      // A definite "no": the next try is a new attempt (a token is single-use, pick the method again).
      keyRef.current = newKey();
      if (!("paymentAccountId" in payment)) {
        setPayment(null);
        if (result.paymentResult === "DECLINED") setDeclined({ message: result.message });
      }
      setFailure(result.message);
      void costQuery.refetch();
    } catch (error) {
      // The outcome is unknown (network): the same key makes a retry safe.
      setFailure(describeRequestError(error));
    } finally {
      setSubmitting(false);
    }
  }

  const summary = (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Order summary</h2>
        </CardTitle>
        <CardDescription>{pluralize(cart?.itemCount ?? 0, "item")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="-mx-1 grid max-h-72 gap-3 overflow-y-auto px-1 pt-2" aria-label="Items">
          {(cart?.items ?? []).map((l) => (
            <li key={l.itemId} className="flex items-center gap-3 text-sm">
              <div className="relative">
                <ProductImage src={l.product?.media[0]?.url} alt="" className="size-12" />
                <span className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-muted-foreground font-semibold text-[10px] text-background">
                  {l.quantity}
                </span>
              </div>
              <span className="min-w-0 flex-1 truncate">{l.product?.title ?? "cant find product"}</span>
              <span className="tabular-nums">{formatMoney(l.amount)}</span>
            </li>
          ))}
        </ul>
        {costQuery.isError ? (
          <Alert variant="destructive">
            <AlertTitle>There has been an error calculating costs.</AlertTitle>
            <AlertDescription className="whitespace-pre-line">{describeRequestError(costQuery.error)}</AlertDescription>
          </Alert>
        ) : (
          <TotalsList totals={addressId ? cost : null} />
        )}
        {cost?.deliveryDate ? (
          <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            <CalendarIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span>
              Delivered <strong className="font-medium">{formatDate(cost.deliveryDate)}</strong>
            </span>
          </p>
        ) : null}
        {failure ? (
          <Alert variant="destructive">
            <AlertTitle>Your order was not placed</AlertTitle>
            <AlertDescription className="whitespace-pre-line">{failure}</AlertDescription>
          </Alert>
        ) : null}
        <Button size="lg" onClick={submit} disabled={submitting || !cost || costQuery.isFetching}>
          {submitting ? (
            <Spinner className="text-current" label="Placing your order" />
          ) : (
            <LockIcon aria-hidden="true" />
          )}
          {cost ? `Place order · ${formatMoney(cost.total)}` : "Place order"}
        </Button>
        <Button asChild variant="link" className="justify-self-center">
          <Link href="/shop/cart">Edit cart</Link>
        </Button>
      </CardContent>
    </Card>
  );

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[1fr_22rem]">
      <div className="grid gap-4">
        {accountPicker}
        <Card id="checkout-address">
          <CardHeader>
            <StepTitle n={1}>Delivery address</StepTitle>
            <CardDescription>We deliver on the next route day of the address you choose.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {options.addresses.length === 0 ? (
              <Alert variant="warning">
                <AlertDescription>
                  This account has no active service address. Please call us to order.
                </AlertDescription>
              </Alert>
            ) : (
              <fieldset className="grid gap-2" aria-describedby={errors.address ? `${groupName}-err` : undefined}>
                <legend className="sr-only">Delivery address</legend>
                {options.addresses.map((a) => {
                  const disabled = a.isOnCreditHold || !a.nextDeliveryDate;
                  const id = `${groupName}-${a.serviceAddressId}`;
                  const checked = a.serviceAddressId === addressId;
                  return (
                    <label
                      key={a.serviceAddressId}
                      htmlFor={id}
                      className={cn(
                        "flex cursor-pointer items-start gap-3 rounded-md border bg-card px-3 py-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                        checked ? "border-primary bg-primary/5" : "hover:bg-muted/60",
                        disabled && "cursor-not-allowed opacity-60",
                      )}
                    >
                      <input
                        id={id}
                        type="radio"
                        name={groupName}
                        className="mt-0.5 size-4 accent-primary"
                        checked={checked}
                        disabled={disabled}
                        onChange={() => {
                          setAddressId(a.serviceAddressId);
                          setErrors(({ address: _done, ...rest }) => rest);
                        }}
                      />
                      <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                      <span className="grid flex-1 gap-0.5 text-sm">
                        {a.name ? <span className="font-medium">{a.name}</span> : null}
                        <span>{addressLines(a).join(", ")}</span>
                        <span className="text-muted-foreground text-xs">
                          {a.isOnCreditHold
                            ? "On credit hold: please call us to order for this address."
                            : a.nextDeliveryDate
                              ? `Next delivery: ${formatDate(a.nextDeliveryDate)}`
                              : "No delivery date scheduled yet: please call us."}
                        </span>
                      </span>
                      {a.isOnCreditHold ? <Badge variant="destructive">Credit hold</Badge> : null}
                    </label>
                  );
                })}
              </fieldset>
            )}
            {errors.address ? (
              <p id={`${groupName}-err`} role="alert" className="font-medium text-destructive text-xs">
                {errors.address}
              </p>
            ) : null}

            {options.purchaseOrderRequired || options.purchaseOrders.length > 0 ? (
              <FormField
                label="Purchase order"
                required={options.purchaseOrderRequired}
                error={errors.po}
                description={options.purchaseOrderRequired ? "This account requires a purchase order." : undefined}
              >
                {(control) => (
                  <Select
                    value={poId}
                    onValueChange={(v) => {
                      setPoId(v);
                      setErrors(({ po: _done, ...rest }) => rest);
                    }}
                  >
                    <SelectTrigger {...control} className="h-10 w-full sm:w-80">
                      <SelectValue placeholder="Choose a purchase order" />
                    </SelectTrigger>
                    <SelectContent>
                      {options.purchaseOrderRequired ? null : <SelectItem value={NO_PO}>No purchase order</SelectItem>}
                      {options.purchaseOrders.map((po) => (
                        <SelectItem key={po.id} value={po.id}>
                          {po.number}
                          {po.description ? ` · ${po.description}` : ""}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            ) : null}
          </CardContent>
        </Card>

        <Card id="checkout-payment">
          <CardHeader>
            <StepTitle n={2}>Payment</StepTitle>
            <CardDescription>Charged once when you place the order.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            <PaymentMethodPicker
              customerId={options.customerId}
              value={payment}
              onChange={setPayment}
              declined={declined}
            />
            {errors.payment && !payment ? (
              <p role="alert" className="font-medium text-destructive text-xs">
                {errors.payment}
              </p>
            ) : null}
          </CardContent>
        </Card>

        {needsAgreement ? (
          <Card id="checkout-agreement">
            <CardHeader>
              <StepTitle n={3}>Payment agreement</StepTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="max-h-48 overflow-y-auto rounded-md border bg-muted/40 px-4 py-3 text-sm">
                <SafeHtml
                  html={options.paymentAgreementHtml}
                  className="grid gap-2 [&_a]:text-primary [&_a]:underline"
                />
              </div>
              <FormField label="I accept the payment agreement" orientation="horizontal" error={errors.agreement}>
                <Checkbox
                  checked={agreed}
                  onCheckedChange={(v) => {
                    setAgreed(v === true);
                    if (v === true) setErrors(({ agreement: _done, ...rest }) => rest);
                  }}
                />
              </FormField>
            </CardContent>
          </Card>
        ) : null}

        {address && !address.nextDeliveryDate ? (
          <Alert variant="warning" icon={<AlertCircleIcon aria-hidden="true" />}>
            <AlertDescription>There is no delivery date for this address yet.</AlertDescription>
          </Alert>
        ) : null}
      </div>
      <div className="lg:sticky lg:top-24">{summary}</div>
    </div>
  );
}

/**
 * Brings the first step with a problem into view and puts the keyboard there, so that a click on
 * "Place order" never seems to do nothing (the message may be below the fold on a phone).
 */
function showProblem(step: "address" | "payment" | "agreement") {
  requestAnimationFrame(() => {
    const section = document.getElementById(`checkout-${step}`);
    if (!section) return;
    section.scrollIntoView({ block: "center", behavior: "smooth" });
    section
      .querySelector<HTMLElement>('[aria-invalid="true"], input:not([disabled]), button[role="checkbox"], button')
      ?.focus({ preventScroll: true });
  });
}
