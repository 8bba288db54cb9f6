import type { BranchTelemetry, Channel } from "../api";

// What each telemetry channel's health page says, and when a branch or device of it counts as late.

export type ChannelText = {
  title: string;
  description: string;
  unit: string;
  units: string;
  /** How long without a success before a branch or device is flagged. */
  lateAfterMs: (b?: BranchTelemetry) => number;
  lateLabel: string;
};

const MINUTE = 60_000;
export const TEXT: Record<Channel, ChannelText> = {
  WEB_SYNC: {
    title: "WebSync Analytics",
    description: "Web sync loads from each branch's desktop software: volume, failures, latency and the last success.",
    unit: "load",
    units: "loads",
    lateAfterMs: (b) => Math.max(5 * MINUTE, (b?.slaSeconds ?? 300) * 1000 * 2),
    lateLabel: "Behind",
  },
  WTD_SYNC: {
    title: "WTD Syncing",
    description: "The Watertight desktop sync of each branch: when it last succeeded, and how its loads went.",
    unit: "load",
    units: "loads",
    lateAfterMs: () => 3 * 60 * MINUTE,
    lateLabel: "Behind",
  },
  MOBILE_RELAY: {
    title: "Mobile Relays",
    description: "Requests the drivers' mobile app relays pass on, per branch and per device.",
    unit: "request",
    units: "requests",
    lateAfterMs: () => 30 * MINUTE,
    lateLabel: "Not reporting",
  },
  TERMINAL_RELAY: {
    title: "Terminal Relays",
    description: "Payment terminal relay traffic per branch and per terminal.",
    unit: "request",
    units: "requests",
    lateAfterMs: () => 30 * MINUTE,
    lateLabel: "Not reporting",
  },
};

/** "Loads", "Requests". */
export const capitalized = (s: string) => `${s[0]?.toUpperCase() ?? ""}${s.slice(1)}`;
