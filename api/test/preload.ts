import { clock } from "../src/clock.ts";

// TEST_CLOCK=<ISO instant> runs the API tests on a business clock started at that instant (a Sunday
// night, a month end, ...), as CLOCK_START does for the server. Tests compute their expectations from
// the same clock. A test that puts the clock back (`clock.startAt(null)`) puts it back to that start,
// not to the wall clock: the test files after it run on the pinned clock too.
if (process.env.TEST_CLOCK) {
  const start = new Date(process.env.TEST_CLOCK);
  const startAt = clock.startAt.bind(clock);
  clock.startAt = (instant) => startAt(instant ?? start);
  clock.startAt(start);
}
