import { afterAll } from "bun:test";
import { configurePasswordHashing } from "../src/auth/password.ts";
import { clock } from "../src/clock.ts";
import { configureServerRender } from "../src/http/server-render.ts";
import { disposeTemplates, makeCopiesAhead } from "./test-database.ts";

// TEST_CLOCK=<ISO instant> runs the API tests on a business clock started at that instant (a Sunday
// night, a month end, ...), as CLOCK_START does for the server. Tests compute their expectations from
// the same clock; one that moves it and puts it back (`clock.startAt(null)`) returns to this pinned
// clock as it reads now, so the files after it run pinned too.
if (process.env.TEST_CLOCK) clock.configure(new Date(process.env.TEST_CLOCK));

// New password hashes in the API tests cost 1 MiB and one pass instead of 64 MiB and two (6 ms instead of
// 100-500 ms a hash or a check; a test file signs in dozens of times). The hashing and checking code is
// the same; only the work factor differs (docs/decisions/0993-password-work-factor-in-tests.md).
configurePasswordHashing({ memoryCost: 1024, timeCost: 1 });

// A page rendered on the server is abandoned after 2 s (the browser renders it instead). The tests about
// rendered pages run beside other work on a 2-core machine, where a first render took 4 s: they allow 30.
configureServerRender({ timeoutMs: 30_000 });

// PostgreSQL copies for the files' servers are made ahead and dropped behind (decision 1040); once every
// test file has run, what is left of them and this process's demo template are dropped (test-database.ts).
makeCopiesAhead();
afterAll(() => disposeTemplates());
