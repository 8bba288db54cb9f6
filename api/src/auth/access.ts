import type { EmployeePermission } from "../generated/prisma/enums.ts";
import type { Context } from "../runtime.ts";
import { linkedCustomerIds } from "./linked-customers.ts";
import { hasPermission } from "./permissions.ts";

// Access to one record, decided once per request and declared on the root field as a scope
// (builder.ts): `customerAccess` for a customer id, `recordAccess` for a record that belongs to a
// customer (a work order, a saved payment method, a contact, an online order), or for an employee's
// own work (an activity, a person's assigned activities: see `ownWork` below).
//
// - A portal user passes for the customers they are linked to through an active contact.
// - An employee passes only when holding the permission the operation names (CUSTOMER_ACCESS when it
//   names none); ADMINISTRATIVE_SETUP holds every permission.
// - A record this branch does not have passes: the service then answers "not found", exactly as for
//   another branch's ids, so access checks never tell whether an id exists.

export type CustomerAccess = { customerId: string; permission?: EmployeePermission };

export const customerRecordKinds = ["workOrder", "paymentAccount", "contact", "onlineOrder"] as const;
export type CustomerRecordKind = (typeof customerRecordKinds)[number];
/**
 * An employee's own work: `activity` is an activity (id), `assignee` a person whose assigned activities
 * are asked for (id; empty for the signed-in employee). Employees only (portal users never pass).
 */
export const ownWorkKinds = ["activity", "assignee"] as const;
export type OwnWorkKind = (typeof ownWorkKinds)[number];
export type RecordAccess = {
  kind: CustomerRecordKind | OwnWorkKind;
  id: string;
  permission?: EmployeePermission;
};

/** What a portal user hears when refused a record: the same as for an id that does not exist. */
export const notFoundMessages: Record<CustomerRecordKind | OwnWorkKind | "customer", string> = {
  customer: "Customer not found.",
  activity: "Activity not found.",
  assignee: "Person not found.",
  workOrder: "Delivery not found.",
  paymentAccount: "Payment method not found.",
  contact: "Contact not found.",
  onlineOrder: "Order not found.",
};

/** The default permission an employee needs to act on a customer's records. */
export const CUSTOMER_PERMISSION: EmployeePermission = "CUSTOMER_ACCESS";

/**
 * Whether the employee (personId) may change the activity: resolve, cancel, reopen, reschedule,
 * reassign or edit it. Their own (assigned to them) always; anyone else's with the permission. The
 * `recordAccess` scope of kind "activity" (patchActivity) and the Activity's `viewerCan` both ask this.
 */
export function mayChangeActivity(
  personId: string,
  permissions: ReadonlySet<EmployeePermission>,
  activity: { assignedPersonId: string | null } | null,
  permission: EmployeePermission = CUSTOMER_PERMISSION,
): boolean {
  return activity?.assignedPersonId === personId || hasPermission(permissions, permission);
}

export function accessLoaders(ctx: Context) {
  let linked: Promise<Set<string>> | undefined;
  const linkedIds = () => {
    linked ??= linkedCustomerIds(ctx).then((ids) => new Set(ids));
    return linked;
  };

  async function customer({ customerId, permission = CUSTOMER_PERMISSION }: CustomerAccess): Promise<boolean> {
    const v = ctx.viewer;
    if (!v || typeof customerId !== "string") return false;
    if (v.personId) return hasPermission(await ctx.permissions(), permission);
    if ((await linkedIds()).has(customerId)) return true;
    // Not linked: only an id this branch does not have passes (the service says "not found").
    return !(await ctx.db.customer.findUnique({ where: { id: customerId }, select: { id: true } }));
  }

  const owners: Record<CustomerRecordKind, (id: string) => Promise<{ customerId: string } | null>> = {
    workOrder: (id) => ctx.db.workOrder.findUnique({ where: { id }, select: { customerId: true } }),
    paymentAccount: (id) => ctx.db.paymentAccount.findUnique({ where: { id }, select: { customerId: true } }),
    contact: (id) => ctx.db.contact.findUnique({ where: { id }, select: { customerId: true } }),
    onlineOrder: (id) => ctx.db.onlineOrder.findUnique({ where: { id }, select: { customerId: true } }),
  };

  /**
   * An employee may always read and resolve or reschedule the activities assigned to them, and read
   * their own list of assigned activities; anyone else's takes the permission (CUSTOMER_ACCESS unless
   * named). An activity this branch does not have needs the permission too (then "not found").
   */
  async function ownWork({ kind, id, permission = CUSTOMER_PERMISSION }: RecordAccess): Promise<boolean> {
    const personId = ctx.viewer?.personId;
    if (!personId || typeof id !== "string") return false;
    if (kind === "assignee" && (id === "" || id === personId)) return true;
    if (kind === "activity") {
      const row = await ctx.db.activity
        .findUnique({ where: { id }, select: { assignedPersonId: true } })
        .catch(() => null);
      return mayChangeActivity(personId, await ctx.permissions(), row, permission);
    }
    return hasPermission(await ctx.permissions(), permission);
  }

  async function record(access: RecordAccess): Promise<boolean> {
    const { kind, id, permission } = access;
    if (kind === "activity" || kind === "assignee") return ownWork(access);
    if (!ctx.viewer || typeof id !== "string") return false;
    const owner = await owners[kind](id).catch(() => null);
    if (!owner) return true;
    return customer({ customerId: owner.customerId, permission });
  }

  return { customer, record };
}
