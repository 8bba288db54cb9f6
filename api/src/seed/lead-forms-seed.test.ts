import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestServer, type TestServer } from "../../test/harness.ts";
import { clock } from "../clock.ts";
import { issueFormToken } from "../modules/leads/forms.rules.ts";
import { DEMO_FORM_IDS } from "./lead-forms.ts";

// The demo's three lead forms: "Free water test" is public (with the appointment scheduler), "Home
// show sign-up" a template (not served), and a visitor's "Quote request" is assigned to the sales rep
// of its zone, with the first call of its shortcut for them.

const SECRET = "lead-forms-seed-secret-0123456789abc";
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer(
    { JOBS: "off", SESSION_SECRET: SECRET, TRUSTED_PROXY_HEADER: "x-forwarded-for" },
    { demo: true },
  );
}, 180_000);
afterAll(() => server.close(), 30_000);

let ip = 0;
const headers = () => ({ BranchHost: "demo", "x-forwarded-for": `192.0.2.${++ip}` });

test("three forms: one public with the scheduler, one that assigns, one template", async () => {
  const p = server.prisma;
  const forms = await p.leadForm.findMany({
    where: { id: { in: Object.values(DEMO_FORM_IDS) } },
    orderBy: { name: "asc" },
  });
  expect(forms.map((f) => [f.name, f.isPublic, f.hasAppointmentScheduler, f.autoAssignLead, f.isTemplate])).toEqual([
    ["Free water test", true, true, false, false],
    ["Home show sign-up", false, false, false, true],
    ["Quote request", true, false, true, false],
  ]);
  expect((await fetch(`${server.url}/forms/${DEMO_FORM_IDS.waterTest}`, { headers: headers() })).status).toBe(200);
  expect((await fetch(`${server.url}/forms/${DEMO_FORM_IDS.homeShow}`, { headers: headers() })).status).toBe(404);

  // a visitor on a street the demo knows, in a zone with a sales rep
  const demo = await p.branch.findUniqueOrThrow({ where: { host: "demo" } });
  const elements = await p.leadFormElement.findMany({ where: { leadFormId: DEMO_FORM_IDS.quote } });
  const q = (field: string) => `q_${elements.find((e) => e.leadFieldId === field)!.id}`;
  const held = await p.territoryZonePerson.findMany({ where: { branchId: demo.id, role: { name: "Sales rep" } } });
  const streets = await p.serviceAddress.findMany({
    where: { branchId: demo.id, latitude: { not: null } },
    select: { streetName: true, postalCode: true },
    distinct: ["streetName", "postalCode"],
    take: 40,
  });
  let lead = null;
  for (const [i, s] of streets.entries()) {
    const firstName = `Quinn${i}`;
    const r = await fetch(`${server.url}/forms/${DEMO_FORM_IDS.quote}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["_token", issueFormToken(SECRET, DEMO_FORM_IDS.quote, clock.nowMs() - 8000)],
        ["website_url", ""],
        [q("FIRST_NAME"), firstName],
        [q("LAST_NAME"), "Visitor"],
        [q("PHONE"), `737-201-${String(1000 + i)}`],
        [q("ADDRESS"), `${9000 + i} ${s.streetName}`],
        [q("POSTAL_CODE"), s.postalCode],
      ]).toString(),
    });
    expect(r.status).toBe(303);
    const made = await p.lead.findFirstOrThrow({ where: { branchId: demo.id, firstName, lastName: "Visitor" } });
    if (made.zoneId && held.some((h) => h.zoneId === made.zoneId)) {
      lead = made;
      break;
    }
    expect(made.status).toBe("UNASSIGNED");
  }
  expect(lead).not.toBeNull();
  expect(lead!.geocodeConfidence).toBe("HIGH");
  expect(lead!.status).toBe("ASSIGNED");
  expect(held.filter((h) => h.zoneId === lead!.zoneId).map((h) => h.personId)).toContain(lead!.personId!);
  const activities = await p.activity.findMany({ where: { thread: { leadId: lead!.id } } });
  expect(activities.map((a) => [a.subject, a.assignedPersonId, a.status])).toEqual([
    ["First call: new quote request", lead!.personId, "ACTIVE"],
  ]);
});
