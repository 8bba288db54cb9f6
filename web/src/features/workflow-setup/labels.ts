import type { FunnelPosition } from "./api";

// How the setup screens name a step's funnel position, in funnel order.

export const FUNNEL_POSITIONS = [
  "TOP",
  "MIDDLE",
  "BOTTOM",
  "SUCCESS",
  "FAILURE",
  "OTHER",
] as const satisfies readonly FunnelPosition[];

export const funnelLabels: Record<FunnelPosition, string> = {
  TOP: "Top of funnel",
  MIDDLE: "Middle of funnel",
  BOTTOM: "Bottom of funnel",
  SUCCESS: "Won",
  FAILURE: "Lost",
  OTHER: "Not in the funnel",
};

export const funnelHelp: Record<FunnelPosition, string> = {
  TOP: "New interest: a first call, an enquiry.",
  MIDDLE: "Engaged: an appointment, a taste test.",
  BOTTOM: "Deciding: a quote, a follow-up.",
  SUCCESS: "The sale or job is won or done.",
  FAILURE: "The customer said no or the job was dropped.",
  OTHER: "Work that the sales funnel does not count.",
};

/** "30 min", "1 h", "1 h 30 min". */
export function formatMinutes(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}
