// The one clock that business time comes from: "today" in a branch, the 3 PM delivery cutoff, due
// dates, token and session expiry, throttle windows, the seed's dates. It runs at real speed; when
// started elsewhere (CLOCK_START for the server and demos, TEST_CLOCK for a test run) it starts at that
// instant instead of the real time, so that a run can be pinned to a Sunday night, a month end or the
// last day of a year and still behave.
//
// Durations that measure the process itself (cache ages, timeouts, log timestamps) use Date.now().

/** Where the clock runs when nobody moves it: its configured start as it reads now (0: real time). */
let homeOffsetMs = 0;
let offsetMs = 0;

export const clock = {
  /** The current instant on the business clock. */
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  nowMs(): number {
    return Date.now() + offsetMs;
  },
  /**
   * The clock's configured start (CLOCK_START, TEST_CLOCK): it runs on from there, and that is where
   * `startAt(null)` puts it back. null configures real time.
   */
  configure(start: Date | null): void {
    homeOffsetMs = start ? start.getTime() - Date.now() : 0;
    offsetMs = homeOffsetMs;
  },
  /**
   * Moves the clock to `instant` (running on from there); null puts it back on its configured start as
   * it would read now (real time unless configured otherwise).
   */
  startAt(instant: Date | null): void {
    offsetMs = instant ? instant.getTime() - Date.now() : homeOffsetMs;
  },
  /** True when the clock reads another instant than the real time. */
  get shifted(): boolean {
    return offsetMs !== 0;
  },
};
