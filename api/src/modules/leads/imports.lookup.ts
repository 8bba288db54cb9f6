import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import type { DuplicateOf, MatchedKey } from "./accept-lead.ts";
import { importQuery } from "./imports.sql.ts";
import { addressKey, phoneKey } from "./lead-keys.ts";

// findDuplicate's rules (accept-lead.ts) for a whole batch of rows at once: the leads and customers a
// batch's keys could match are loaded in a few queries, then each row is answered from memory — the
// oldest lead with one of its keys first, then a customer by email, phone, then address. The look-ups
// run outside any transaction, straight to the driver (importQuery): their lists of up to 2,000 keys
// were serialized again and compiled into a plan by Prisma for every batch.

/**
 * A list as one text[] parameter. Prisma's `in: [...]` binds one placeholder per value, and its
 * query-plan cache (1,000 plans) keeps a plan per list length with a type descriptor per value: a dry
 * run's batches of 2,000 rows left tens of MB behind, growing with the file. One parameter keeps every
 * batch's statement the same. It is a text[] parameter, not a JSON array spread back into one by a
 * subquery: PostgreSQL plans a parameter as the constant it is, so `= ANY` on a column with no usable
 * index hashes the list once; the subquery's list was walked in full for every lead of the branch
 * (4 x 1,600 comparisons per lead: 160 ms per batch against 1,000 leads).
 */
const list = (values: readonly string[]) => Prisma.sql`${values}::text[]`;

export type Keys = { phones: string[]; email: string; address: string };

type LeadHit = {
  id: string;
  number: number;
  enteredTime: Date;
  phoneE164: string;
  phone2E164: string;
  emailKey: string;
  addressKey: string;
};

export class DuplicateLookup {
  private leadsByKey = new Map<string, LeadHit[]>();
  private customerByEmail = new Map<string, string>();
  private customerByAddress = new Map<string, string>();
  private customerByPhone: Map<string, string> | null = null;
  private accountNumbers = new Map<string, string>();

  constructor(
    private readonly ctx: Context,
    /**
     * The commit looks again for customers only (entered since the dry run); it looks for leads in SQL
     * (imports.commit-sql.ts).
     */
    private readonly opts: { customersOnly?: boolean } = {},
  ) {}

  /** Loads what the batch's keys could match (replacing the previous batch's). */
  async load(batch: Keys[]) {
    const db = this.ctx.db;
    const ctx = this.ctx;
    const phones = [...new Set(batch.flatMap((k) => k.phones))];
    const emails = [...new Set(batch.map((k) => k.email).filter(Boolean))];
    const addresses = [...new Set(batch.map((k) => k.address).filter(Boolean))];
    this.leadsByKey = new Map();
    this.customerByEmail = new Map();
    this.customerByAddress = new Map();
    if ((phones.length || emails.length || addresses.length) && !this.opts.customersOnly) {
      const leads = await importQuery<LeadHit>(
        ctx,
        (branch) => Prisma.sql`
          SELECT id, number, "enteredTime", "phoneE164", "phone2E164", "emailKey", "addressKey"
          FROM "Lead"
          WHERE "branchId" = ${branch} AND "duplicateOfId" IS NULL
            AND ("phoneE164" = ANY(${list(phones)}) OR "phone2E164" = ANY(${list(phones)})
              OR "emailKey" = ANY(${list(emails)}) OR "addressKey" = ANY(${list(addresses)}))`,
      );
      for (const l of leads)
        for (const key of [`p:${l.phoneE164}`, `p:${l.phone2E164}`, `e:${l.emailKey}`, `a:${l.addressKey}`]) {
          if (key.length <= 2) continue;
          const list = this.leadsByKey.get(key) ?? [];
          list.push(l);
          this.leadsByKey.set(key, list);
        }
    }
    if (emails.length) {
      const contacts = await importQuery<{ email: string; customerId: string }>(
        ctx,
        (branch) => Prisma.sql`
          SELECT email, "customerId" FROM "Contact"
          WHERE "branchId" = ${branch} AND lower(email) = ANY(${list(emails)})`,
      );
      for (const c of contacts) {
        const key = c.email.trim().toLowerCase();
        if (!this.customerByEmail.has(key)) this.customerByEmail.set(key, c.customerId);
      }
    }
    if (phones.some((p) => p.startsWith("+1")) && !this.customerByPhone) {
      // Customers' phones are stored as typed: read once per file, keyed by the lead's own rule.
      this.customerByPhone = new Map();
      const all = await db.contactPhone.findMany({
        select: { phoneNumber: true, contact: { select: { customerId: true } } },
      });
      for (const p of all) {
        const key = phoneKey(p.phoneNumber);
        if (key && !this.customerByPhone.has(key)) this.customerByPhone.set(key, p.contact.customerId);
      }
    }
    const numbers = [...new Set(addresses.map((a) => a.split(" ")[0] ?? ""))].filter(Boolean);
    if (numbers.length) {
      const found = await importQuery<{
        customerId: string;
        streetNumber: string;
        streetName: string;
        address2: string;
        postalCode: string;
      }>(
        ctx,
        (branch) => Prisma.sql`
          SELECT "customerId", "streetNumber", "streetName", address2, "postalCode" FROM "ServiceAddress"
          WHERE "branchId" = ${branch} AND "streetNumber" = ANY(${list(numbers)})`,
      );
      for (const a of found) {
        const key = addressKey(`${a.streetNumber} ${a.streetName}`, a.postalCode, a.address2);
        if (key && !this.customerByAddress.has(key)) this.customerByAddress.set(key, a.customerId);
      }
    }
    const customerIds = [
      ...new Set([...this.customerByEmail.values(), ...this.customerByAddress.values()].filter(Boolean)),
    ];
    const missing = customerIds.filter((id) => !this.accountNumbers.has(id));
    if (missing.length)
      for (const c of await importQuery<{ id: string; accountNumber: string }>(
        ctx,
        (branch) => Prisma.sql`
          SELECT id, "accountNumber" FROM "Customer" WHERE "branchId" = ${branch} AND id = ANY(${list(missing)})`,
      ))
        this.accountNumbers.set(c.id, c.accountNumber);
  }

  /** The lead or customer these keys repeat, as findDuplicate answers it. */
  async find(keys: Keys): Promise<DuplicateOf | null> {
    const { phones, email, address } = keys;
    let best: LeadHit | null = null;
    const candidates = [
      ...phones.map((p) => `p:${p}`),
      ...(email ? [`e:${email}`] : []),
      ...(address ? [`a:${address}`] : []),
    ];
    for (const key of candidates)
      for (const l of this.leadsByKey.get(key) ?? [])
        if (
          !best ||
          l.enteredTime < best.enteredTime ||
          (+l.enteredTime === +best.enteredTime && l.number < best.number)
        )
          best = l;
    if (best) {
      const matchedKey: MatchedKey =
        phones.includes(best.phoneE164) || phones.includes(best.phone2E164)
          ? "PHONE"
          : email && best.emailKey === email
            ? "EMAIL"
            : "ADDRESS";
      return { kind: "LEAD", id: best.id, label: `#${best.number}`, matchedKey };
    }
    let customer: { id: string; matchedKey: MatchedKey } | null = null;
    const byEmail = email ? this.customerByEmail.get(email) : undefined;
    if (byEmail) customer = { id: byEmail, matchedKey: "EMAIL" };
    if (!customer)
      for (const p of phones.filter((x) => x.startsWith("+1"))) {
        const id = this.customerByPhone?.get(p);
        if (id) {
          customer = { id, matchedKey: "PHONE" };
          break;
        }
      }
    const byAddress = !customer && address ? this.customerByAddress.get(address) : undefined;
    if (byAddress) customer = { id: byAddress, matchedKey: "ADDRESS" };
    if (!customer) return null;
    let label = this.accountNumbers.get(customer.id);
    if (label === undefined) {
      const c = await this.ctx.db.customer.findUnique({ where: { id: customer.id }, select: { accountNumber: true } });
      label = c?.accountNumber ?? "";
      this.accountNumbers.set(customer.id, label);
    }
    return { kind: "CUSTOMER", id: customer.id, label, matchedKey: customer.matchedKey };
  }
}
