import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { northSouthLeadMap } from "../../../test/geocoder-addresses.ts";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { wallInstant } from "../../shared/wall-time.ts";
import { WEEKDAYS } from "../availability/availability.service.ts";
import { issueFormToken } from "./forms.rules.ts";

// The appointment scheduler of a public form: the visitor's address is geocoded and placed in its zone,
// the zone's windows with a place left are offered (capacity minus appointments already booked in
// them), and the chosen one is booked on the new lead (appointment at the window's start, kind
// APPOINTMENT). A window that filled meanwhile is refused with a sentence and everything typed kept;
// two visitors taking the last place at once: one wins. Without JavaScript, "Find times" and a first
// Send show the times in the page.

const SECRET = "lead-form-scheduler-secret-0123456789";
let server: TestServer;
let branch: Branch;
let formId: string;
let q: { first: string; phone: string; address: string; postal: string };
let zones: { north: string; south: string };

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off", SESSION_SECRET: SECRET, TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  const made = await factories(server.prisma).branch();
  branch = { server, branchId: made.id, host: made.host };
  const p = server.prisma;
  const b = branch.branchId;
  // the lead map: North is longitude 0..1, South 1..2 (latitude 0..1); what the embedded geocoder
  // knows: Elm Street in 78701 (North), Oak Lane in 78702 (South)
  zones = await northSouthLeadMap(p, b, [
    ["10", "Elm St", "78701", 0.5, 0.4],
    ["5", "Oak Ln", "78702", 0.5, 1.5],
  ]);
  // North's windows, every day: 9-11 for one visit, 13-15 for two. South has none.
  await p.appointmentTimeSlot.createMany({
    data: WEEKDAYS.flatMap((weekday) => [
      { branchId: b, zoneId: zones.north, weekday, startMinute: 540, endMinute: 660, capacity: 1 },
      { branchId: b, zoneId: zones.north, weekday, startMinute: 780, endMinute: 900, capacity: 2 },
    ]),
  });
  const form = await p.leadForm.create({
    data: {
      branchId: b,
      name: "Water test",
      title: "Book a water test",
      isPublic: true,
      hasAppointmentScheduler: true,
    },
  });
  formId = form.id;
  const el = (orderIndex: number, data: Record<string, unknown>) =>
    p.leadFormElement.create({
      data: { branchId: b, leadFormId: form.id, orderIndex, questionType: "TEXT", questionText: "", ...data },
    });
  const first = await el(0, { questionText: "First name", leadFieldId: "FIRST_NAME", isRequired: true });
  const phone = await el(1, { questionText: "Phone", questionType: "PHONE", leadFieldId: "PHONE", isRequired: true });
  const street = await el(2, { questionText: "Street", questionType: "ADDRESS_AUTOFILL", leadFieldId: "ADDRESS" });
  const postal = await el(3, { questionText: "ZIP", questionType: "POSTAL_CODE", leadFieldId: "POSTAL_CODE" });
  q = { first: first.id, phone: phone.id, address: street.id, postal: postal.id };
}, 120_000);
afterAll(() => server.close(), 30_000);

let ip = 0;
let phones = 1000;
const nextPhone = () => `512555${phones++}`;
const headers = () => ({
  BranchHost: branch.host,
  "x-forwarded-for": `198.51.100.${++ip % 250}`,
  "content-type": "application/x-www-form-urlencoded",
});
const token = () => issueFormToken(SECRET, formId, clock.nowMs() - 8000);
type Visitor = { name: string; phone?: string; street?: string; zip?: string };
const fields = (v: Visitor, extra: [string, string][] = []): [string, string][] => [
  ["_token", token()],
  ["website_url", ""],
  [`q_${q.first}`, v.name],
  [`q_${q.phone}`, v.phone ?? nextPhone()],
  [`q_${q.address}`, v.street ?? "22 Elm Street"],
  [`q_${q.postal}`, v.zip ?? "78701"],
  ...extra,
];
const post = (path: string, body: [string, string][]) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: headers(),
    body: new URLSearchParams(body).toString(),
  });
const send = (v: Visitor, slot: string) =>
  post(
    `/forms/${formId}`,
    fields(v, [
      ["_slots", "1"],
      ["_slot", slot],
    ]),
  );
const offered = (html: string) => [...html.matchAll(/name="_slot" value="([^"]+)"/g)].map((m) => m[1]!);

/** The next day (after tomorrow, so no window is too soon) and its windows' values and start instants. */
function day(offset: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(clock.now());
  const date = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86400_000).toISOString().slice(0, 10);
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  return {
    morning: `${date}T09:00`,
    afternoon: `${date}T13:00`,
    morningAt: wallInstant("America/Chicago", y, mo, d, 9, 0),
    afternoonAt: wallInstant("America/Chicago", y, mo, d, 13, 0),
  };
}

describe("the appointment scheduler", () => {
  test("the page has the scheduler: a Find times button that posts the form, and its policy allows the fetch", async () => {
    const r = await fetch(`${server.url}/forms/${formId}`, { headers: { BranchHost: branch.host } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const html = await r.text();
    expect(html).toContain('<fieldset class="q" id="f_appointment"');
    expect(html).toMatch(/<button class="find" type="submit" name="_step" value="slots" formnovalidate/);
    expect(html).toContain(`data-id="${q.address}" data-addr`);
    expect(Bun.gzipSync(new TextEncoder().encode(html)).length).toBeLessThan(8_000);
  });

  test("the zone's free windows: capacity minus what is booked; discarded leads' appointments do not count", async () => {
    const d = day(2);
    const p = server.prisma;
    const booked = (appointment: Date, status: "ASSIGNED" | "DISCARDED" = "ASSIGNED") =>
      p.lead.create({
        data: {
          branchId: branch.branchId,
          firstName: "Booked",
          status,
          zoneId: zones.north,
          appointment,
          appointmentKind: "APPOINTMENT",
        },
      });
    await booked(d.morningAt);
    await booked(d.afternoonAt);
    await booked(d.afternoonAt, "DISCARDED");
    const r = await post(`/forms/${formId}/slots`, fields({ name: "Ann" }));
    expect(r.status).toBe(200);
    const html = await r.text();
    const values = offered(html);
    expect(values).not.toContain(d.morning);
    expect(values).toContain(d.afternoon);
    expect(values).toContain(day(3).morning);
    expect(html).toContain('<input type="hidden" name="_slots" value="1">');
    // the afternoon had two places, one is booked: the last one is said so
    expect(html).toMatch(new RegExp(`value="${d.afternoon}"><label for="slot_\\d+">1–3 pm <small>last place</small>`));
    // 14 days ahead at most (today's windows only when they start an hour from now or later)
    expect(values.length).toBeLessThanOrEqual(28);
    expect(values).not.toContain(day(14).morning);
  });

  test("an address in a zone without windows, or not found: no times, the form still sends", async () => {
    const south = await (
      await post(`/forms/${formId}/slots`, fields({ name: "Bo", street: "5 Oak Ln", zip: "78702" }))
    ).text();
    expect(south).toContain("No time is free for your area");
    expect(offered(south)).toEqual([]);
    const nowhere = await (
      await post(`/forms/${formId}/slots`, fields({ name: "Cy", street: "1 Nowhere Rd", zip: "" }))
    ).text();
    expect(nowhere).toContain("We cannot offer times for this address here");
    // Send without a time: stored, no appointment
    const r = await post(`/forms/${formId}`, fields({ name: "Cy Nowhere", street: "1 Nowhere Rd", zip: "" }));
    expect(r.status).toBe(303);
    const lead = await server.prisma.lead.findFirstOrThrow({ where: { firstName: "Cy Nowhere" } });
    expect(lead.appointment).toBeNull();
  });

  test("without JavaScript: Find times and a first Send show the times with everything typed kept", async () => {
    const found = await post(`/forms/${formId}`, fields({ name: "Dee O'Neil" }, [["_step", "slots"]]));
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(`value="Dee O&#39;Neil"`);
    expect(offered(html)).toContain(day(3).morning);
    expect(await server.prisma.lead.count({ where: { firstName: "Dee O'Neil" } })).toBe(0);
    const first = await post(`/forms/${formId}`, fields({ name: "Dee O'Neil" }));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Choose a time for your visit below");
    expect(await server.prisma.lead.count({ where: { firstName: "Dee O'Neil" } })).toBe(0);
  });

  test("a chosen window is booked on the lead; the confirmation names it", async () => {
    const d = day(4);
    const r = await send({ name: "Eve" }, d.morning);
    expect(r.status).toBe(303);
    const location = r.headers.get("location")!;
    expect(location).toBe(`/forms/${formId}/confirmation?at=${d.morning}-11:00`);
    const lead = await server.prisma.lead.findFirstOrThrow({ where: { firstName: "Eve" } });
    expect(lead.appointment?.toISOString()).toBe(d.morningAt.toISOString());
    expect(lead).toMatchObject({ appointmentKind: "APPOINTMENT", zoneId: zones.north, geocodeConfidence: "HIGH" });
    const done = await (await fetch(`${server.url}${location}`, { headers: { BranchHost: branch.host } })).text();
    expect(done).toMatch(/Your visit: \w+day, \w+ \d+, 9–11 am\./);
  });

  test("a window that filled meanwhile is refused, everything typed kept and the times offered again", async () => {
    const d = day(5);
    expect((await send({ name: "Fay" }, d.morning)).status).toBe(303);
    const r = await send({ name: "Gil", phone: "512-555-0199", street: "22 Elm Street" }, d.morning);
    expect(r.status).toBe(422);
    const html = await r.text();
    expect(html).toContain("was just taken by someone else. Please choose another time below: your answers are kept.");
    expect(html).toContain('id="e_appointment"');
    expect(html).toContain('value="512-555-0199"');
    expect(html).toContain('value="22 Elm Street"');
    expect(offered(html)).not.toContain(d.morning);
    expect(offered(html)).toContain(d.afternoon);
    expect(await server.prisma.lead.count({ where: { firstName: "Gil" } })).toBe(0);
    // and at once another time: the refused post did not use up the visitor's sends
    expect((await send({ name: "Gil", phone: "512-555-0199" }, d.afternoon)).status).toBe(303);
  });

  test("a window of another zone, or one not offered, is refused; a malformed one is an error", async () => {
    const d = day(6);
    const south = await send({ name: "Hal", street: "5 Oak Ln", zip: "78702" }, d.morning);
    expect(south.status).toBe(422);
    expect(await south.text()).toContain("That time is no longer offered for this address.");
    const odd = await send({ name: "Hal" }, `${d.morning.slice(0, 10)}T10:00`);
    expect(odd.status).toBe(422);
    const bad = await send({ name: "Hal" }, "tomorrow at nine");
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("That appointment time cannot be read.");
    expect(await server.prisma.lead.count({ where: { firstName: "Hal" } })).toBe(0);
  });

  test("two visitors take the last place at once: one wins, the other is refused", async () => {
    const d = day(7);
    const results = await Promise.all(["Ivy", "Jon", "Kim"].map((name) => send({ name }, d.morning)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 422, 422]);
    const booked = await server.prisma.lead.findMany({
      where: { branchId: branch.branchId, appointment: d.morningAt, appointmentKind: "APPOINTMENT" },
    });
    expect(booked).toHaveLength(1);
    // the two places of the afternoon: two of three win
    const afternoon = await Promise.all(["Lou", "Max", "Ned"].map((name) => send({ name }, d.afternoon)));
    expect(afternoon.map((r) => r.status).sort()).toEqual([303, 303, 422]);
  });

  test("through GraphQL: submitLeadForm books appointmentSlot; the builder refuses the scheduler without an address", async () => {
    const d = day(8);
    const visitor = new Client(server.url, branch.host);
    visitor.extraHeaders["x-forwarded-for"] = "192.0.2.80";
    const answers = [
      [q.first, ["Pia"]],
      [q.phone, [nextPhone()]],
      [q.address, ["22 Elm Street"]],
      [q.postal, ["78701"]],
    ].map(([elementId, values]) => ({ elementId, values }));
    const submit = (appointmentSlot: string) =>
      visitor.gql<{ submitLeadForm: { isSuccess: boolean; message: string; fieldErrors: { elementId: string }[] } }>(
        `mutation($f: ID!, $a: [LeadFormAnswerInput!]!, $t: String!, $s: String){ submitLeadForm(formId: $f, answers: $a, token: $t, appointmentSlot: $s){ isSuccess message fieldErrors { elementId } } }`,
        { f: formId, a: answers, t: token(), s: appointmentSlot },
      );
    expect((await submit(d.morning)).data?.submitLeadForm.isSuccess).toBe(true);
    const lead = await server.prisma.lead.findFirstOrThrow({ where: { firstName: "Pia" } });
    expect(lead.appointment?.toISOString()).toBe(d.morningAt.toISOString());
    const again = (await submit(d.morning)).data!.submitLeadForm;
    expect(again).toMatchObject({ isSuccess: false, fieldErrors: [{ elementId: "appointment" }] });

    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const made = await admin.gql<{ createLeadForm: { leadForm: { id: string } } }>(
      "mutation { createLeadForm { leadForm { id } } }",
    );
    const edit = (elements: Record<string, unknown>[]) =>
      admin.gql<{ editLeadForm: { isSuccess: boolean; message: string } }>(
        "mutation($id: ID!, $i: LeadFormInput!){ editLeadForm(id: $id, input: $i){ isSuccess message } }",
        {
          id: made.data!.createLeadForm.leadForm.id,
          i: { name: `Visit ${crypto.randomUUID().slice(0, 6)}`, hasAppointmentScheduler: true, elements },
        },
      );
    const name = {
      key: "a",
      questionText: "Name",
      questionType: "TEXT",
      isNativeLeadField: true,
      leadFieldId: "FIRST_NAME",
    };
    const zip = {
      key: "b",
      questionText: "ZIP",
      questionType: "POSTAL_CODE",
      isNativeLeadField: true,
      leadFieldId: "POSTAL_CODE",
    };
    const refused = await edit([name]);
    expect(refused.data?.editLeadForm ?? refused.errors?.[0]).toMatchObject({
      message:
        "The appointment scheduler needs a question for the street address or the postal code: it offers the free times of the visitor's zone.",
    });
    expect((await edit([name, zip])).data?.editLeadForm.isSuccess).toBe(true);
  });
});
