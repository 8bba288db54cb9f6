import { clock } from "../src/clock.ts";

// TEST_CLOCK=<ISO instant> runs the API tests on a business clock started at that instant (a Sunday
// night, a month end, ...), as CLOCK_START does for the server. Tests compute their expectations from
// the same clock. A test that puts the clock back (`clock.startAt(null)`) puts it back on the pinned
// clock (as it would read now), not on the wall clock: the test files after it run pinned too.
if (process.env.TEST_CLOCK) {
  // The pinned clock runs on from its start; putting it back returns to where it would be now.
  const offsetMs = new Date(process.env.TEST_CLOCK).getTime() - Date.now();
  const startAt = clock.startAt.bind(clock);
  clock.startAt = (instant) => startAt(instant ?? new Date(Date.now() + offsetMs));
  clock.startAt(null);
}
