// Charging a customer: one PaymentAttempt per idempotency key (@@unique([branchId, idempotencyKey])),
// so a double submit returns the first result instead of charging twice. An approved payment posts
// PAYMENT transactions (negative amounts, masked account) at once, applied to the chosen invoices.
// See docs/decisions/0152-payments-idempotency-and-posting.md.
//
// One operation group per file: what they share (payments.attempts.ts: the charge's input and answer,
// limits, idempotency and row locks), the method to charge (payments.method.ts), charging
// (payments.charge.ts), posting an approved payment (payments.post.ts) and voiding one (payments.void.ts).
export * from "./payments.attempts.ts";
export * from "./payments.charge.ts";
export * from "./payments.method.ts";
export * from "./payments.post.ts";
export * from "./payments.void.ts";
