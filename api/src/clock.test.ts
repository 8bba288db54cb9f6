import { expect, test } from "bun:test";
import { clock } from "./clock.ts";

// The clock knows where it was configured to start (CLOCK_START, TEST_CLOCK): moved elsewhere, it goes
// back there, as that clock reads now, when put back; configured to real time it goes back to real time.

const near = (ms: number, expected: number) => expect(Math.abs(ms - expected)).toBeLessThan(1_000);

test("startAt(null) returns to the configured start as it reads now", () => {
  clock.startAt(null);
  const home = clock.nowMs() - Date.now(); // this run's own configuration, restored at the end
  try {
    const start = Date.parse("2026-12-31T23:30:00-06:00");
    clock.configure(new Date(start));
    near(clock.nowMs(), start);
    expect(clock.shifted).toBe(true);
    clock.startAt(new Date(start + 40 * 86_400_000));
    near(clock.nowMs(), start + 40 * 86_400_000);
    clock.startAt(null);
    near(clock.nowMs(), start);

    clock.configure(null);
    near(clock.nowMs(), Date.now());
    expect(clock.shifted).toBe(false);
    clock.startAt(new Date(start));
    clock.startAt(null);
    near(clock.nowMs(), Date.now());
  } finally {
    clock.configure(home ? new Date(Date.now() + home) : null);
  }
});
