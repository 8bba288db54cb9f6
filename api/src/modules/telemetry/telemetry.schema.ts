import { clock } from "../../clock.ts";
import type {
  DesktopError,
  ErrorAlert,
  ErrorAlertEvent,
  ErrorAlertExclusion,
  SyncLoad,
} from "../../generated/prisma/client.ts";
import * as E from "../../generated/prisma/enums.ts";
import { builder, ResultRef } from "../../pothos/builder.ts";
import {
  addErrorAlertExclusion,
  alertEvents,
  errorAlertExclusions,
  errorAlerts,
  removeErrorAlert,
  removeErrorAlertExclusion,
  upsertErrorAlert,
} from "./telemetry.alerts.ts";
import {
  type BranchRef,
  type BranchTelemetry,
  desktopError,
  desktopErrors,
  recentSyncLoads,
  type SourceRow,
  setDesktopErrorResolved,
  type TelemetryMetrics,
  type TelemetryPoint,
  telemetryMetrics,
} from "./telemetry.reports.ts";

// Admin console: desktop errors, error alerts and exclusions, sync and relay health:
// desktopErrors(start, end, severities), desktopError(errorId), resolve and un-resolve, errorAlerts,
// errorAlertExclusions(activeOnly), upsert and remove alert, add and remove exclusion, sync metrics,
// last sync successes, recent sync loads(branchId), mobile relay and terminal relay metrics.
// Every field: super admins only.

const ADMIN = { superAdmin: true } as const;

export const DesktopErrorSeverityEnum = builder.enumType(E.DesktopErrorSeverity, { name: "DesktopErrorSeverity" });
export const AlertStatusEnum = builder.enumType(E.AlertStatus, { name: "AlertStatus" });
export const TelemetryChannelEnum = builder.enumType(E.TelemetryChannel, { name: "TelemetryChannel" });
const SyncChannelEnum = builder.enumType("SyncChannel", {
  description: "The desktop sync channels: the web sync and the Watertight desktop (WTD) sync.",
  values: ["WEB_SYNC", "WTD_SYNC"] as const,
});

const BranchRefRef = builder.objectRef<BranchRef>("TelemetryBranch").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    branchNumber: t.exposeInt("branchNumber"),
    company: t.exposeString("company"),
  }),
});

type ErrorRow = DesktopError & { branch: BranchRef | null };

const DesktopErrorRef = builder.objectRef<ErrorRow>("DesktopError").implement({
  description: "One distinct error reported by a branch's desktop software, with how often it happened.",
  fields: (t) => ({
    id: t.exposeID("id"),
    branchId: t.exposeID("branchId"),
    branch: t.field({ type: BranchRefRef, nullable: true, resolve: (e) => e.branch }),
    logTime: t.expose("logTime", { type: "DateTime", description: "The latest occurrence." }),
    firstSeen: t.expose("firstSeen", { type: "DateTime" }),
    buildVersion: t.exposeString("buildVersion"),
    message: t.exposeString("message"),
    callStack: t.exposeString("callStack"),
    program: t.exposeString("program"),
    lineNum: t.exposeInt("lineNum"),
    loginUserName: t.exposeString("loginUserName"),
    retried: t.exposeBoolean("retried"),
    fixedVersion: t.exposeString("fixedVersion"),
    errorCount: t.exposeInt("errorCount"),
    errorNo: t.exposeInt("errorNo"),
    severity: t.expose("severity", { type: DesktopErrorSeverityEnum }),
    status: t.exposeString("status", { description: "ACTIVE, or RESOLVED." }),
    resolvedAt: t.expose("resolvedAt", { type: "DateTime", nullable: true }),
  }),
});

const DesktopErrorDetailRef = builder.objectRef<ErrorRow>("DesktopErrorDetail").implement({
  description: "A desktop error with where it happened.",
  fields: (t) => ({
    error: t.field({ type: DesktopErrorRef, resolve: (e) => e }),
    machineName: t.exposeString("machineName"),
    windowsVersion: t.exposeString("windowsVersion"),
    loginInstanceId: t.exposeString("loginInstanceId"),
    status: t.exposeString("status", { description: "ACTIVE, or RESOLVED." }),
  }),
});

const ErrorAlertEventRef = builder.objectRef<ErrorAlertEvent>("ErrorAlertEvent").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.exposeString("kind", { description: "RAISED, REMINDED or CLEARED." }),
    errorCount: t.exposeInt("errorCount"),
    at: t.expose("at", { type: "DateTime" }),
    mailedTo: t.exposeInt("mailedTo", { description: "How many super admins were mailed." }),
    slackSent: t.exposeBoolean("slackSent"),
  }),
});

const ErrorAlertRef = builder.objectRef<ErrorAlert>("ErrorAlert").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    windowMinutes: t.exposeInt("windowMinutes"),
    threshold: t.exposeInt("threshold"),
    status: t.expose("status", { type: AlertStatusEnum }),
    severity: t.expose("severity", {
      type: DesktopErrorSeverityEnum,
      description: "Errors of this severity or worse count (INFO < WARNING < ERROR < FATAL).",
    }),
    alertEditedAt: t.expose("alertEditedAt", { type: "DateTime" }),
    lastRaised: t.expose("lastRaised", { type: "DateTime", nullable: true }),
    minutesBetweenAlerts: t.exposeInt("minutesBetweenAlerts"),
    slackChannelId: t.exposeString("slackChannelId"),
    recentEvents: t.field({
      type: [ErrorAlertEventRef],
      description: "The last 10 times it was raised, reminded or cleared.",
      resolve: (a, _args, ctx) => alertEvents(ctx.runtime, a.id),
    }),
  }),
});

const ErrorAlertExclusionRef = builder.objectRef<ErrorAlertExclusion>("ErrorAlertExclusion").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    message: t.exposeString("message"),
    program: t.exposeString("program"),
    lineNum: t.exposeInt("lineNum", { nullable: true }),
    start: t.expose("start", { type: "DateTime" }),
    end: t.expose("end", { type: "DateTime", nullable: true }),
    comment: t.exposeString("comment"),
  }),
});

const BranchTelemetryRef = builder.objectRef<BranchTelemetry>("BranchTelemetry").implement({
  fields: (t) => ({
    branch: t.field({ type: BranchRefRef, resolve: (b) => b.branch }),
    loads: t.exposeInt("loads"),
    successes: t.exposeInt("successes"),
    failures: t.exposeInt("failures"),
    averageLatencyMs: t.exposeInt("averageLatencyMs"),
    maxLatencyMs: t.exposeInt("maxLatencyMs"),
    lastSeenAt: t.expose("lastSeenAt", { type: "DateTime", nullable: true }),
    lastSuccessAt: t.expose("lastSuccessAt", { type: "DateTime", nullable: true }),
    lastFailureAt: t.expose("lastFailureAt", { type: "DateTime", nullable: true }),
    lastError: t.exposeString("lastError"),
    slaSeconds: t.exposeInt("slaSeconds"),
  }),
});

const TelemetryPointRef = builder.objectRef<TelemetryPoint>("TelemetryPoint").implement({
  fields: (t) => ({
    at: t.expose("at", { type: "DateTime" }),
    loads: t.exposeInt("loads"),
    successes: t.exposeInt("successes"),
    failures: t.exposeInt("failures"),
    averageLatencyMs: t.exposeInt("averageLatencyMs"),
  }),
});

const TelemetrySourceRef = builder.objectRef<SourceRow>("TelemetrySource").implement({
  description: "One relay or terminal and when it last reported.",
  fields: (t) => ({
    branch: t.field({ type: BranchRefRef, resolve: (s) => s.branch }),
    sourceId: t.exposeString("sourceId"),
    deviceName: t.exposeString("deviceName"),
    version: t.exposeString("version"),
    lastSeenAt: t.expose("lastSeenAt", { type: "DateTime" }),
    lastSuccessAt: t.expose("lastSuccessAt", { type: "DateTime", nullable: true }),
    lastFailureAt: t.expose("lastFailureAt", { type: "DateTime", nullable: true }),
    lastError: t.exposeString("lastError"),
  }),
});

const TelemetryMetricsRef = builder.objectRef<TelemetryMetrics>("TelemetryMetrics").implement({
  fields: (t) => ({
    channel: t.expose("channel", { type: TelemetryChannelEnum }),
    start: t.expose("start", { type: "DateTime" }),
    end: t.expose("end", { type: "DateTime" }),
    bucket: t.exposeString("bucket", { description: "hour or day: the step of the series." }),
    branches: t.field({ type: [BranchTelemetryRef], resolve: (m) => m.branches }),
    series: t.field({ type: [TelemetryPointRef], resolve: (m) => m.series }),
    sources: t.field({ type: [TelemetrySourceRef], resolve: (m) => m.sources }),
  }),
});

const SyncLoadRef = builder.objectRef<SyncLoad>("SyncLoad").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    channel: t.expose("channel", { type: TelemetryChannelEnum }),
    startedAt: t.expose("startedAt", { type: "DateTime" }),
    durationMs: t.exposeInt("durationMs"),
    success: t.exposeBoolean("success"),
    records: t.exposeInt("records"),
    error: t.exposeString("error"),
  }),
});

const ErrorAlertInputRef = builder.inputType("ErrorAlertInput", {
  fields: (t) => ({
    id: t.id({ required: false, description: "Empty to create an alert." }),
    name: t.string({ required: true }),
    windowMinutes: t.int({ required: true }),
    threshold: t.int({ required: true }),
    severity: t.field({ type: DesktopErrorSeverityEnum, required: true }),
    minutesBetweenAlerts: t.int({ required: true }),
    slackChannelId: t.string({ required: true }),
    disabled: t.boolean({ required: true, description: "A disabled alert is not evaluated." }),
  }),
});

const ErrorAlertExclusionInputRef = builder.inputType("ErrorAlertExclusionInput", {
  fields: (t) => ({
    message: t.string({ required: true, description: "Errors whose message contains this (empty: any)." }),
    program: t.string({ required: true }),
    lineNum: t.int({ required: false }),
    start: t.field({ type: "DateTime", required: true }),
    end: t.field({ type: "DateTime", required: false }),
    comment: t.string({ required: true }),
  }),
});

builder.queryFields((t) => ({
  desktopErrors: t.field({
    type: [DesktopErrorRef],
    authScopes: ADMIN,
    description: "Errors last seen in [start, end), newest first (at most 500); all severities when none are given.",
    args: {
      start: t.arg({ type: "DateTime", required: true }),
      end: t.arg({ type: "DateTime", required: true }),
      severities: t.arg({ type: [DesktopErrorSeverityEnum], required: false }),
    },
    resolve: (_r, args, ctx) => desktopErrors(ctx.runtime, args),
  }),
  desktopError: t.field({
    type: DesktopErrorDetailRef,
    authScopes: ADMIN,
    args: { errorId: t.arg.id({ required: true }) },
    resolve: (_r, { errorId }, ctx) => desktopError(ctx.runtime, String(errorId)),
  }),
  errorAlerts: t.field({
    type: [ErrorAlertRef],
    authScopes: ADMIN,
    resolve: (_r, _a, ctx) => errorAlerts(ctx.runtime),
  }),
  errorAlertExclusions: t.field({
    type: [ErrorAlertExclusionRef],
    authScopes: ADMIN,
    args: { activeOnly: t.arg.boolean({ required: true }) },
    resolve: (_r, { activeOnly }, ctx) => errorAlertExclusions(ctx.runtime, activeOnly),
  }),
  syncMetrics: t.field({
    type: TelemetryMetricsRef,
    authScopes: ADMIN,
    description: "Desktop sync loads, successes, failures and latency per branch and over time.",
    args: {
      channel: t.arg({ type: SyncChannelEnum, required: true }),
      start: t.arg({ type: "DateTime", required: true }),
      end: t.arg({ type: "DateTime", required: true }),
      branchId: t.arg.id({ required: false }),
    },
    resolve: (_r, a, ctx) => telemetryMetrics(ctx.runtime, a.channel, { ...a, branchId: a.branchId || null }),
  }),
  lastSyncSuccesses: t.field({
    type: [BranchTelemetryRef],
    authScopes: ADMIN,
    description: "Every branch's last successful sync on the channel (and the last day's loads).",
    args: { channel: t.arg({ type: SyncChannelEnum, required: true }) },
    resolve: async (_r, { channel }, ctx) => {
      const end = new Date(clock.nowMs() + 3_600_000);
      return (await telemetryMetrics(ctx.runtime, channel, { start: new Date(end.getTime() - 86_400_000), end }))
        .branches;
    },
  }),
  recentSyncLoads: t.field({
    type: [SyncLoadRef],
    authScopes: ADMIN,
    description: "A branch's last 100 sync loads (individual loads are kept 48 hours).",
    args: { branchId: t.arg.id({ required: true }), channel: t.arg({ type: SyncChannelEnum, required: false }) },
    resolve: (_r, { branchId, channel }, ctx) => recentSyncLoads(ctx.runtime, String(branchId), channel),
  }),
  mobileRelayMetrics: t.field({
    type: TelemetryMetricsRef,
    authScopes: ADMIN,
    description: "Mobile app relay requests, failures and latency per branch and over time, and each relay.",
    args: {
      start: t.arg({ type: "DateTime", required: true }),
      end: t.arg({ type: "DateTime", required: true }),
      branchId: t.arg.id({ required: false }),
    },
    resolve: (_r, a, ctx) => telemetryMetrics(ctx.runtime, "MOBILE_RELAY", { ...a, branchId: a.branchId || null }),
  }),
  terminalRelayMetrics: t.field({
    type: TelemetryMetricsRef,
    authScopes: ADMIN,
    description: "Payment terminal relay requests, failures and latency per branch and over time, and each terminal.",
    args: {
      start: t.arg({ type: "DateTime", required: true }),
      end: t.arg({ type: "DateTime", required: true }),
      branchId: t.arg.id({ required: false }),
    },
    resolve: (_r, a, ctx) => telemetryMetrics(ctx.runtime, "TERMINAL_RELAY", { ...a, branchId: a.branchId || null }),
  }),
}));

builder.mutationFields((t) => ({
  resolveDesktopError: t.field({
    type: DesktopErrorRef,
    authScopes: ADMIN,
    description: "Marks an error resolved, optionally with the build that fixes it. It reopens if reported again.",
    args: { errorId: t.arg.id({ required: true }), fixedVersion: t.arg.string({ required: false }) },
    resolve: (_r, { errorId, fixedVersion }, ctx) =>
      setDesktopErrorResolved(ctx.runtime, String(errorId), true, fixedVersion),
  }),
  unresolveDesktopError: t.field({
    type: DesktopErrorRef,
    authScopes: ADMIN,
    args: { errorId: t.arg.id({ required: true }) },
    resolve: (_r, { errorId }, ctx) => setDesktopErrorResolved(ctx.runtime, String(errorId), false),
  }),
  upsertErrorAlert: t.field({
    type: ErrorAlertRef,
    authScopes: ADMIN,
    description: "Creates an alert (no id) or changes one.",
    args: { input: t.arg({ type: ErrorAlertInputRef, required: true }) },
    resolve: (_r, { input }, ctx) => upsertErrorAlert(ctx.runtime, { ...input, id: input.id || null }),
  }),
  removeErrorAlert: t.field({
    type: ResultRef,
    authScopes: ADMIN,
    args: { alertId: t.arg.id({ required: true }) },
    resolve: async (_r, { alertId }, ctx) => {
      await removeErrorAlert(ctx.runtime, String(alertId));
      return { isSuccess: true, message: "Alert removed." };
    },
  }),
  addErrorAlertExclusion: t.field({
    type: ErrorAlertExclusionRef,
    authScopes: ADMIN,
    args: { input: t.arg({ type: ErrorAlertExclusionInputRef, required: true }) },
    resolve: (_r, { input }, ctx) => addErrorAlertExclusion(ctx.runtime, input),
  }),
  removeErrorAlertExclusion: t.field({
    type: ResultRef,
    authScopes: ADMIN,
    args: { exclusionId: t.arg.id({ required: true }) },
    resolve: async (_r, { exclusionId }, ctx) => {
      await removeErrorAlertExclusion(ctx.runtime, String(exclusionId));
      return { isSuccess: true, message: "Exclusion removed." };
    },
  }),
}));
