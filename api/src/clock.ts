// The one clock that business time comes from: "today" in a branch, the 3 PM delivery cutoff, due
// dates, token and session expiry, throttle windows, the seed's dates. It runs at real speed; when
// CLOCK_START is set (tests, demos) it starts at that instant instead of the real time, so that a test
// run can be pinned to a Sunday night, a month end or the last day of a year and still behave.
//
// Durations that measure the process itself (cache ages, timeouts, log timestamps) use Date.now().

let offsetMs = 0;

export const clock = {
  /** The current instant on the business clock. */
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  nowMs(): number {
    return Date.now() + offsetMs;
  },
  /** Starts the clock at `instant` (running on from there); null returns it to real time. */
  startAt(instant: Date | null): void {
    offsetMs = instant ? instant.getTime() - Date.now() : 0;
  },
  /** True when the clock was started at another instant than the real time. */
  get shifted(): boolean {
    return offsetMs !== 0;
  },
};
