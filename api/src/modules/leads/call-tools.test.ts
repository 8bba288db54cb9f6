import { describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";

// Sending leads to the call tool through GraphQL (createCallToolContact): a contact per lead with who to
// call, the lead pointing to it, one history row; a repeat (or two calls at once) sends a lead once; a
// lead without a phone or discarded refuses the whole call; LEAD_REPORTING may not; another branch's
// leads are not found; a person held to one zone is refused a lead of another zone; a branch without
// the call tools (CALL_TOOLS, active now) is refused before anything is read or written.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches(async (made) => {
  [server, branch, other] = made;
  for (const br of [branch, other])
    await server.prisma.branchWatertightFeature.create({ data: { branchId: br.branchId, featureId: "CALL_TOOLS" } });
});

type Bulk = { isSuccess: boolean; message: string; count: number };
const SEND = `mutation($ids: [ID!]!){ createCallToolContact(leadIds: $ids){ isSuccess message count } }`;

type C = Awaited<ReturnType<typeof employee>>;
const send = async (c: C, ids: unknown[]) => {
  const r = await c.gql<{ createCallToolContact: Bulk }>(SEND, { ids });
  if (r.errors) return { error: r.errors[0]?.extensions?.code as string, message: r.errors[0]?.message };
  return r.data!.createCallToolContact;
};

let n = 0;
async function leads(b: Branch, count: number, data: Record<string, unknown> = {}) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(
      await server.prisma.lead.create({
        data: {
          branchId: b.branchId,
          firstName: "Cal",
          lastName: `C${++n}`,
          phone: "512-555-0100",
          phoneE164: "+15125550100",
          email: `cal${n}@example.com`,
          address: "12 Oak St",
          city: "Austin",
          stateCode: "TX",
          postalCode: "78701",
          ...data,
        },
      }),
    );
  return made.map((l) => l.id);
}
const rows = (ids: string[]) => server.prisma.lead.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
const contacts = (ids: string[]) =>
  server.prisma.callToolContact.findMany({ where: { leadId: { in: ids } }, orderBy: { leadId: "asc" } });
const history = (ids: string[]) =>
  server.prisma.leadChange.findMany({ where: { leadId: { in: ids }, kind: "CALL_TOOL" } });

describe("createCallToolContact", () => {
  test("a contact per lead with who to call; the lead points to it; a repeat sends nothing", async () => {
    const agent = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const [a, b] = await leads(branch, 2);
    const [second] = await leads(branch, 1, {
      phone: "",
      phoneE164: "",
      phone2: "(512) 555-0199",
      phone2E164: "+15125550199",
    });
    const ids = [a!, b!, second!];
    expect(await send(agent, ids)).toEqual({ isSuccess: true, message: "Sent 3 leads to the call tool.", count: 3 });
    const made = await contacts(ids);
    expect(made).toHaveLength(3);
    const byLead = new Map(made.map((c) => [c.leadId, c]));
    expect(byLead.get(a!)).toMatchObject({
      branchId: branch.branchId,
      firstName: "Cal",
      phone: "+15125550100",
      phone2: "",
      address: "12 Oak St",
      city: "Austin",
      postalCode: "78701",
      createdByPersonId: agent.personId,
    });
    // a lead whose only phone is its second is called on that one
    expect(byLead.get(second!)).toMatchObject({ phone: "+15125550199", phone2: "" });
    for (const l of await rows(ids)) expect(l.callToolsContactId).toBe(byLead.get(l.id)!.id);
    const h = await history(ids);
    expect(h).toHaveLength(3);
    expect(h[0]).toMatchObject({ personId: agent.personId, summary: "Sent to the call tool." });

    // again, twice at once, with one new lead: each lead sent once
    const [c] = await leads(branch, 1);
    const again = await Promise.all([send(agent, [...ids, c]), send(agent, [...ids, c])]);
    expect(again.map((r) => (r as Bulk).count).sort()).toEqual([0, 1]);
    expect(again.map((r) => (r as Bulk).message).sort()).toEqual([
      "Sent 1 lead to the call tool. 3 leads already were.",
      "The 4 leads were already sent to the call tool.",
    ]);
    expect(await contacts([...ids, c!])).toHaveLength(4);
    expect(await history([...ids, c!])).toHaveLength(4);
    expect(await send(agent, [a])).toEqual({
      isSuccess: true,
      message: "The lead was already sent to the call tool.",
      count: 0,
    });
  });

  test("no phone or discarded: nothing is sent, the answer names them", async () => {
    const agent = await employee(branch, ["LEAD_ADMIN"]);
    const [ok] = await leads(branch, 1);
    const [silent] = await leads(branch, 1, { phone: "", phoneE164: "" });
    const [badPhone] = await leads(branch, 1, { phone: "call me", phoneE164: "" });
    const reason = await server.prisma.discardReason.create({ data: { branchId: branch.branchId, name: `Gone ${n}` } });
    const [gone] = await leads(branch, 1, { status: "DISCARDED", discardReasonId: reason.id });
    const num = async (id: string) => (await server.prisma.lead.findUniqueOrThrow({ where: { id } })).number;

    expect(await send(agent, [ok, silent])).toEqual({
      isSuccess: false,
      message: `Lead #${await num(silent!)} has no phone number the call centre can call: add one first.`,
      count: 0,
    });
    expect(await send(agent, [ok, silent, badPhone])).toMatchObject({
      isSuccess: false,
      message: "2 leads have no phone number the call centre can call: nothing was sent.",
    });
    expect(await send(agent, [ok, gone])).toMatchObject({
      isSuccess: false,
      message: `Lead #${await num(gone!)} is discarded: set it unassigned or assigned before sending it to the call tool.`,
    });
    expect(await contacts([ok!, silent!, badPhone!, gone!])).toHaveLength(0);
    expect((await rows([ok!]))[0]!.callToolsContactId).toBeNull();
    expect(await history([ok!, silent!, badPhone!, gone!])).toHaveLength(0);
  });

  test("bad ids, caps, permissions, branches and zones", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const north = await leads(branch, 2, { zoneId: "zone-north" });
    const [south] = await leads(branch, 1, { zoneId: "zone-south" });
    const [theirs] = await leads(other, 1);

    // another branch's lead: not found, alone or among ours, and nothing is sent
    expect(await send(admin, [theirs])).toEqual({ isSuccess: false, message: "Lead not found.", count: 0 });
    expect(await send(admin, [...north, theirs])).toEqual({
      isSuccess: false,
      message: "1 of these leads was not found: nothing was sent.",
      count: 0,
    });
    expect(await send(admin, [])).toMatchObject({ isSuccess: false, message: "Choose at least one lead." });
    const many = Array.from({ length: 10_001 }, (_, i) => `id-${i}`);
    expect(await send(admin, many)).toMatchObject({ isSuccess: false, message: "At most 10,000 leads at a time." });
    expect(await contacts([...north, south!, theirs!])).toHaveLength(0);

    // the other branch's own admin does not reach ours either
    const theirAdmin = await employee(other, ["LEAD_ADMIN"]);
    expect(await send(theirAdmin, north)).toMatchObject({
      isSuccess: false,
      message: "2 of these leads were not found: nothing was sent.",
    });

    // reading leads is not working them; no lead permission at all is refused
    expect(await send(await employee(branch, ["LEAD_REPORTING"]), north)).toMatchObject({ error: "FORBIDDEN" });
    expect(await send(await employee(branch, ["CALL_TOOLS_AGENT"]), north)).toMatchObject({ error: "FORBIDDEN" });

    // a salesperson held to the north zone sends its leads, not the south's (nor north with south)
    const rep = await employee(branch, ["LEAD_DATA_ENTRY"]);
    await server.prisma.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: rep.personId, enforceZonePermission: true, zoneIds: ["zone-north"] },
    });
    expect(await send(rep, [south])).toMatchObject({ error: "FORBIDDEN" });
    expect(await send(rep, [...north, south])).toMatchObject({ error: "FORBIDDEN" });
    expect(await contacts([...north, south!])).toHaveLength(0);
    expect(await send(rep, north)).toMatchObject({ isSuccess: true, count: 2 });
    expect((await contacts([...north, south!])).map((c) => c.leadId).sort()).toEqual([...north].sort());
  });

  test("the branch's call tools: none, a window not begun or ended refuse; an open window sends", async () => {
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const [a] = await leads(branch, 1);
    const feature = { branchId: branch.branchId, featureId: "CALL_TOOLS" } as const;
    const setWindow = async (w: { startTime?: Date | null; endTime?: Date | null } | null) => {
      await server.prisma.branchWatertightFeature.deleteMany({ where: feature });
      if (w) await server.prisma.branchWatertightFeature.create({ data: { ...feature, ...w } });
      server.runtime.branches.invalidate(); // what the admin console's toggle does
    };
    const refused = {
      error: "FORBIDDEN",
      message: "The call tools are not enabled for this branch.",
    };
    const now = clock.nowMs(); // the windows are read on the business clock
    const day = 86_400_000;
    try {
      await setWindow(null);
      expect(await send(admin, [a])).toEqual(refused);
      await setWindow({ startTime: new Date(now - 30 * day), endTime: new Date(now - day) });
      expect(await send(admin, [a])).toEqual(refused);
      await setWindow({ startTime: new Date(now + day) });
      expect(await send(admin, [a])).toEqual(refused);
      // refused before the lead is read: nothing written, the lead untouched
      expect(await contacts([a!])).toHaveLength(0);
      expect(await history([a!])).toHaveLength(0);
      expect((await rows([a!]))[0]!.callToolsContactId).toBeNull();
      // refused alike whoever asks (a person without lead permissions hears the same)
      expect(await send(await employee(branch, ["LEAD_REPORTING"]), [a])).toMatchObject({ error: "FORBIDDEN" });

      await setWindow({ startTime: new Date(now - day), endTime: new Date(now + day) });
      expect(await send(admin, [a])).toEqual({ isSuccess: true, message: "Sent 1 lead to the call tool.", count: 1 });
    } finally {
      await setWindow({});
    }
  });
});
