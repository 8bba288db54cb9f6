import { ChevronRightIcon, MapPinIcon, TruckIcon } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import type { DeliveryAddress } from "../api";
import { cityLine, deliveriesPath, formatLongDate, recipientName, streetLine } from "../format";

function nextDelivery(a: DeliveryAddress): string | null {
  const dates = a.services.map((s) => s.nextDeliveryDate).filter((d): d is string => !!d);
  return dates.sort()[0] ?? null;
}

/**
 * Service addresses as links to their deliveries; an account without one says "No service addresses"
 * and `none` (a smaller card, `compact`, among other accounts).
 */
export function AddressList({
  customerId,
  addresses,
  none,
  compact,
}: {
  customerId: string;
  addresses: DeliveryAddress[];
  none: string;
  compact?: boolean;
}) {
  if (!addresses.length)
    return (
      <EmptyState
        icon={<TruckIcon aria-hidden="true" />}
        title="No service addresses"
        description={none}
        className={compact ? "bg-card py-6" : "bg-card"}
      />
    );
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {addresses.map((a) => {
        const next = nextDelivery(a);
        return (
          <li key={a.serviceAddressId}>
            <Link
              href={deliveriesPath(customerId, a.serviceAddressId)}
              className="group flex items-center gap-3 rounded-lg border bg-card p-4 shadow-xs outline-none transition-colors hover:border-foreground/30 hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-yellow/25 text-brand-navy dark:text-brand-yellow">
                <MapPinIcon aria-hidden="true" className="size-4" />
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5 text-sm">
                <span className="truncate font-medium">{streetLine(a)}</span>
                <span className="truncate text-muted-foreground">
                  {cityLine(a)}
                  {recipientName(a) ? ` · ${recipientName(a)}` : ""}
                </span>
                <span className="text-muted-foreground text-xs">
                  {next ? `Next regular delivery ${formatLongDate(next)}` : "No regular delivery scheduled"}
                </span>
              </span>
              {a.isOnCreditHold ? <Badge variant="destructive">Credit hold</Badge> : null}
              <ChevronRightIcon
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
