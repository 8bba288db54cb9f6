import { z } from "zod";
import { clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { DesktopErrorSeverity, ErrorAlert, ErrorAlertExclusion } from "../../generated/prisma/client.ts";
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { SEVERITY_RANK } from "./telemetry.ingest.ts";

// Error alerts: "more than `threshold` errors of `severity` or worse within the last `windowMinutes`",
// counted over every branch from the per-minute tallies, leaving out errors that match an active
// exclusion. The evaluation job (every minute) raises an alert that crosses its threshold, reminds at
// most every `minutesBetweenAlerts` while it stays raised, and clears it when the count falls back;
// each of those is an ErrorAlertEvent and a mail to every super admin, and a Slack message when
// SLACK_WEBHOOK_URL is set (to the alert's channel when it names one). A DISABLED alert is not
// evaluated. See docs/decisions/0621-error-alerts.md.

const MINUTE = 60_000;

const alertInput = z.object({
  id: z.string().uuid("Unknown alert.").nullish(),
  name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
  windowMinutes: z
    .number()
    .int("Window must be whole minutes.")
    .min(1, "Window must be at least 1 minute.")
    .max(1440, "Window must be at most 1440 minutes (a day)."),
  threshold: z.number().int("Threshold must be a whole number.").min(1, "Threshold must be at least 1."),
  severity: z.enum(["ERROR", "FATAL", "INFO", "WARNING"]),
  minutesBetweenAlerts: z
    .number()
    .int("Minutes between alerts must be whole minutes.")
    .min(1, "Minutes between alerts must be at least 1.")
    .max(10_080, "Minutes between alerts must be at most 10080 (a week)."),
  slackChannelId: z
    .string()
    .trim()
    .max(80, "Slack channel must be at most 80 characters.")
    .regex(/^(#?[\w.-]*)$/, "Slack channel is a name like #alerts or an id like C0123456."),
  disabled: z.boolean(),
});
export type ErrorAlertInput = z.input<typeof alertInput>;

export async function upsertErrorAlert(rt: Runtime, input: ErrorAlertInput): Promise<ErrorAlert> {
  const a = parseInput(alertInput, input);
  const now = clock.now();
  const data = {
    name: a.name,
    windowMinutes: a.windowMinutes,
    threshold: a.threshold,
    severity: a.severity,
    minutesBetweenAlerts: a.minutesBetweenAlerts,
    slackChannelId: a.slackChannelId,
    alertEditedAt: now,
  };
  if (!a.id) return rt.prisma.errorAlert.create({ data: { ...data, status: a.disabled ? "DISABLED" : "WATCHING" } });
  const existing = await rt.prisma.errorAlert.findUnique({ where: { id: a.id } });
  if (!existing) throw new AppError("NOT_FOUND", "Unknown alert.");
  // Turning an alert off ends a raised state; turning it on starts watching afresh.
  const status = a.disabled ? "DISABLED" : existing.status === "DISABLED" ? "WATCHING" : existing.status;
  return rt.prisma.errorAlert.update({ where: { id: a.id }, data: { ...data, status } });
}

export async function removeErrorAlert(rt: Runtime, alertId: string) {
  const { count } = await rt.prisma.errorAlert.deleteMany({ where: { id: alertId } });
  if (!count) throw new AppError("NOT_FOUND", "Unknown alert.");
}

export function errorAlerts(rt: Runtime) {
  return rt.prisma.errorAlert.findMany({ orderBy: [{ name: "asc" }, { createdAt: "asc" }] });
}

export function alertEvents(rt: Runtime, alertId: string) {
  return rt.prisma.errorAlertEvent.findMany({ where: { alertId }, orderBy: { at: "desc" }, take: 10 });
}

const exclusionInput = z
  .object({
    message: z.string().trim().max(2000, "Message must be at most 2000 characters."),
    program: z.string().trim().max(200, "Program must be at most 200 characters."),
    lineNum: z.number().int("Line must be a whole number.").min(0, "Line must be 0 or more.").nullish(),
    start: z.date(),
    end: z.date().nullish(),
    comment: z.string().trim().max(500, "Comment must be at most 500 characters."),
  })
  .refine((e) => e.message || e.program || e.lineNum != null, {
    message: "Give a message, a program or a line to exclude.",
  })
  .refine((e) => !e.end || e.end > e.start, { message: "The end must be after the start." });
export type ExclusionInput = z.input<typeof exclusionInput>;

export function addErrorAlertExclusion(rt: Runtime, input: ExclusionInput) {
  const e = parseInput(exclusionInput, input);
  return rt.prisma.errorAlertExclusion.create({ data: { ...e, lineNum: e.lineNum ?? null, end: e.end ?? null } });
}

export async function removeErrorAlertExclusion(rt: Runtime, exclusionId: string) {
  const { count } = await rt.prisma.errorAlertExclusion.deleteMany({ where: { id: exclusionId } });
  if (!count) throw new AppError("NOT_FOUND", "Unknown exclusion.");
}

/** Exclusions, newest first; activeOnly: those whose period holds now. */
export function errorAlertExclusions(rt: Runtime, activeOnly: boolean) {
  const now = clock.now();
  return rt.prisma.errorAlertExclusion.findMany({
    where: activeOnly ? { start: { lte: now }, OR: [{ end: null }, { end: { gt: now } }] } : {},
    orderBy: { start: "desc" },
  });
}

type Counted = { message: string; program: string; lineNum: number; severity: DesktopErrorSeverity; n: number };

export function excludedBy(e: Omit<Counted, "n" | "severity">, x: ErrorAlertExclusion) {
  return (
    (!x.message || e.message.toLowerCase().includes(x.message.toLowerCase())) &&
    (!x.program || e.program.toLowerCase() === x.program.toLowerCase()) &&
    (x.lineNum == null || e.lineNum === x.lineNum)
  );
}

export type AlertOutcome = {
  alertId: string;
  name: string;
  count: number;
  event: "RAISED" | "REMINDED" | "CLEARED" | null;
};

/** Evaluates every alert that is not DISABLED now; returns what happened to each. */
export async function evaluateErrorAlerts(rt: Runtime): Promise<AlertOutcome[]> {
  const now = clock.now();
  const alerts = await rt.prisma.errorAlert.findMany({ where: { status: { not: "DISABLED" } } });
  if (!alerts.length) return [];
  const longest = Math.max(...alerts.map((a) => a.windowMinutes));
  const exclusions = await rt.prisma.errorAlertExclusion.findMany({
    where: { start: { lte: now }, OR: [{ end: null }, { end: { gt: now } }] },
  });
  // Per error and minute over the longest window; each alert sums its own window from these.
  const tallies = await rt.prisma.desktopErrorTally.findMany({
    where: { bucketStart: { gt: new Date(now.getTime() - longest * MINUTE) } },
    select: {
      bucketStart: true,
      count: true,
      error: { select: { message: true, program: true, lineNum: true, severity: true } },
    },
  });
  const counted = tallies.filter((t) => !exclusions.some((x) => excludedBy(t.error, x)));
  const outcomes: AlertOutcome[] = [];
  for (const alert of alerts) {
    const since = now.getTime() - alert.windowMinutes * MINUTE;
    const count = counted
      .filter(
        (t) => t.bucketStart.getTime() > since && SEVERITY_RANK[t.error.severity] >= SEVERITY_RANK[alert.severity],
      )
      .reduce((sum, t) => sum + t.count, 0);
    const over = count >= alert.threshold;
    let event: AlertOutcome["event"] = null;
    if (over && alert.status === "WATCHING") event = "RAISED";
    else if (
      over &&
      alert.status === "RAISED" &&
      (!alert.lastNotifiedAt || now.getTime() - alert.lastNotifiedAt.getTime() >= alert.minutesBetweenAlerts * MINUTE)
    )
      event = "REMINDED";
    else if (!over && alert.status === "RAISED") event = "CLEARED";
    if (event) {
      // Only one evaluator acts on a change (two workers may run at once): the update is conditional.
      const { count: changed } = await rt.prisma.errorAlert.updateMany({
        where: { id: alert.id, status: alert.status, lastNotifiedAt: alert.lastNotifiedAt },
        data: {
          status: event === "CLEARED" ? "WATCHING" : "RAISED",
          lastNotifiedAt: now,
          ...(event === "RAISED" ? { lastRaised: now } : {}),
        },
      });
      if (changed) {
        const sent = await notify(rt, alert, event, count);
        await rt.prisma.errorAlertEvent.create({
          data: { alertId: alert.id, kind: event, errorCount: count, at: now, ...sent },
        });
      } else event = null;
    }
    outcomes.push({ alertId: alert.id, name: alert.name, count, event });
  }
  return outcomes;
}

function describe(alert: ErrorAlert, event: "RAISED" | "REMINDED" | "CLEARED", count: number) {
  const what = `${count} ${alert.severity === "INFO" ? "" : `${alert.severity} or worse `}errors in the last ${alert.windowMinutes} minutes`;
  if (event === "CLEARED")
    return {
      subject: `Cleared: ${alert.name}`,
      text: `The error alert "${alert.name}" has cleared: ${what} (threshold ${alert.threshold}).`,
    };
  return {
    subject: `${event === "RAISED" ? "Raised" : "Still raised"}: ${alert.name}`,
    text: `The error alert "${alert.name}" is raised: ${what}, threshold ${alert.threshold}.\nSee the Wtd Errors page of the admin console.`,
  };
}

async function notify(rt: Runtime, alert: ErrorAlert, event: "RAISED" | "REMINDED" | "CLEARED", count: number) {
  const { subject, text } = describe(alert, event, count);
  const admins = await rt.prisma.user.findMany({ where: { isSuperAdmin: true }, select: { email: true } });
  const recipients = [...new Set(admins.map((a) => a.email.toLowerCase()))];
  for (const to of recipients) await rt.mailer.send({ to, subject, text, fromName: "Error alerts" });
  let slackSent = false;
  const webhook = rt.config.SLACK_WEBHOOK_URL;
  if (webhook) {
    try {
      const res = await fetch(webhook, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          text: `${subject}\n${text}`,
          ...(alert.slackChannelId ? { channel: alert.slackChannelId } : {}),
        }),
        signal: AbortSignal.timeout(5000),
      });
      slackSent = res.ok;
      if (!res.ok) log.warn("slack alert refused", { status: res.status, alert: alert.name });
    } catch (error) {
      log.warn("slack alert failed", { error, alert: alert.name });
    }
  }
  return { mailedTo: recipients.length, slackSent };
}
