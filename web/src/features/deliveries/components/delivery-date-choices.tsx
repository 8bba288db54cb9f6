import type { UseFormReturn } from "react-hook-form";
import { cn } from "@/lib/utils";
import type { DeliveryWorkOrder, OfferedDate } from "../api";
import { formatDateParts, formatLongDate } from "../format";
import type { DeliveryFormValues } from "../schema";

/**
 * Step 1: the days the route runs, as cards (Regular, Extra, Current date; a day that already has a
 * delivery cannot be chosen). The route shows when the dates come from more than one route.
 */
export function DeliveryDateChoices({
  form,
  choices,
  order,
}: {
  form: UseFormReturn<DeliveryFormValues>;
  choices: OfferedDate[];
  order?: DeliveryWorkOrder;
}) {
  const { errors } = form.formState;
  const showRoutes = new Set(choices.map((d) => d.routeNumber).filter(Boolean)).size > 1;
  return (
    <fieldset className="grid gap-3" aria-describedby={errors.scheduled ? "date-error" : "date-help"}>
      <legend className="mb-1 font-semibold text-lg">1. Delivery date</legend>
      <p id="date-help" className="-mt-2 text-muted-foreground text-sm">
        The days your route runs. <span className="font-medium text-foreground">Regular</span> days are on your usual
        schedule; on other days we bring an extra delivery.
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
        {choices.map((d) => {
          const taken = !!d.workOrderId && d.workOrderId !== order?.id;
          const current = !!order && d.date === order.workTime.scheduled;
          const { weekday, day } = formatDateParts(d.date);
          const tag = taken ? "Already scheduled" : current ? "Current date" : d.isRegular ? "Regular" : "Extra";
          return (
            <label
              key={d.date}
              className={cn(
                "relative flex cursor-pointer flex-col gap-0.5 rounded-lg border bg-card px-3 py-2.5 shadow-xs transition-colors hover:border-foreground/40",
                "has-[:checked]:border-primary has-[:checked]:bg-primary/8 has-[:checked]:ring-1 has-[:checked]:ring-primary",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background",
                taken && "cursor-not-allowed bg-muted/60 opacity-60 hover:border-border",
                errors.scheduled && "border-destructive/60",
              )}
            >
              <input
                type="radio"
                value={d.date}
                disabled={taken}
                className="sr-only"
                aria-label={`${formatLongDate(d.date)}, ${tag}`}
                {...form.register("scheduled")}
              />
              <span className="text-muted-foreground text-xs uppercase tracking-wide">{weekday}</span>
              <span className="font-semibold">{day}</span>
              <span
                className={cn("text-xs", d.isRegular && !taken ? "font-medium text-success" : "text-muted-foreground")}
              >
                {tag}
                {showRoutes && d.routeNumber ? ` · Route ${d.routeNumber}` : ""}
              </span>
            </label>
          );
        })}
      </div>
      {errors.scheduled ? (
        <p id="date-error" role="alert" className="font-medium text-destructive text-sm">
          {errors.scheduled.message}
        </p>
      ) : null}
    </fieldset>
  );
}
