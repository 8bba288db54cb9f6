import { clock } from "../clock.ts";
import { earliestOrderDate } from "../modules/deliveries/delivery-dates.ts";
import type { CatalogIndex } from "./catalog.ts";
import type { SimCustomer } from "./customer-specs.ts";
import type { Rows } from "./rows.ts";

/**
 * Customer 100001's one open work order, on the first run of its route that can still be changed
 * online (orders close at 3 PM the day before), so the portal always shows it as changeable. Depends
 * on today's date and draws nothing from faker.
 */
export function addUpcomingOrder(
  rows: Rows,
  branchId: string,
  jane: SimCustomer,
  catalog: CatalogIndex,
  number: number,
) {
  const janeService = jane.plans[0]!.plan;
  const upcomingId = crypto.randomUUID();
  const now = clock.now();
  const changeable = earliestOrderDate(now, "America/Chicago");
  const janeDate = rows.calendar
    .filter((c) => c.routeId === janeService.route.id && (c.date as Date).toISOString().slice(0, 10) >= changeable)
    .map((c) => c.date as Date)
    .sort((a, b) => a.getTime() - b.getTime())[0]!;
  const spring = catalog.get("5G-SPRING")!;
  rows.workOrders.push({
    id: upcomingId,
    branchId,
    number,
    customerId: jane.id,
    serviceAddressId: jane.addressId,
    workType: "WORK_ORDER",
    name: `${janeService.route.spec.name} delivery`,
    scheduledDate: janeDate,
    isOpen: true,
    createdAt: now,
    updatedAt: now,
  });
  rows.billingItems.push({
    id: crypto.randomUUID(),
    branchId,
    workOrderId: upcomingId,
    catalogItemId: spring.id,
    name: spring.spec.description,
    quantity: 3,
    unitPriceCents: spring.spec.price,
    amountCents: 3 * spring.spec.price,
    canEdit: true,
  });
}
