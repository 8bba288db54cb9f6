import { RepeatIcon, RouteIcon } from "lucide-react";
import type { DeliveryAddress } from "../api";
import { formatLongDate, frequencyLabel } from "../format";

/** The address's regular services: what, which route, how often, and the next regular delivery. */
export function ServiceSummary({ services }: { services: DeliveryAddress["services"] }) {
  if (!services.length)
    return <p className="text-muted-foreground text-sm">There is no regular delivery service at this address.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
      {services.map((s) => (
        <li key={s.serviceId} className="grid gap-2 rounded-lg border bg-card p-4 text-sm shadow-xs">
          <p className="font-medium">{s.productName ?? "Regular delivery"}</p>
          <p className="flex items-center gap-2 text-muted-foreground">
            <RouteIcon aria-hidden="true" className="size-4 shrink-0" />
            <span>
              {s.routeDriver.doNotUseNumberedRoutes ? "" : `Route ${s.routeNumber}`}
              {s.routeName ? `${s.routeDriver.doNotUseNumberedRoutes ? "" : " · "}${s.routeName}` : ""}
            </span>
          </p>
          <p className="flex items-center gap-2 text-muted-foreground">
            <RepeatIcon aria-hidden="true" className="size-4 shrink-0" />
            <span>{frequencyLabel(s.routeFrequencyInterval)}</span>
          </p>
          <p>
            <span className="text-muted-foreground">Next regular delivery: </span>
            <span className="font-medium">
              {s.nextDeliveryDate ? formatLongDate(s.nextDeliveryDate) : "not scheduled"}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
