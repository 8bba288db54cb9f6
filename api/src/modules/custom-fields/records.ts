import type { ScopedDb, ScopedTx } from "../../db/scoped.ts";
import type { TableIdentifier } from "../../generated/prisma/enums.ts";

// Whether this branch has a record of a table: the record whose values are edited, and the record a
// TABLE_RECORD value names. The scoped client adds the branch, so another branch's id is not found.

type Db = ScopedDb | ScopedTx;
type Lookup = (db: Db, id: string) => Promise<unknown>;

const select = { id: true } as const;
const lookups: Partial<Record<TableIdentifier, Lookup>> = {
  ACTIVITY: (db, id) => db.activity.findUnique({ where: { id }, select }),
  CUSTOMER: (db, id) => db.customer.findUnique({ where: { id }, select }),
  LEAD: (db, id) => db.lead.findUnique({ where: { id }, select }),
  PERSON: (db, id) => db.person.findUnique({ where: { id }, select }),
  PROJECT: (db, id) => db.project.findUnique({ where: { id }, select }),
  PROJECT_THREAD: (db, id) => db.projectThread.findUnique({ where: { id }, select }),
  SERVICE_ADDRESS: (db, id) => db.serviceAddress.findUnique({ where: { id }, select }),
  WAREHOUSE: (db, id) => db.warehouse.findUnique({ where: { id }, select }),
  WORK_ORDER: (db, id) => db.workOrder.findUnique({ where: { id }, select }),
};

export const hasRecordLookup = (table: TableIdentifier) => !!lookups[table];

/** True when this branch has the record (an id of the wrong shape is simply not found). */
export async function recordExists(db: Db, table: TableIdentifier, id: string): Promise<boolean> {
  const lookup = lookups[table];
  if (!lookup || id.length > 100) return false;
  return !!(await lookup(db, id).catch(() => null));
}

/** Singular nouns for "not found" messages. */
export const recordNoun: Record<TableIdentifier, string> = {
  ACCOUNT_CATEGORY: "Account category",
  ACTIVITY: "Activity",
  CUSTOMER: "Customer",
  INVENTORY_ITEM: "Inventory item",
  LEAD: "Lead",
  PERSON: "Person",
  PROJECT: "Project",
  PROJECT_THREAD: "Project thread",
  SERVICE_ADDRESS: "Service address",
  WAREHOUSE: "Warehouse",
  WORK_ORDER: "Work order",
  WORK_ORDER_TYPE: "Work order type",
};
