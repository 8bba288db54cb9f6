// Portal deliveries: the dates a customer may choose, their orders (work orders) and what they cost.
// Who may act on the customer is declared on the root fields (customerAccess / recordAccess scopes);
// every operation here checks the branch feature, then that the address and order belong to that
// customer (another branch's ids read as NOT_FOUND).
// Refusals a customer can act on (a date, a quantity, a purchase order, credit hold, an order that can
// no longer change) are BAD_USER_INPUT or CONFLICT here; the resolvers answer them as
// { isSuccess: false, message } (docs/decisions/0004, 0202).
//
// One operation group per file: the shared limits, messages and feature check (deliveries.common.ts),
// addresses, their items and dates, with the per-request catalog loader (deliveries.addresses.ts), and
// work orders: placing, changing and cancelling them (deliveries.work-orders.ts).
export * from "./deliveries.addresses.ts";
export * from "./deliveries.common.ts";
export * from "./deliveries.work-orders.ts";
