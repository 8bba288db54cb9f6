// Speed to lead: BENCH_LEADS (100) visitors submit a public lead form that assigns (over HTTP, a form
// post as a browser without JavaScript sends it), BENCH_LEAD_CONCURRENCY (1) at a time; each lead is
// geocoded from its street address (the embedded geocoder), placed in its zone, assigned to the zone's
// sales rep and the form's LEAD shortcut creates its first call. Timed from sending the post to the
// activity showing in the rep's my work (the `myWork` page the screen asks, polled every 20 ms). Also
// printed: the post's own answer time. Goal: p95 <= 60 s, typically seconds. On PGlite, and on
// PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set.
//
//   bun bench/speed-to-lead.bench.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres bun bench/speed-to-lead.bench.ts

import { clock } from "../api/src/clock.ts";
import { issueFormToken } from "../api/src/modules/leads/forms.rules.ts";
import { square } from "../api/src/modules/territories/test-shapes.ts";
import { createTestServer, factories, type TestServer } from "../api/test/harness.ts";
import { type Branch, employee } from "../api/test/personnel-helpers.ts";
import { latencySummary, onEachDatabase, percentile } from "./on-each-database.ts";

const LEADS = Number(process.env.BENCH_LEADS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_LEAD_CONCURRENCY ?? 1);
const GOAL_P95_MS = 60_000;
const TIMEOUT_MS = 90_000;
const SECRET = "speed-to-lead-bench-secret-0123456789";

type Outcome = { db: string; p50: number; p95: number; max: number; timedOut: number; postP50: number };

async function measure(db: string): Promise<Outcome> {
  const server: TestServer = await createTestServer({
    LOG_LEVEL: "error",
    SESSION_SECRET: SECRET,
    TRUSTED_PROXY_HEADER: "x-forwarded-for",
  });
  try {
    const p = server.prisma;
    const f = factories(p);
    const made = await f.branch();
    const branch: Branch = { server, branchId: made.id, host: made.host };
    const b = branch.branchId;
    // the lead map: one zone around downtown Austin, held by one sales rep
    const map = await p.territoryMap.create({ data: { branchId: b, name: "Sales territories" } });
    const zone = await p.territoryZone.create({
      data: { branchId: b, mapId: map.id, name: "Downtown", data: square(-98, 30, 1) },
    });
    await p.leadConfiguration.create({ data: { branchId: b, leadSegregationMapId: map.id } });
    const role = await p.personTerritoryRole.create({ data: { branchId: b, name: "Sales rep" } });
    await p.territoryMapUsage.create({ data: { branchId: b, appointmentAssignmentRoleId: role.id } });
    const rep = await employee(branch, []);
    await p.territoryZonePerson.create({
      data: { branchId: b, zoneId: zone.id, roleId: role.id, personId: rep.personId },
    });
    // what the embedded geocoder knows: Congress Ave in 78701
    const customer = await f.customer(b, "900001");
    for (let i = 0; i < 20; i++)
      await p.serviceAddress.create({
        data: {
          branchId: b,
          customerId: customer.id,
          streetNumber: String(100 + i * 10),
          streetName: "Congress Ave",
          city: "Austin",
          state: "TX",
          postalCode: "78701",
          latitude: 30.26 + i * 0.001,
          longitude: -97.74,
        },
      });
    // the form and its shortcut: a first call for the rep, due in five minutes
    const config = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const sale = await f.workflow.project(b, { description: "New customer sale" });
    const saved = await config.gql<{ createWorkflowShortcut: { isSuccess: boolean; shortcut: { id: string } | null } }>(
      "mutation($i: WorkflowShortcutInput!){ createWorkflowShortcut(input: $i){ isSuccess shortcut { id } } }",
      {
        i: {
          name: "First call",
          tableId: "LEAD",
          actions: [
            { type: "CREATE_ACTIVITY", stepId: sale.steps[0]!.id, subject: "Call the new lead", dueInMinutes: 5 },
          ],
        },
      },
    );
    const shortcutId = saved.data?.createWorkflowShortcut.shortcut?.id;
    if (!shortcutId) throw new Error(`shortcut not saved: ${JSON.stringify(saved)}`);
    const form = await p.leadForm.create({
      data: {
        branchId: b,
        name: "Free quote",
        isPublic: true,
        autoAssignLead: true,
        assignWorkflowShortcutId: shortcutId,
      },
    });
    const element = (
      orderIndex: number,
      questionText: string,
      leadFieldId: "FIRST_NAME" | "PHONE" | "ADDRESS" | "POSTAL_CODE",
    ) =>
      p.leadFormElement.create({
        data: {
          branchId: b,
          leadFormId: form.id,
          orderIndex,
          questionText,
          questionType: leadFieldId === "PHONE" ? "PHONE" : "TEXT",
          isNativeLeadField: true,
          leadFieldId,
        },
      });
    const q = {
      name: (await element(0, "First name", "FIRST_NAME")).id,
      phone: (await element(1, "Phone", "PHONE")).id,
      address: (await element(2, "Street address", "ADDRESS")).id,
      postal: (await element(3, "Postal code", "POSTAL_CODE")).id,
    };

    // the rep's screen: my work's first page, asked every 20 ms; each lead's activity resolves its waiter
    const seen = new Set<string>();
    const waiters = new Map<string, () => void>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const r = await rep.gql<{ myWork: { activities: { leadId: string | null }[] } }>(
          "{ myWork(take: 100, sort: TIME, sortDirection: DESC) { activities { leadId } } }",
        );
        if (r.errors) throw new Error(`myWork refused: ${JSON.stringify(r.errors)}`);
        for (const a of r.data?.myWork.activities ?? [])
          if (a.leadId && !seen.has(a.leadId)) {
            seen.add(a.leadId);
            waiters.get(a.leadId)?.();
          }
        await Bun.sleep(20);
      }
    })();

    const latencies: number[] = [];
    const posts: number[] = [];
    let timedOut = 0;
    const one = async (i: number) => {
      const name = `Visitor${String(i).padStart(5, "0")}`;
      const t0 = performance.now();
      const res = await fetch(`${server.url}/forms/${form.id}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          BranchHost: branch.host,
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams([
          ["_token", issueFormToken(SECRET, form.id, clock.nowMs() - 8000)],
          ["website_url", ""],
          [`q_${q.name}`, name],
          [`q_${q.phone}`, `512-555-${String(1000 + i).slice(-4)}`],
          [`q_${q.address}`, `${2000 + i} Congress Ave`],
          [`q_${q.postal}`, "78701"],
        ]).toString(),
      });
      posts.push(performance.now() - t0);
      if (res.status !== 303) throw new Error(`submission answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const lead = await p.lead.findFirst({
        where: { branchId: b, firstName: name },
        select: { id: true, personId: true },
      });
      if (!lead?.personId) throw new Error(`${name} was not assigned`);
      const visible = await new Promise<boolean>((resolve) => {
        if (seen.has(lead.id)) return resolve(true);
        waiters.set(lead.id, () => resolve(true));
        setTimeout(() => resolve(false), TIMEOUT_MS);
      });
      if (visible) latencies.push(performance.now() - t0);
      else timedOut++;
    };
    for (let i = 0; i < LEADS; i += CONCURRENCY)
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, LEADS - i) }, (_, k) => one(i + k)));
    polling = false;
    await poller;
    return {
      db,
      ...latencySummary(latencies),
      timedOut,
      postP50: percentile(
        posts.sort((a, b) => a - b),
        0.5,
      ),
    };
  } finally {
    await server.close();
  }
}

const outcomes = await onEachDatabase(measure);

let failed = false;
console.log(
  `form submission -> assigned lead with its activity in the rep's my work (${LEADS} leads, ${CONCURRENCY} at a time)`,
);
console.log("db         p50 ms  p95 ms  max ms  timed out  post answered p50  goal");
for (const o of outcomes) {
  const met = o.p95 <= GOAL_P95_MS && o.timedOut === 0;
  failed ||= !met;
  console.log(
    `${o.db.padEnd(9)} ${o.p50.toFixed(0).padStart(7)} ${o.p95.toFixed(0).padStart(7)} ${o.max.toFixed(0).padStart(7)} ${String(o.timedOut).padStart(10)} ${o.postP50.toFixed(0).padStart(18)}  ${met ? "pass" : "FAIL"} p95 <= ${GOAL_P95_MS / 1000} s`,
  );
}
process.exit(failed ? 1 : 0);
