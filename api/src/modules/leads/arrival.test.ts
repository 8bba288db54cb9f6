import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { northSouthLeadMap } from "../../../test/geocoder-addresses.ts";
import { createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { streetOnly } from "./arrival.geocode.ts";
import { issueFormToken } from "./forms.rules.ts";

// A lead's arrival: an address sent without coordinates is geocoded by the product's geocoder (the
// embedded one: the branch's own service addresses), stored with its confidence, and the lead is placed
// in its zone of the lead map; coordinates sent are kept as they are; nothing found leaves it unplaced.
// Through a form that assigns, a new lead goes to its zone's sales rep and the form's LEAD shortcut
// runs on it: its activity is in the rep's my work.

const SECRET = "lead-arrival-secret-0123456789abcdef";
let server: TestServer;
let branch: Branch;
beforeAll(async () => {
  server = await createTestServer({ JOBS: "off", SESSION_SECRET: SECRET, TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  const made = await factories(server.prisma).branch();
  branch = { server, branchId: made.id, host: made.host };
}, 60_000);
afterAll(() => server.close(), 30_000);

const unique = () => crypto.randomUUID().slice(0, 8);
let phones = 1000;
const phone = () => `512555${phones++}`;

type Outcome = { outcome: string; reason: string; leadId: string | null };
let zones: { north: string; south: string };
let key: string;

beforeAll(async () => {
  const p = server.prisma;
  const b = branch.branchId;
  // the lead map: North is longitude 0..1, South 1..2 (latitude 0..1); what the embedded geocoder
  // knows: Elm Street in 78701 (North), Oak Lane in 78702 (South)
  zones = await northSouthLeadMap(p, b, [
    ["10", "Elm St", "78701", 0.5, 0.4],
    ["30", "Elm St", "78701", 0.5, 0.6],
    ["5", "Oak Ln", "78702", 0.5, 1.5],
  ]);
  const admin = await employee(branch, ["LEAD_ADMIN"]);
  const made = await admin.gql<{ addLeadSource: { leadSource: { id: string } } }>(
    `mutation($i: LeadSourceInput!){ addLeadSource(input: $i){ leadSource { id } } }`,
    { i: { name: `Vendor ${unique()}`, code: `V${unique()}` } },
  );
  const sourceKey = await admin.gql<{ createLeadSourceKey: { key: string } }>(
    `mutation($id: ID!){ createLeadSourceKey(id: $id){ key } }`,
    { id: made.data!.addLeadSource.leadSource.id },
  );
  key = sourceKey.data!.createLeadSourceKey.key;
}, 60_000);

async function post(lead: Record<string, unknown>): Promise<Outcome> {
  const res = await fetch(`${server.url}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ firstName: "Pat", lastName: unique(), phone: phone(), ...lead }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Outcome;
}
const stored = (id: string | null) =>
  server.prisma.lead.findUniqueOrThrow({
    where: { id: id! },
    select: { latitude: true, longitude: true, geocodeConfidence: true, zoneId: true },
  });

describe("geocoding an arriving lead", () => {
  test("the street in its postal code (unit left out): HIGH, placed in its zone", async () => {
    const answer = await post({ address: "22 Elm Street Apt 4", city: "Austin", postalCode: "78701" });
    expect(answer.outcome).toBe("created");
    expect(await stored(answer.leadId)).toEqual({
      latitude: 0.5,
      longitude: 0.5,
      geocodeConfidence: "HIGH",
      zoneId: zones.north,
    });
  });

  test("the street in its city when the postal code does not know it; else the postal code alone: LOW", async () => {
    const byCity = await post({ address: "7 Oak Lane", city: "Austin", postalCode: "78799" });
    expect(await stored(byCity.leadId)).toMatchObject({ geocodeConfidence: "HIGH", zoneId: zones.south });
    const byZip = await post({ address: "9 Unknown Rd", postalCode: "78702" });
    expect(await stored(byZip.leadId)).toEqual({
      latitude: 0.5,
      longitude: 1.5,
      geocodeConfidence: "LOW",
      zoneId: zones.south,
    });
  });

  test("nothing found: stored without a point or zone; coordinates sent are kept, not geocoded", async () => {
    const nowhere = await post({ address: "1 Nowhere Rd", city: "Elsewhere" });
    expect(nowhere.outcome).toBe("created");
    expect(await stored(nowhere.leadId)).toEqual({
      latitude: null,
      longitude: null,
      geocodeConfidence: "UNKNOWN",
      zoneId: null,
    });
    const sent = await post({ address: "22 Elm St", postalCode: "78701", latitude: 0.3, longitude: 1.2 });
    expect(await stored(sent.leadId)).toEqual({
      latitude: 0.3,
      longitude: 1.2,
      geocodeConfidence: "UNKNOWN",
      zoneId: zones.south,
    });
  });

  test("units are cut from the street line", () => {
    expect(streetOnly("12 Elm St Apt 4")).toBe("12 Elm St");
    expect(streetOnly("12 Elm St #4")).toBe("12 Elm St");
    expect(streetOnly("12 Elm St, Suite 100")).toBe("12 Elm St");
    expect(streetOnly("400 Suiter Ave")).toBe("400 Suiter Ave");
  });
});

describe("a form that assigns", () => {
  type Activity = { subject: string; leadId: string | null; assignedPersonId: string | null };
  const WORK = `query{ assignedActivities { subject leadId assignedPersonId } }`;
  const MY_WORK = `query{ myWork(take: 50) { activities { subject leadId } total } }`;
  let formId: string;
  let shortcutId: string;
  let reps: { busy: Awaited<ReturnType<typeof employee>>; free: Awaited<ReturnType<typeof employee>> };
  let q: { first: string; phone: string; address: string; postal: string };

  beforeAll(async () => {
    const p = server.prisma;
    const b = branch.branchId;
    const role = await p.personTerritoryRole.create({ data: { branchId: b, name: "Sales rep" } });
    await p.territoryMapUsage.create({ data: { branchId: b, appointmentAssignmentRoleId: role.id } });
    reps = { busy: await employee(branch), free: await employee(branch) };
    for (const rep of [reps.busy, reps.free])
      await p.territoryZonePerson.create({
        data: { branchId: b, zoneId: zones.north, roleId: role.id, personId: rep.personId },
      });
    // the busy rep already works a lead: the free one gets the next
    await p.lead.create({
      data: { branchId: b, firstName: "Old", status: "ASSIGNED", personId: reps.busy.personId, zoneId: zones.north },
    });
    const sale = await factories(p).workflow.project(b, { description: "Lead follow-up" });
    const config = await employee(branch, ["WORKFLOW_CONFIGURATION"]);
    const made = await config.gql<{ createWorkflowShortcut: { shortcut: { id: string } } }>(
      `mutation($i: WorkflowShortcutInput!){ createWorkflowShortcut(input: $i){ shortcut { id } } }`,
      {
        i: {
          name: "First call on arrival",
          tableId: "LEAD",
          actions: [
            { type: "CREATE_ACTIVITY", stepId: sale.steps[0]!.id, subject: "Call the new lead", dueInMinutes: 5 },
          ],
        },
      },
    );
    shortcutId = made.data!.createWorkflowShortcut.shortcut.id;
    const form = await p.leadForm.create({
      data: { branchId: b, name: "Quote", isPublic: true, autoAssignLead: true, assignWorkflowShortcutId: shortcutId },
    });
    formId = form.id;
    const el = (orderIndex: number, questionText: string, leadFieldId: string, questionType = "TEXT") =>
      p.leadFormElement.create({
        data: {
          branchId: b,
          leadFormId: form.id,
          orderIndex,
          questionText,
          questionType: questionType as "TEXT",
          isNativeLeadField: true,
          leadFieldId: leadFieldId as "FIRST_NAME",
        },
      });
    q = {
      first: (await el(0, "First name", "FIRST_NAME")).id,
      phone: (await el(1, "Phone", "PHONE", "PHONE")).id,
      address: (await el(2, "Street address", "ADDRESS")).id,
      postal: (await el(3, "Postal code", "POSTAL_CODE")).id,
    };
  }, 60_000);

  let ip = 0;
  const submit = (id: string, first: string, address: string, postal: string) =>
    fetch(`${server.url}/forms/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        BranchHost: branch.host,
        "x-forwarded-for": `198.51.100.${++ip}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams([
        ["_token", issueFormToken(SECRET, id, clock.nowMs() - 8000)],
        ["website_url", ""],
        [`q_${q.first}`, first],
        [`q_${q.phone}`, phone()],
        [`q_${q.address}`, address],
        [`q_${q.postal}`, postal],
      ]).toString(),
    });
  const leadNamed = (firstName: string) =>
    server.prisma.lead.findFirstOrThrow({
      where: { branchId: branch.branchId, firstName },
      select: { id: true, status: true, personId: true, zoneId: true },
    });

  test("a new lead goes to its zone's least busy rep; the shortcut's activity is in their my work", async () => {
    const started = Date.now();
    const r = await submit(formId, "Avery", "12 Elm St", "78701");
    expect(r.status).toBe(303);
    const lead = await leadNamed("Avery");
    expect(lead).toMatchObject({ status: "ASSIGNED", personId: reps.free.personId, zoneId: zones.north });
    const work = (await reps.free.gql<{ assignedActivities: Activity[] }>(WORK)).data!.assignedActivities;
    expect(work).toEqual([{ subject: "Call the new lead", leadId: lead.id, assignedPersonId: reps.free.personId }]);
    const page = (await reps.free.gql<{ myWork: { activities: { subject: string; leadId: string }[] } }>(MY_WORK)).data!
      .myWork;
    expect(page.activities).toEqual([{ subject: "Call the new lead", leadId: lead.id }]);
    expect(Date.now() - started).toBeLessThan(60_000);
    const history = await server.prisma.leadChange.findMany({
      where: { leadId: lead.id },
      orderBy: { createdAt: "asc" },
      select: { kind: true, summary: true, personId: true },
    });
    expect(history.map((h) => [h.kind, h.personId])).toEqual([
      ["CREATED", null],
      ["ASSIGNED", null],
    ]);
    // the run is kept like a click's, by nobody, and never runs twice for the lead
    const runs = await server.prisma.workflowShortcutExecution.findMany({ where: { shortcutId } });
    expect(runs.map((x) => [x.idempotencyKey, x.personId, x.status])).toEqual([
      [`lead-arrival:${lead.id}`, null, "DONE"],
    ]);
  });

  test("a zone nobody holds, a duplicate, or a form that does not assign: left unassigned, nothing run", async () => {
    expect((await submit(formId, "Blake", "5 Oak Ln", "78702")).status).toBe(303);
    expect(await leadNamed("Blake")).toMatchObject({ status: "UNASSIGNED", personId: null, zoneId: zones.south });
    // the same address as Avery's: a duplicate, for a person to look at
    expect((await submit(formId, "Casey", "12 Elm St", "78701")).status).toBe(303);
    expect(await leadNamed("Casey")).toMatchObject({ status: "UNASSIGNED", personId: null });
    await server.prisma.leadForm.update({ where: { id: formId }, data: { autoAssignLead: false } });
    expect((await submit(formId, "Drew", "44 Elm St", "78701")).status).toBe(303);
    expect(await leadNamed("Drew")).toMatchObject({ status: "UNASSIGNED", personId: null, zoneId: zones.north });
    await server.prisma.leadForm.update({ where: { id: formId }, data: { autoAssignLead: true } });
    expect(await server.prisma.workflowShortcutExecution.count({ where: { shortcutId } })).toBe(1);
  });
});
