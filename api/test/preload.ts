import { clock } from "../src/clock.ts";

// TEST_CLOCK=<ISO instant> runs the API tests on a business clock started at that instant (a Sunday
// night, a month end, ...), as CLOCK_START does for the server. Tests compute their expectations from
// the same clock.
if (process.env.TEST_CLOCK) clock.startAt(new Date(process.env.TEST_CLOCK));
