import { clock } from "../src/clock.ts";

// TEST_CLOCK=<ISO instant> runs the API tests on a business clock started at that instant (a Sunday
// night, a month end, ...), as CLOCK_START does for the server. Tests compute their expectations from
// the same clock; one that moves it and puts it back (`clock.startAt(null)`) returns to this pinned
// clock as it reads now, so the files after it run pinned too.
if (process.env.TEST_CLOCK) clock.configure(new Date(process.env.TEST_CLOCK));
