import { batched } from "../../db/batch.ts";
import type {
  RetailerEmployee,
  RetailerFeedItem,
  RetailerService,
  RetailerSettings,
  RetailerStore,
} from "../../generated/prisma/client.ts";
import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import * as E from "../../generated/prisma/enums.ts";
import type { Referral } from "../../integrations/retailer/feed-format.ts";
import { builder, type Result, resultType } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { refusalAsResult } from "../../validation.ts";
import { pollRetailerNow } from "./retailer.poll.ts";
import { FEED_OUTCOMES, type FeedOutcome } from "./retailer.rules.ts";
import {
  discardRetailerLeads,
  findSettings,
  importRetailerLeads,
  patchRetailerEmployee,
  patchRetailerService,
  patchRetailerSettings,
  patchRetailerStore,
  requireFeedItem,
  retailerEmployees,
  retailerFeedItems,
  retailerName,
  retailerNewLeadIds,
  retailerServices,
  retailerStores,
  setRetailerCredentials,
} from "./retailer.service.ts";

// Retailer referrals through GraphQL: LEAD_ADMIN connects a retailer and sets its stores, services and
// employees; LEAD_ADMIN or LEAD_DATA_ENTRY read the feed and import or discard its referrals. The
// feed's secret is write-only: only its last characters are ever answered.

const ADMIN = { permission: "LEAD_ADMIN" } as const;
const WORK = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] as EmployeePermission[] };

export const RetailerEnum = builder.enumType(E.Retailer, { name: "Retailer" });
const FeedOutcomeEnum = builder.enumType("RetailerFeedOutcome", { values: FEED_OUTCOMES });

type SettingsView = { retailer: E.Retailer; row: RetailerSettings | null };

const RetailerSettingsRef = builder.objectRef<SettingsView>("RetailerSettings").implement({
  description: "A branch's connection to a retailer's referral feed (never its secret).",
  fields: (t) => ({
    retailer: t.field({ type: RetailerEnum, resolve: (v) => v.retailer }),
    retailerName: t.string({ resolve: (v) => retailerName(v.retailer) }),
    configured: t.boolean({
      description: "Whether credentials are set (an account and a secret).",
      resolve: (v) => !!(v.row?.accountId && v.row.secretEncrypted),
    }),
    baseUrl: t.string({ resolve: (v) => v.row?.baseUrl ?? "" }),
    accountId: t.string({ resolve: (v) => v.row?.accountId ?? "" }),
    hasSecret: t.boolean({ resolve: (v) => !!v.row?.secretEncrypted }),
    secretHint: t.string({
      description: "The secret's last 4 characters (empty for a short secret).",
      resolve: (v) => v.row?.secretHint ?? "",
    }),
    enabled: t.boolean({ resolve: (v) => v.row?.enabled ?? true }),
    pollMinutes: t.int({ resolve: (v) => v.row?.pollMinutes ?? 5 }),
    autoImport: t.boolean({ resolve: (v) => v.row?.autoImport ?? false }),
    defaultLeadSourceId: t.string({ nullable: true, resolve: (v) => v.row?.defaultLeadSourceId ?? null }),
    lastPolledAt: t.field({ type: "DateTime", nullable: true, resolve: (v) => v.row?.lastPolledAt ?? null }),
    nextPollAt: t.field({ type: "DateTime", nullable: true, resolve: (v) => v.row?.nextPollAt ?? null }),
    lastPollError: t.string({ resolve: (v) => v.row?.lastPollError ?? "" }),
  }),
});

const RetailerStoreRef = builder.objectRef<RetailerStore>("RetailerStore").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    storeNumber: t.exposeString("storeNumber"),
    name: t.exposeString("name"),
    city: t.exposeString("city"),
    stateCode: t.exposeString("stateCode"),
    leadSourceId: t.exposeString("leadSourceId", {
      nullable: true,
      description:
        "The lead source its referrals are imported under (else a source linked to the store, else the default).",
    }),
  }),
});
const RetailerServiceRef = builder.objectRef<RetailerService>("RetailerService").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    code: t.exposeString("code"),
    name: t.exposeString("name"),
    offered: t.exposeBoolean("offered", { description: "Off: its referrals are declined (NOT_OFFERED)." }),
  }),
});
const RetailerEmployeeRef = builder.objectRef<RetailerEmployee>("RetailerEmployee").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    employeeId: t.exposeString("employeeId"),
    name: t.exposeString("name"),
    storeNumber: t.exposeString("storeNumber"),
    personId: t.exposeString("personId", { nullable: true, description: "The gatherer of the leads they refer." }),
  }),
});

const leadNumber = batched(
  async (ctx: Context, ids: string[]) =>
    new Map(
      (await ctx.db.lead.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } })).map((l) => [
        l.id,
        l.number,
      ]),
    ),
);
const customer = (i: RetailerFeedItem) => (i.payload as unknown as Referral).customer ?? {};
const RetailerFeedItemRef = builder.objectRef<RetailerFeedItem>("RetailerFeedItem").implement({
  description: "A referral read from the feed, with what became of it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    retailer: t.field({ type: RetailerEnum, resolve: (i) => i.retailer }),
    retailLeadId: t.exposeString("retailLeadId"),
    storeNumber: t.exposeString("storeNumber"),
    serviceCode: t.exposeString("serviceCode"),
    employeeId: t.exposeString("employeeId"),
    name: t.string({
      resolve: (i) => `${customer(i).firstName ?? ""} ${customer(i).lastName ?? ""}`.trim() || i.retailLeadId,
    }),
    phone: t.string({ resolve: (i) => customer(i).phone ?? "" }),
    email: t.string({ resolve: (i) => customer(i).email ?? "" }),
    address: t.string({
      resolve: (i) =>
        [customer(i).address, customer(i).city, customer(i).state, customer(i).zip].filter(Boolean).join(", "),
    }),
    notes: t.string({ resolve: (i) => (i.payload as unknown as Referral).notes ?? "" }),
    referredAt: t.expose("referredAt", { type: "DateTime", nullable: true }),
    receivedAt: t.expose("receivedAt", { type: "DateTime" }),
    openedOnRetailer: t.exposeBoolean("openedOnRetailer", {
      description: "Another dealer opened it on the retailer's side (it is shown, marked, and not imported).",
    }),
    outcome: t.field({ type: FeedOutcomeEnum, resolve: (i) => i.outcome as FeedOutcome }),
    reason: t.exposeString("reason"),
    leadId: t.exposeString("leadId", { nullable: true }),
    leadNumber: t.int({ nullable: true, resolve: (i, _a, ctx) => (i.leadId ? leadNumber(ctx, i.leadId) : null) }),
    decidedAt: t.expose("decidedAt", { type: "DateTime", nullable: true }),
    writeBackState: t.exposeString("writeBackState", { description: "NONE, PENDING or CONFIRMED." }),
    writeBackAttempts: t.exposeInt("writeBackAttempts"),
    writeBackError: t.exposeString("writeBackError"),
  }),
});

const settingsView = async (ctx: Parameters<typeof findSettings>[0], retailer: E.Retailer): Promise<SettingsView> => ({
  retailer,
  row: await findSettings(ctx, retailer),
});

builder.queryFields((t) => ({
  retailerSettings: t.field({
    type: RetailerSettingsRef,
    description: "The retailer connection's settings (unconfigured when never set).",
    authScopes: ADMIN,
    args: { retailer: t.arg({ type: RetailerEnum, required: true }) },
    resolve: (_r, a, ctx) => settingsView(ctx, a.retailer),
  }),
  retailerStores: t.field({
    type: [RetailerStoreRef],
    authScopes: ADMIN,
    args: { retailer: t.arg({ type: RetailerEnum, required: true }) },
    resolve: (_r, a, ctx) => retailerStores(ctx, a.retailer),
  }),
  retailerServices: t.field({
    type: [RetailerServiceRef],
    authScopes: ADMIN,
    args: { retailer: t.arg({ type: RetailerEnum, required: true }) },
    resolve: (_r, a, ctx) => retailerServices(ctx, a.retailer),
  }),
  retailerEmployees: t.field({
    type: [RetailerEmployeeRef],
    authScopes: ADMIN,
    args: { retailer: t.arg({ type: RetailerEnum, required: true }) },
    resolve: (_r, a, ctx) => retailerEmployees(ctx, a.retailer),
  }),
  retailerFeedItems: t.field({
    type: [RetailerFeedItemRef],
    description: "Every referral read from the feed with its outcome, newest first (at most 1,000).",
    authScopes: WORK,
    args: {
      retailer: t.arg({ type: RetailerEnum, required: true }),
      outcome: t.arg({ type: FeedOutcomeEnum }),
    },
    resolve: (_r, a, ctx) => retailerFeedItems(ctx, a.retailer, a.outcome),
  }),
  retailerNewLeadIds: t.field({
    type: ["String"],
    description: "The retailer's lead ids of the referrals waiting to be imported or discarded.",
    authScopes: WORK,
    args: { retailer: t.arg({ type: RetailerEnum, required: true }) },
    resolve: (_r, a, ctx) => retailerNewLeadIds(ctx, a.retailer),
  }),
  retailerNewLead: t.field({
    type: RetailerFeedItemRef,
    description: "One referral of the feed by the retailer's lead id.",
    authScopes: WORK,
    args: { retailer: t.arg({ type: RetailerEnum, required: true }), retailLeadId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => requireFeedItem(ctx, a.retailer, a.retailLeadId),
  }),
}));

const CredentialsInputRef = builder.inputType("RetailerCredentialsInput", {
  fields: (t) => ({
    baseUrl: t.string({ required: true, description: "The feed's address (https://...)." }),
    accountId: t.string({ required: true, description: "The dealer account id the retailer gave." }),
    secret: t.string({ description: "The feed's secret; left out, the stored one is kept." }),
  }),
});
const SettingsPatchRef = builder.inputType("RetailerSettingsPatch", {
  description: "What is left out is kept.",
  fields: (t) => ({
    enabled: t.boolean(),
    pollMinutes: t.int({ description: "1 to 5." }),
    autoImport: t.boolean(),
    defaultLeadSourceId: t.string(),
  }),
});

type SettingsResult = Result & { settings: SettingsView | null };
const SettingsResultRef = resultType<SettingsResult>("RetailerSettingsResult", (t) => ({
  settings: t.field({ type: RetailerSettingsRef, nullable: true, resolve: (r) => r.settings }),
}));
type CountResult = Result & { count: number };
const CountResultRef = resultType<CountResult>("RetailerCountResult", (t) => ({
  count: t.int({ resolve: (r) => r.count }),
}));

const asResult = <T extends Result>(run: () => Promise<T>, none: Omit<T, "isSuccess" | "message">) =>
  refusalAsResult<T>(run, (message) => ({ isSuccess: false, message, ...none }) as T);
const ok = (message: string) => ({ isSuccess: true, message });

builder.mutationFields((t) => ({
  setRetailerCredentials: t.field({
    type: SettingsResultRef,
    description: "Saves the feed's address, account and secret, then reads the feed once to check them.",
    authScopes: ADMIN,
    args: {
      retailer: t.arg({ type: RetailerEnum, required: true }),
      input: t.arg({ type: CredentialsInputRef, required: true }),
    },
    resolve: (_r, a, ctx) =>
      asResult<SettingsResult>(
        async () => {
          await setRetailerCredentials(ctx, a.retailer, a.input);
          const report = await pollRetailerNow(ctx, a.retailer).catch((e: Error) => ({ error: e.message, read: 0 }));
          const name = retailerName(a.retailer);
          const message = report.error
            ? `Saved, but ${name}'s feed could not be read: ${report.error}`
            : `Connected to ${name}: ${report.read} referral${report.read === 1 ? "" : "s"} in the feed.`;
          return { ...ok(message), settings: await settingsView(ctx, a.retailer) };
        },
        { settings: null },
      ),
  }),
  patchRetailerSettings: t.field({
    type: SettingsResultRef,
    authScopes: ADMIN,
    args: {
      retailer: t.arg({ type: RetailerEnum, required: true }),
      input: t.arg({ type: SettingsPatchRef, required: true }),
    },
    resolve: (_r, a, ctx) =>
      asResult<SettingsResult>(
        async () => {
          await patchRetailerSettings(ctx, a.retailer, a.input);
          return {
            ...ok(`Saved the ${retailerName(a.retailer)} settings.`),
            settings: await settingsView(ctx, a.retailer),
          };
        },
        { settings: null },
      ),
  }),
  pollRetailerFeed: t.field({
    type: CountResultRef,
    description: "Reads the feed now (the poller also does, every 1 to 5 minutes); count: the referrals new to you.",
    authScopes: WORK,
    args: { retailer: t.arg({ type: RetailerEnum, required: true }) },
    resolve: (_r, a, ctx) =>
      asResult<CountResult>(
        async () => {
          const r = await pollRetailerNow(ctx, a.retailer);
          if (r.error) return { isSuccess: false, message: r.error, count: 0 };
          const message = r.added
            ? `${r.added} new referral${r.added === 1 ? "" : "s"} from ${retailerName(a.retailer)}.`
            : `Nothing new from ${retailerName(a.retailer)}.`;
          return { ...ok(message), count: r.added };
        },
        { count: 0 },
      ),
  }),
  patchRetailerStore: t.field({
    type: resultType("RetailerStoreResult"),
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), leadSourceId: t.arg.string() },
    resolve: (_r, a, ctx) =>
      asResult(async () => {
        const s = await patchRetailerStore(ctx, String(a.id), a.leadSourceId || null);
        return ok(`Saved store ${s.storeNumber}.`);
      }, {}),
  }),
  patchRetailerService: t.field({
    type: resultType("RetailerServiceResult"),
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), offered: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) =>
      asResult(async () => {
        const s = await patchRetailerService(ctx, String(a.id), a.offered);
        return ok(
          s.offered
            ? `"${s.name || s.code}" is offered.`
            : `"${s.name || s.code}" is not offered: its referrals are declined.`,
        );
      }, {}),
  }),
  patchRetailerEmployee: t.field({
    type: resultType("RetailerEmployeeResult"),
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }), personId: t.arg.string() },
    resolve: (_r, a, ctx) =>
      asResult(async () => {
        const e = await patchRetailerEmployee(ctx, String(a.id), a.personId || null);
        return ok(`Saved ${e.name || e.employeeId}.`);
      }, {}),
  }),
  importRetailerLead: t.field({
    type: CountResultRef,
    description: "Imports the named referrals (or, with all, every new one) as leads; count: how many.",
    authScopes: WORK,
    args: {
      retailer: t.arg({ type: RetailerEnum, required: true }),
      retailLeadIds: t.arg.stringList({ description: "At most 1,000." }),
      all: t.arg.boolean({ description: "Every referral still new." }),
    },
    resolve: (_r, a, ctx) =>
      asResult<CountResult>(
        async () => {
          const r = await importRetailerLeads(ctx, a.retailer, a.all ? null : (a.retailLeadIds ?? []));
          return { ...ok(r.message), count: r.count };
        },
        { count: 0 },
      ),
  }),
  discardRetailerLead: t.field({
    type: CountResultRef,
    description: "Declines the named referrals (the retailer is told); count: how many.",
    authScopes: WORK,
    args: {
      retailer: t.arg({ type: RetailerEnum, required: true }),
      retailLeadIds: t.arg.stringList({ required: true, description: "At most 1,000." }),
      reason: t.arg.string(),
    },
    resolve: (_r, a, ctx) =>
      asResult<CountResult>(
        async () => {
          const r = await discardRetailerLeads(ctx, a.retailer, a.retailLeadIds, a.reason ?? "");
          return { ...ok(r.message), count: r.count };
        },
        { count: 0 },
      ),
  }),
}));
