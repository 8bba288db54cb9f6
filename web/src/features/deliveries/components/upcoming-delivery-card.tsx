import { CalendarClockIcon, PencilIcon } from "lucide-react";
import { Link } from "wouter";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import type { DeliveryWorkOrder } from "../api";
import { deliveriesPath, deliveryName, formatLongDate } from "../format";
import { BillingLines, MoneyTotals } from "./billing-lines";
import { CallUs } from "./call-us";
import { CancelDeliveryButton } from "./cancel-delivery-button";

/** One open delivery: its date, lines and totals, and Change / Cancel while it can still be edited. */
export function UpcomingDeliveryCard({
  order,
  customerId,
  addressId,
  locked,
}: {
  order: DeliveryWorkOrder;
  customerId: string;
  addressId: string;
  /** Changes are not possible at this address right now (credit hold). */
  locked?: boolean;
}) {
  const titleId = `delivery-${order.id}`;
  const canChange = order.canEdit && !locked;
  const name = deliveryName(order);
  return (
    <Card aria-labelledby={titleId} role="article" className="gap-3">
      <CardHeader>
        <CardTitle asChild>
          <h3 id={titleId} className="flex items-center gap-2">
            <CalendarClockIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            {formatLongDate(order.workTime.scheduled)}
          </h3>
        </CardTitle>
        <CardDescription>
          {name.kind} {name.number}
          {order.workTime.scheduledTime ? ` · ${order.workTime.scheduledTime}` : ""}
          {order.purchaseOrderNumber ? ` · PO ${order.purchaseOrderNumber}` : ""}
        </CardDescription>
        <CardAction>
          {order.shopOrder?.paidOnline ? (
            <Badge variant="success">Paid online</Badge>
          ) : order.shopOrder ? (
            <Badge variant="info">Shop order</Badge>
          ) : order.isPortalOrder ? (
            <Badge variant="info">Scheduled online</Badge>
          ) : (
            <Badge variant="secondary">Scheduled</Badge>
          )}
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3">
        {order.disposition.validationError ? (
          <Alert variant="warning">
            <AlertDescription>{order.disposition.validationError}</AlertDescription>
          </Alert>
        ) : null}
        <BillingLines items={order.billingItems} />
        <Separator />
        <MoneyTotals subtotal={order.subtotal} tax={order.tax} total={order.total} />
      </CardContent>
      <CardFooter className="mt-auto flex-wrap border-t">
        {canChange ? (
          <>
            <Button asChild size="sm" variant="outline">
              <Link
                href={deliveriesPath(customerId, addressId, `Edit/${order.id}`)}
                aria-label={`Change the delivery on ${formatLongDate(order.workTime.scheduled)}`}
              >
                <PencilIcon aria-hidden="true" />
                Change
              </Link>
            </Button>
            <CancelDeliveryButton workOrderId={order.id} scheduled={order.workTime.scheduled} label="Cancel" />
          </>
        ) : (
          <p className="text-muted-foreground text-xs">
            {locked ? (
              "Changes aren't possible online while the address is on credit hold."
            ) : (
              <>
                This delivery can no longer be changed online; <CallUs lowercase /> to change it.
              </>
            )}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}
