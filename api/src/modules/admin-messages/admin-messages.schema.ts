import { builder } from "../../pothos/builder.ts";
import { MessageDeliveryStatusEnum, MessagePlatformEnum } from "../../pothos/enums.ts";
import {
  type BranchMessagingSummary,
  type BranchOption,
  type BulkMessagingMetrics,
  bulkMessagingMetrics,
  type MessageAuditPage,
  type MessageAuditRow,
  type MessagingCounts,
  type MessagingDay,
  messageAudit,
  messagingSummary,
  type StatusCount,
} from "./admin-messages.service.ts";

// Admin console: the messaging summary per branch (texts, segments, robo calls, successes), bulk
// messaging metrics, and the message audit of every outbound message. Super admins only.

const SCOPE = { superAdmin: true } as const;

const MessageAuditRowRef = builder.objectRef<MessageAuditRow>("OutboundMessage").implement({
  description: "One outbound message (mail, text or robo call) as the outbox recorded it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    branchId: t.exposeID("branchId", { nullable: true }),
    branchName: t.exposeString("branchName"),
    branchHost: t.exposeString("branchHost"),
    platform: t.field({ type: MessagePlatformEnum, resolve: (m) => m.platform }),
    recipient: t.exposeString("recipient"),
    subject: t.exposeString("subject"),
    preview: t.exposeString("preview", { description: "The first 160 characters of the text, link tokens redacted." }),
    status: t.field({ type: MessageDeliveryStatusEnum, resolve: (m) => m.status }),
    error: t.exposeString("error"),
    segments: t.exposeInt("segments"),
    durationSeconds: t.exposeInt("durationSeconds"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true }),
  }),
});

const BranchOptionRef = builder.objectRef<BranchOption>("MessagingBranch").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    branchNumber: t.exposeInt("branchNumber"),
    company: t.exposeString("company"),
    host: t.exposeString("host"),
  }),
});

const MessageAuditPageRef = builder.objectRef<MessageAuditPage>("MessageAuditPage").implement({
  fields: (t) => ({
    messages: t.field({ type: [MessageAuditRowRef], resolve: (p) => p.messages }),
    totalCount: t.exposeInt("totalCount"),
    skip: t.exposeInt("skip"),
    take: t.exposeInt("take"),
    branches: t.field({
      type: [BranchOptionRef],
      description: "Every branch, for the filter.",
      resolve: (p) => p.branches,
    }),
  }),
});

// biome-ignore lint/suspicious/noExplicitAny: one set of count fields for three object types
function countFields(t: any) {
  return {
    texts: t.int({ resolve: (c: MessagingCounts) => c.texts }),
    segments: t.int({ resolve: (c: MessagingCounts) => c.segments, description: "SMS segments billed for the texts." }),
    textSuccesses: t.int({
      resolve: (c: MessagingCounts) => c.textSuccesses,
      description: "Texts the carrier delivered.",
    }),
    roboCalls: t.int({ resolve: (c: MessagingCounts) => c.roboCalls }),
    callSuccesses: t.int({
      resolve: (c: MessagingCounts) => c.callSuccesses,
      description: "Calls answered and played.",
    }),
    callSeconds: t.int({ resolve: (c: MessagingCounts) => c.callSeconds }),
    emails: t.int({ resolve: (c: MessagingCounts) => c.emails }),
    emailSuccesses: t.int({ resolve: (c: MessagingCounts) => c.emailSuccesses }),
    failures: t.int({
      resolve: (c: MessagingCounts) => c.failures,
      description: "Messages of any kind that ended undelivered.",
    }),
  };
}

const MessagingCountsRef = builder.objectRef<MessagingCounts>("MessagingCounts").implement({
  fields: (t) => countFields(t),
});

const BranchMessagingSummaryRef = builder.objectRef<BranchMessagingSummary>("BranchMessagingSummary").implement({
  fields: (t) => ({
    branchId: t.exposeID("id"),
    branchNumber: t.exposeInt("branchNumber"),
    company: t.exposeString("company"),
    host: t.exposeString("host"),
    ...countFields(t),
  }),
});

const MessagingDayRef = builder.objectRef<MessagingDay>("MessagingDay").implement({
  fields: (t) => ({
    date: t.expose("date", { type: "Date" }),
    ...countFields(t),
  }),
});

const StatusCountRef = builder.objectRef<StatusCount>("MessageStatusCount").implement({
  fields: (t) => ({
    platform: t.field({ type: MessagePlatformEnum, resolve: (s) => s.platform }),
    status: t.field({ type: MessageDeliveryStatusEnum, resolve: (s) => s.status }),
    count: t.exposeInt("count"),
  }),
});

const BulkMessagingMetricsRef = builder.objectRef<BulkMessagingMetrics>("BulkMessagingMetrics").implement({
  description: "Days are calendar days in each message's branch time zone.",
  fields: (t) => ({
    startDate: t.expose("startDate", { type: "Date" }),
    endDate: t.expose("endDate", { type: "Date" }),
    totals: t.field({ type: MessagingCountsRef, resolve: (m) => m.totals }),
    days: t.field({ type: [MessagingDayRef], resolve: (m) => m.days }),
    statuses: t.field({ type: [StatusCountRef], resolve: (m) => m.statuses }),
  }),
});

builder.queryFields((t) => ({
  messageAudit: t.field({
    type: MessageAuditPageRef,
    description:
      "Every outbound message of every branch (or one), newest first; search matches recipient, subject and text.",
    authScopes: SCOPE,
    args: {
      branchId: t.arg.id({ required: false }),
      platform: t.arg({ type: MessagePlatformEnum, required: false }),
      status: t.arg({ type: MessageDeliveryStatusEnum, required: false }),
      search: t.arg.string({ required: false }),
      start: t.arg({ type: "DateTime", required: false }),
      end: t.arg({ type: "DateTime", required: false }),
      skip: t.arg.int({ required: false }),
      take: t.arg.int({ required: false }),
    },
    resolve: (_r, a, ctx) => messageAudit(ctx, { ...a, branchId: a.branchId || null }),
  }),
  messagingSummary: t.field({
    type: [BranchMessagingSummaryRef],
    description: "Texts, segments, robo calls and successes per branch for the period (first and last day included).",
    authScopes: SCOPE,
    args: {
      startDate: t.arg({ type: "Date", required: true }),
      endDate: t.arg({ type: "Date", required: true }),
      branchId: t.arg.id({ required: false }),
    },
    resolve: (_r, a, ctx) => messagingSummary(ctx, { ...a, branchId: a.branchId || null }),
  }),
  bulkMessagingMetrics: t.field({
    type: BulkMessagingMetricsRef,
    description: "Messaging per day for the period, of every branch or one.",
    authScopes: SCOPE,
    args: {
      startDate: t.arg({ type: "Date", required: true }),
      endDate: t.arg({ type: "Date", required: true }),
      branchId: t.arg.id({ required: false }),
    },
    resolve: (_r, a, ctx) => bulkMessagingMetrics(ctx, { ...a, branchId: a.branchId || null }),
  }),
}));
