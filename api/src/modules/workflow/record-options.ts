import { badInput } from "../../errors.ts";
import type { EmployeePermission, TableIdentifier } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";

// The record picker of a TABLE_RECORD custom field (and of an automation's or a shortcut's action that
// sets one): a table's records found by what people type (a customer's name or account number, a
// person's name, a work order's number...), each as an id with a label, and the labels of ids already
// chosen. Sizes first: a search of at most 100 characters, at most 20 answers, at most 50 ids. The
// customer's records (customers, their addresses, work orders, threads and activities) take
// CUSTOMER_ACCESS; people, projects and warehouses any employee (names only).

export type RecordOption = { id: string; label: string; detail: string };

export const RECORD_OPTION_LIMITS = { search: 100, take: 20, ids: 50 } as const;

const needs = {
  ACTIVITY: "CUSTOMER_ACCESS",
  CUSTOMER: "CUSTOMER_ACCESS",
  PERSON: null,
  PROJECT: null,
  PROJECT_THREAD: "CUSTOMER_ACCESS",
  SERVICE_ADDRESS: "CUSTOMER_ACCESS",
  WAREHOUSE: null,
  WORK_ORDER: "CUSTOMER_ACCESS",
} as const satisfies Partial<Record<TableIdentifier, EmployeePermission | null>>;

/** The permission picking a table's records takes (declared on recordOptions), beyond being an employee. */
export const recordTablePermission = (tableId: TableIdentifier): EmployeePermission | null =>
  needs[tableId as keyof typeof needs] ?? null;

const has = (q: string) => ({ contains: q, mode: "insensitive" as const });
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const addressLine = (a: { streetNumber: string; streetName: string; address2: string; city: string }) =>
  [`${a.streetNumber} ${a.streetName}`.trim(), a.address2, a.city].filter(Boolean).join(", ");

type Find = (ctx: Context, q: { search: string; ids: string[] | null; take: number }) => Promise<RecordOption[]>;

const finders: Record<keyof typeof needs, Find> = {
  CUSTOMER: async (ctx, { search, ids, take }) =>
    (
      await ctx.db.customer.findMany({
        where: ids
          ? { id: { in: ids } }
          : search
            ? { OR: [{ name: has(search) }, { accountNumber: has(search) }] }
            : {},
        orderBy: [{ name: "asc" }, { id: "asc" }],
        take,
        select: { id: true, name: true, accountNumber: true },
      })
    ).map((c) => ({ id: c.id, label: c.name || `Account ${c.accountNumber}`, detail: `Account ${c.accountNumber}` })),
  SERVICE_ADDRESS: async (ctx, { search, ids, take }) => {
    const words = search.split(/\s+/).filter(Boolean).slice(0, 5);
    const rows = await ctx.db.serviceAddress.findMany({
      where: ids
        ? { id: { in: ids } }
        : {
            AND: words.map((w) => ({
              OR: [
                { streetNumber: has(w) },
                { streetName: has(w) },
                { city: has(w) },
                { postalCode: has(w) },
                { customer: { name: has(w) } },
              ],
            })),
          },
      orderBy: [{ streetName: "asc" }, { streetNumber: "asc" }, { id: "asc" }],
      take,
      select: {
        id: true,
        streetNumber: true,
        streetName: true,
        address2: true,
        city: true,
        customer: { select: { name: true } },
      },
    });
    return rows.map((a) => ({ id: a.id, label: addressLine(a), detail: a.customer.name }));
  },
  WORK_ORDER: async (ctx, { search, ids, take }) => {
    const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
    const rows = await ctx.db.workOrder.findMany({
      where: ids
        ? { id: { in: ids } }
        : search
          ? {
              OR: [
                ...(number !== null ? [{ number }] : []),
                { name: has(search) },
                { customer: { name: has(search) } },
              ],
            }
          : {},
      orderBy: [{ number: "desc" }],
      take,
      select: { id: true, number: true, name: true, scheduledDate: true, customer: { select: { name: true } } },
    });
    return rows.map((w) => ({
      id: w.id,
      label: `Work order ${w.number}${w.name ? `: ${w.name}` : ""}`,
      detail: [w.customer?.name, w.scheduledDate?.toISOString().slice(0, 10)].filter(Boolean).join(" · "),
    }));
  },
  PROJECT_THREAD: async (ctx, { search, ids, take }) => {
    // A thread names its customer by id (no relation): the customers matching the search first.
    const customerIds =
      !ids && search
        ? (
            await ctx.db.customer.findMany({
              where: { OR: [{ name: has(search) }, { accountNumber: has(search) }] },
              take: 50,
              select: { id: true },
            })
          ).map((c) => c.id)
        : [];
    const rows = await ctx.db.projectThread.findMany({
      where: ids
        ? { id: { in: ids } }
        : search
          ? { OR: [{ project: { description: has(search) } }, { customerId: { in: customerIds } }] }
          : {},
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take,
      select: { id: true, closedAt: true, customerId: true, project: { select: { description: true } } },
    });
    const names = new Map(
      (
        await ctx.db.customer.findMany({
          where: { id: { in: rows.flatMap((t) => (t.customerId ? [t.customerId] : [])) } },
          select: { id: true, name: true },
        })
      ).map((c) => [c.id, c.name]),
    );
    return rows.map((t) => {
      const customer = t.customerId ? names.get(t.customerId) : undefined;
      return {
        id: t.id,
        label: `${t.project.description}${customer ? `: ${customer}` : ""}`,
        detail: t.closedAt ? "Closed" : "Open",
      };
    });
  },
  ACTIVITY: async (ctx, { search, ids, take }) => {
    const rows = await ctx.db.activity.findMany({
      where: ids ? { id: { in: ids } } : { status: { not: "DELETED" }, ...(search ? { subject: has(search) } : {}) },
      orderBy: [{ scheduledTime: "desc" }, { id: "asc" }],
      take,
      select: { id: true, subject: true, scheduledTime: true, step: { select: { description: true } } },
    });
    return rows.map((a) => ({
      id: a.id,
      label: a.subject,
      detail: `${a.step.description} · ${a.scheduledTime.toISOString().slice(0, 10)}`,
    }));
  },
  PERSON: async (ctx, { search, ids, take }) => {
    const words = search.split(/\s+/).filter(Boolean).slice(0, 5);
    const rows = await ctx.db.person.findMany({
      where: ids
        ? { id: { in: ids } }
        : { inactive: false, AND: words.map((w) => ({ OR: [{ firstName: has(w) }, { lastName: has(w) }] })) },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      take,
      select: { id: true, firstName: true, lastName: true, inactive: true },
    });
    return rows.map((p) => ({ id: p.id, label: fullName(p) || "(no name)", detail: p.inactive ? "Inactive" : "" }));
  },
  PROJECT: async (ctx, { search, ids, take }) =>
    (
      await ctx.db.project.findMany({
        where: ids ? { id: { in: ids } } : search ? { description: has(search) } : {},
        orderBy: [{ description: "asc" }, { id: "asc" }],
        take,
        select: { id: true, description: true },
      })
    ).map((p) => ({ id: p.id, label: p.description, detail: "" })),
  WAREHOUSE: async (ctx, { search, ids, take }) =>
    (
      await ctx.db.warehouse.findMany({
        where: ids ? { id: { in: ids } } : { inactive: false, ...(search ? { name: has(search) } : {}) },
        orderBy: [{ name: "asc" }, { id: "asc" }],
        take,
        select: { id: true, name: true },
      })
    ).map((w) => ({ id: w.id, label: w.name, detail: "" })),
};

/** The table's records matching `search` (or, given `ids`, those records' labels), at most `take`. */
export async function recordOptions(
  ctx: Context,
  args: { tableId: TableIdentifier; search?: string | null; ids?: string[] | null; take?: number | null },
): Promise<RecordOption[]> {
  const search = (args.search ?? "").trim();
  if (search.length > RECORD_OPTION_LIMITS.search)
    throw badInput(`Search for at most ${RECORD_OPTION_LIMITS.search} characters.`);
  if (args.ids && args.ids.length > RECORD_OPTION_LIMITS.ids)
    throw badInput(`Ask for at most ${RECORD_OPTION_LIMITS.ids} records at once.`);
  const take = Math.min(Math.max(args.take ?? RECORD_OPTION_LIMITS.take, 1), RECORD_OPTION_LIMITS.take);
  if (!(args.tableId in finders)) throw badInput("Records of that kind cannot be picked.");
  const table = args.tableId as keyof typeof needs;
  const ids = args.ids ? args.ids.filter((id) => id.length <= 100) : null;
  if (ids && !ids.length) return [];
  return finders[table](ctx, { search, ids, take: ids ? ids.length : take });
}
