import { clock } from "../../clock.ts";
import { AppError, badInput } from "../../errors.ts";
import type { RetailerFeedItem, RetailerSettings } from "../../generated/prisma/client.ts";
import type { Retailer } from "../../generated/prisma/enums.ts";
import type { Referral } from "../../integrations/retailer/feed-format.ts";
import { sealSecret, secretHint } from "../../integrations/retailer/secret-box.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { acceptLead } from "./accept-lead.ts";
import { recordLeadChanges } from "./lead-history.ts";
import {
  credentialsSchema,
  discardReasonSchema,
  type FeedOutcome,
  idsSchema,
  RETAILER_NAMES,
  settingsPatchSchema,
} from "./retailer.rules.ts";

// Retailer referrals (Costco, Home Depot, Lowe's): the connection's settings, the stores, services and
// employees the feed lists (with the dealer's choices on them), and the feed items, each kept with its
// outcome. Importing sends an item through acceptLead, the one way every lead arrives; importing or
// discarding queues the status to write back to the retailer (retailer.poll.ts sends it until confirmed).

export type SettingsInput = { baseUrl: string; accountId: string; secret?: string | null };
export type SettingsPatch = {
  enabled?: boolean | null;
  pollMinutes?: number | null;
  autoImport?: boolean | null;
  defaultLeadSourceId?: string | null;
};

export const retailerName = (r: Retailer) => RETAILER_NAMES[r];
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function findSettings(ctx: Context, retailer: Retailer) {
  return ctx.db.retailerSettings.findUnique({ where: { branchId_retailer: { branchId: ctx.branch.id, retailer } } });
}

/** The connection, or a refusal saying how to make one. */
export async function requireConnected(ctx: Context, retailer: Retailer): Promise<RetailerSettings> {
  const s = await findSettings(ctx, retailer);
  if (!s?.accountId || !s.secretEncrypted)
    throw badInput(`${retailerName(retailer)} is not connected yet: enter its credentials on the settings page.`);
  return s;
}

export async function setRetailerCredentials(ctx: Context, retailer: Retailer, input: SettingsInput) {
  const production = ctx.runtime.config.NODE_ENV === "production";
  const v = parseInput(credentialsSchema(production), { ...input, secret: input.secret || undefined });
  const existing = await findSettings(ctx, retailer);
  if (!v.secret && !existing?.secretEncrypted) throw badInput("Enter the secret the retailer gave you.");
  const secret = v.secret
    ? { secretEncrypted: sealSecret(v.secret, ctx.runtime.config.SESSION_SECRET), secretHint: secretHint(v.secret) }
    : {};
  const data = { baseUrl: v.baseUrl, accountId: v.accountId, ...secret, nextPollAt: clock.now(), lastPollError: "" };
  return ctx.db.retailerSettings.upsert({
    where: { branchId_retailer: { branchId: ctx.branch.id, retailer } },
    create: { branchId: ctx.branch.id, retailer, ...data },
    update: data,
  });
}

export async function patchRetailerSettings(ctx: Context, retailer: Retailer, patch: SettingsPatch) {
  const v = parseInput(settingsPatchSchema, patch);
  const s = await requireConnected(ctx, retailer);
  if (v.defaultLeadSourceId) {
    const source = await ctx.db.leadSource.findUnique({ where: { id: v.defaultLeadSourceId }, select: { id: true } });
    if (!source) throw new AppError("NOT_FOUND", "Lead source not found.");
  }
  const data = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
  if (v.enabled === false) Object.assign(data, { nextPollAt: null });
  if (v.enabled === true || v.pollMinutes) Object.assign(data, { nextPollAt: clock.now() });
  return ctx.db.retailerSettings.update({ where: { id: s.id }, data });
}

export const retailerStores = (ctx: Context, retailer: Retailer) =>
  ctx.db.retailerStore.findMany({ where: { retailer }, orderBy: [{ storeNumber: "asc" }] });
export const retailerServices = (ctx: Context, retailer: Retailer) =>
  ctx.db.retailerService.findMany({ where: { retailer }, orderBy: [{ name: "asc" }, { code: "asc" }] });
export const retailerEmployees = (ctx: Context, retailer: Retailer) =>
  ctx.db.retailerEmployee.findMany({ where: { retailer }, orderBy: [{ name: "asc" }, { employeeId: "asc" }] });

export async function patchRetailerStore(ctx: Context, id: string, leadSourceId: string | null) {
  const store = id.length <= 100 ? await ctx.db.retailerStore.findUnique({ where: { id } }) : null;
  if (!store) throw new AppError("NOT_FOUND", "Store not found.");
  if (leadSourceId && !(await ctx.db.leadSource.findUnique({ where: { id: leadSourceId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "Lead source not found.");
  return ctx.db.retailerStore.update({ where: { id }, data: { leadSourceId } });
}

export async function patchRetailerService(ctx: Context, id: string, offered: boolean) {
  const service = id.length <= 100 ? await ctx.db.retailerService.findUnique({ where: { id } }) : null;
  if (!service) throw new AppError("NOT_FOUND", "Service not found.");
  return ctx.db.retailerService.update({ where: { id }, data: { offered } });
}

export async function patchRetailerEmployee(ctx: Context, id: string, personId: string | null) {
  const employee = id.length <= 100 ? await ctx.db.retailerEmployee.findUnique({ where: { id } }) : null;
  if (!employee) throw new AppError("NOT_FOUND", "Employee not found.");
  if (personId && !(await ctx.db.person.findUnique({ where: { id: personId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "Person not found.");
  return ctx.db.retailerEmployee.update({ where: { id }, data: { personId } });
}

/** Every feed item, newest first (at most 1,000), or those of one outcome. */
export function retailerFeedItems(ctx: Context, retailer: Retailer, outcome?: FeedOutcome | null) {
  return ctx.db.retailerFeedItem.findMany({
    where: { retailer, ...(outcome ? { outcome } : {}) },
    orderBy: [{ receivedAt: "desc" }, { retailLeadId: "asc" }],
    take: 1000,
  });
}

export async function retailerNewLeadIds(ctx: Context, retailer: Retailer) {
  const rows = await ctx.db.retailerFeedItem.findMany({
    where: { retailer, outcome: "NEW" },
    orderBy: { receivedAt: "asc" },
    select: { retailLeadId: true },
    take: 10_000,
  });
  return rows.map((r) => r.retailLeadId);
}

export async function requireFeedItem(ctx: Context, retailer: Retailer, retailLeadId: string) {
  const item =
    retailLeadId.length <= 100
      ? await ctx.db.retailerFeedItem.findUnique({
          where: { branchId_retailer_retailLeadId: { branchId: ctx.branch.id, retailer, retailLeadId } },
        })
      : null;
  if (!item) throw new AppError("NOT_FOUND", "Referral not found.");
  return item;
}

/** The items named (or every NEW one when ids is null) that are still NEW; refuses unknown ids. */
async function newItems(ctx: Context, retailer: Retailer, ids: string[] | null) {
  if (ids) parseInput(idsSchema, ids);
  if (ids && ids.length === 0) throw badInput("Choose at least one referral.");
  const items = await ctx.db.retailerFeedItem.findMany({
    where: { retailer, ...(ids ? { retailLeadId: { in: ids } } : { outcome: "NEW" }) },
    orderBy: { receivedAt: "asc" },
    take: 10_000,
  });
  if (ids) {
    const known = new Set(items.map((i) => i.retailLeadId));
    const missing = ids.find((id) => !known.has(id));
    if (missing) throw new AppError("NOT_FOUND", `Referral ${missing} not found.`);
  }
  const open = items.filter((i) => i.outcome === "NEW");
  if (ids && open.length === 0)
    throw badInput(
      ids.length === 1 ? "This referral was already decided: it is not new." : "None of these referrals is new.",
    );
  return open;
}

/** The lead fields of a referral as the feed gave them. */
export function referralLead(p: Referral) {
  const c = p.customer;
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    address: c.address,
    city: c.city,
    stateCode: c.state,
    postalCode: c.zip,
    comments: p.notes,
  };
}

const OUTCOME_OF = { created: "IMPORTED", duplicate: "DUPLICATE", discarded: "DISCARDED", invalid: "INVALID" } as const;

/** Imports one NEW item through acceptLead; its outcome (stored on the item). */
export async function importItem(ctx: Context, item: RetailerFeedItem): Promise<FeedOutcome> {
  const [store, employee, settings] = await Promise.all([
    ctx.db.retailerStore.findUnique({
      where: {
        branchId_retailer_storeNumber: {
          branchId: ctx.branch.id,
          retailer: item.retailer,
          storeNumber: item.storeNumber,
        },
      },
    }),
    ctx.db.retailerEmployee.findUnique({
      where: {
        branchId_retailer_employeeId: { branchId: ctx.branch.id, retailer: item.retailer, employeeId: item.employeeId },
      },
    }),
    findSettings(ctx, item.retailer),
  ]);
  const linked = store?.leadSourceId
    ? null
    : await ctx.db.leadSource.findFirst({
        where: { retailStoreType: item.retailer, retailStoreId: item.storeNumber },
        select: { id: true },
      });
  const leadSourceId = store?.leadSourceId ?? linked?.id ?? settings?.defaultLeadSourceId ?? null;
  const payload = item.payload as unknown as Referral;
  const answer = await acceptLead(ctx, referralLead(payload), {
    leadSourceId,
    gathererPersonId: employee?.personId ?? null,
    retailLeadId: item.retailLeadId,
  });
  const outcome = OUTCOME_OF[answer.outcome];
  const name = retailerName(item.retailer);
  if (answer.leadId && !answer.replayed)
    await recordLeadChanges(ctx.db, [
      {
        leadId: answer.leadId,
        personId: ctx.viewer?.personId,
        kind: "CREATED",
        summary: `Imported from ${name} referral ${item.retailLeadId}${answer.reason ? `: ${answer.reason}` : "."}`,
      },
    ]);
  await decide(ctx, item, {
    outcome,
    reason: answer.reason,
    leadId: answer.leadId,
    duplicateOfLeadId: answer.duplicateOf?.kind === "LEAD" ? answer.duplicateOf.id : null,
  });
  return outcome;
}

/** Stores an item's outcome and queues its write-back (a lead stored: ACCEPTED; else DECLINED). */
export async function decide(
  ctx: Context,
  item: RetailerFeedItem,
  d: { outcome: FeedOutcome; reason: string; leadId?: string | null; duplicateOfLeadId?: string | null },
) {
  const now = clock.now();
  await ctx.db.retailerFeedItem.update({
    where: { id: item.id },
    data: {
      outcome: d.outcome,
      reason: d.reason,
      leadId: d.leadId ?? null,
      duplicateOfLeadId: d.duplicateOfLeadId ?? null,
      decidedAt: now,
      decidedByPersonId: ctx.viewer?.personId ?? null,
      writeBackState: d.outcome === "ALREADY_OPENED" ? "NONE" : "PENDING",
      writeBackNextAt: now,
      writeBackError: "",
    },
  });
}

export async function importRetailerLeads(ctx: Context, retailer: Retailer, ids: string[] | null) {
  await requireConnected(ctx, retailer);
  const items = await newItems(ctx, retailer, ids);
  const counts = new Map<FeedOutcome, number>();
  for (const item of items) {
    const outcome = await importItem(ctx, item);
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  if (items.length === 0) return { count: 0, message: `No new ${retailerName(retailer)} referrals to import.` };
  const parts = [
    counts.get("IMPORTED") && `${plural(counts.get("IMPORTED")!, "new lead")}`,
    counts.get("DUPLICATE") && `${plural(counts.get("DUPLICATE")!, "duplicate")} (stored, marked)`,
    counts.get("DISCARDED") && `${counts.get("DISCARDED")} discarded by a rule`,
    counts.get("INVALID") && `${counts.get("INVALID")} invalid`,
  ].filter(Boolean);
  return { count: items.length, message: `Imported ${plural(items.length, "referral")}: ${parts.join(", ")}.` };
}

export async function discardRetailerLeads(ctx: Context, retailer: Retailer, ids: string[], reason: string) {
  await requireConnected(ctx, retailer);
  const why = parseInput(discardReasonSchema, reason);
  const items = await newItems(ctx, retailer, ids);
  for (const item of items) await decide(ctx, item, { outcome: "DISCARDED", reason: why || "Discarded by hand." });
  return { count: items.length, message: `Discarded ${plural(items.length, "referral")}.` };
}
