import { afterEach, describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { factories } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { makeLead } from "./duplicates.fixtures.ts";

// Merging duplicate leads through GraphQL: a survivor chosen field by field; the merged leads hidden,
// their notes, threads and custom field values moved; history on each; unmerge puts every record and
// relation back exactly (compared field by field), once, within 30 days, and not under a later merge;
// two merges of the same leads at once: one wins; who may merge; caps.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));
afterEach(() => clock.startAt(null));

type R = { isSuccess: boolean; message: string };
type MergeResult = R & { merge: { id: string } | null; survivor: { id: string; email: string; phone: string } | null };
const MERGE = `mutation($i: MergeLeadsInput!){ mergeLeads(input: $i){ isSuccess message merge { id } survivor { id email phone } } }`;
const UNMERGE = `mutation($id: ID!){ unmergeLeads(mergeId: $id){ isSuccess message merge { id undoneAt } survivor { id } } }`;
const HISTORY = `query{ leadMerges(take: 100){ totalCount items { id matchedKey personName survivorId undoneAt unmergeRefusal
  mergedLeads { id number name } fields } } }`;
type C = Awaited<ReturnType<typeof employee>>;
const merge = async (c: C, i: object) => (await c.gql<{ mergeLeads: MergeResult }>(MERGE, { i })).data!.mergeLeads;
const unmerge = async (c: C, id: string) =>
  (await c.gql<{ unmergeLeads: MergeResult }>(UNMERGE, { id })).data!.unmergeLeads;
const u = () => crypto.randomUUID().slice(0, 6);

/** Everything a merge may touch for these leads, as stored. */
async function snapshot(ids: string[]) {
  const p = server.prisma;
  return {
    leads: await p.lead.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } }),
    notes: await p.leadNote.findMany({ where: { leadId: { in: ids } }, orderBy: { id: "asc" } }),
    threads: await p.projectThread.findMany({ where: { leadId: { in: ids } }, orderBy: { id: "asc" } }),
    values: await p.customFieldValue.findMany({ where: { recordId: { in: ids } }, orderBy: { id: "asc" } }),
  };
}

describe("merge and unmerge", () => {
  test("merge then unmerge restores the records exactly", async () => {
    const p = server.prisma;
    const b = branch.branchId;
    const t = u();
    const survivor = await makeLead(p, b, {
      firstName: "Ann",
      lastName: `Lee ${t}`,
      phone: "512-555-0150",
      postalCode: "78701",
    });
    const second = await makeLead(
      p,
      b,
      {
        firstName: "Annie",
        email: `ann-${t}@example.com`,
        phone: "(512) 555-0150",
        address: "9 Elm St",
        postalCode: "78702",
      },
      { latitude: 30.1, longitude: -97.7, zoneId: "z1", appointment: new Date("2027-01-05T15:00:00Z") },
    );
    const third = await makeLead(p, b, { firstName: "A.", phone: "5125550150", comments: "Called twice" });
    const repeat = await makeLead(p, b, { firstName: "Dup", phone: "5125550150" }, { duplicateOfId: second.id });
    for (const [leadId, text] of [
      [second.id, "Wants a quote"],
      [third.id, "Left a voicemail"],
      [survivor.id, "First note"],
    ] as const)
      await p.leadNote.create({ data: { branchId: b, leadId, text } });
    const wf = factories(p).workflow;
    const project = await wf.project(b);
    await wf.thread(b, project.id, { leadId: third.id });
    const fieldA = await p.customField.create({
      data: { branchId: b, name: `Budget ${t}`, tableId: "LEAD", type: "TEXT" },
    });
    const fieldB = await p.customField.create({
      data: { branchId: b, name: `Roof ${t}`, tableId: "LEAD", type: "TEXT" },
    });
    const value = (fieldId: string, recordId: string, v: string) =>
      p.customFieldValue.create({ data: { branchId: b, fieldId, tableId: "LEAD", recordId, valueString: v } });
    await value(fieldA.id, survivor.id, "survivor's budget");
    await value(fieldA.id, second.id, "second's budget");
    await value(fieldB.id, second.id, "second's roof");
    await value(fieldB.id, third.id, "third's roof");
    const ids = [survivor.id, second.id, third.id, repeat.id];
    const before = await snapshot(ids);

    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const done = await merge(admin, {
      survivorId: survivor.id,
      leadIds: [second.id, third.id],
      fields: [
        { field: "email", fromLeadId: second.id },
        { field: "address", fromLeadId: second.id },
        { field: "comments", fromLeadId: third.id },
        { field: "firstName", fromLeadId: survivor.id },
      ],
      matchedKey: "PHONE",
    });
    expect(done).toMatchObject({
      isSuccess: true,
      message: `Merged 2 leads into #${survivor.number}.`,
      survivor: { id: survivor.id, email: `ann-${t}@example.com` },
    });
    const merged = await snapshot(ids);
    const s = merged.leads.find((l) => l.id === survivor.id)!;
    expect(s).toMatchObject({
      firstName: "Ann",
      emailKey: `ann-${t}@example.com`,
      address: "9 Elm St",
      postalCode: "78702",
      addressKey: second.addressKey,
      latitude: 30.1,
      zoneId: "z1",
      comments: "Called twice",
      appointment: null,
    });
    expect(
      merged.leads
        .filter((l) => l.mergedIntoId === survivor.id)
        .map((l) => l.id)
        .sort(),
    ).toEqual([second.id, third.id].sort());
    expect(merged.notes.every((n) => n.leadId === survivor.id)).toBe(true);
    expect(merged.threads.map((x) => x.leadId)).toEqual([survivor.id]);
    // the survivor's own value wins; a field it lacks takes the first merged lead's value
    const survivorValue = (fieldId: string) =>
      merged.values.find((v) => v.fieldId === fieldId && v.recordId === survivor.id);
    expect(survivorValue(fieldA.id)?.valueString).toBe("survivor's budget");
    expect(survivorValue(fieldB.id)?.valueString).toBe("second's roof");
    expect(merged.values.find((v) => v.valueString === "third's roof")?.recordId).toBe(third.id);
    expect(merged.leads.find((l) => l.id === repeat.id)!.duplicateOfId).toBe(second.id);
    const history = await p.leadChange.findMany({ where: { leadId: { in: ids }, kind: "MERGED" } });
    expect(history.map((h) => h.summary).sort()).toEqual(
      [
        `Merged #${second.number}, #${third.number} into this lead.`,
        ...[1, 2].map(() => `Merged into #${survivor.number}.`),
      ].sort(),
    );
    const audit = (await admin.gql<{ leadMerges: { items: Record<string, unknown>[] } }>(HISTORY)).data!.leadMerges
      .items[0];
    expect(audit).toMatchObject({
      id: done.merge!.id,
      matchedKey: "PHONE",
      survivorId: survivor.id,
      undoneAt: null,
      unmergeRefusal: null,
      fields: [`email from #${second.number}`, `address from #${second.number}`, `comments from #${third.number}`],
    });

    const undone = await unmerge(admin, done.merge!.id);
    expect(undone).toMatchObject({
      isSuccess: true,
      message: `Unmerged 2 leads from #${survivor.number}: they are as they were.`,
    });
    const after = await snapshot(ids);
    // every lead field, every moved note, thread and field value, exactly as before
    for (const kind of ["leads", "notes", "threads", "values"] as const)
      for (const [i, row] of before[kind].entries()) expect(after[kind][i] as unknown).toEqual(row);
    expect(after).toEqual(before);
    expect(await p.leadChange.count({ where: { leadId: { in: ids }, kind: "UNMERGED" } })).toBe(3);
    const twice = await unmerge(admin, done.merge!.id);
    expect(twice.isSuccess).toBe(false);
    expect(twice.message).toStartWith("This merge was undone already, on ");
  });

  test("unmerge: within 30 days, and not under a later merge of the same leads", async () => {
    const mergedAt = clock.nowMs();
    const p = server.prisma;
    const t = u();
    const [a, b, c] = await Promise.all(
      ["A", "B", "C"].map((n) => makeLead(p, branch.branchId, { firstName: n, email: `${t}@example.com` })),
    );
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const first = await merge(admin, { survivorId: a!.id, leadIds: [b!.id], fields: [] });
    const second = await merge(admin, {
      survivorId: a!.id,
      leadIds: [c!.id],
      fields: [{ field: "firstName", fromLeadId: c!.id }],
    });
    expect(second.isSuccess).toBe(true);
    const blocked = await unmerge(admin, first.merge!.id);
    expect(blocked.isSuccess).toBe(false);
    expect(blocked.message).toMatch(
      /^These leads were merged again on \d{4}-\d\d-\d\d: unmerge that merge first, then this one\.$/,
    );
    expect((await unmerge(admin, second.merge!.id)).isSuccess).toBe(true);
    // merging a lead merged already is refused with a sentence
    const again = await merge(admin, { survivorId: c!.id, leadIds: [b!.id], fields: [] });
    expect(again).toMatchObject({
      isSuccess: false,
      message: `#${b!.number} was merged into another lead meanwhile: look at the group again.`,
    });

    clock.startAt(new Date(mergedAt + 31 * 86_400_000));
    const later = await employee(branch, ["LEAD_ADMIN"]); // a session of 31 days ago has expired
    const late = await unmerge(later, first.merge!.id);
    expect(late.isSuccess).toBe(false);
    expect(late.message).toMatch(/^A merge can be undone for 30 days; this one was made on \d{4}-\d\d-\d\d\.$/);
    expect((await p.lead.findUniqueOrThrow({ where: { id: b!.id } })).mergedIntoId).toBe(a!.id);
  });

  test("two merges of the same leads at once: one wins, the other is told", async () => {
    const p = server.prisma;
    const t = u();
    const [a, b, c] = await Promise.all(
      ["A", "B", "C"].map((n) =>
        makeLead(p, branch.branchId, { firstName: n, phone: "512 555 0160", email: `${t}-${n}@example.com` }),
      ),
    );
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const other2 = await employee(branch, ["LEAD_ADMIN"]);
    const results = await Promise.all([
      merge(admin, { survivorId: a!.id, leadIds: [b!.id, c!.id], fields: [] }),
      merge(other2, { survivorId: b!.id, leadIds: [a!.id, c!.id], fields: [] }),
    ]);
    expect(results.filter((r) => r.isSuccess).length).toBe(1);
    const lost = results.find((r) => !r.isSuccess)!;
    expect(lost.message).toMatch(/merged (into another lead )?meanwhile: look at the group again\.$/);
    expect(await p.leadMerge.count({ where: { survivorId: { in: [a!.id, b!.id] } } })).toBe(1);
    expect(await p.lead.count({ where: { id: { in: [a!.id, b!.id, c!.id] }, mergedIntoId: null } })).toBe(1);
  });

  test("who may merge; zones; another branch; caps", async () => {
    const p = server.prisma;
    const t = u();
    const [a, b] = await Promise.all(
      ["A", "B"].map((n) =>
        makeLead(p, branch.branchId, { firstName: n, email: `${t}@example.com` }, { zoneId: `z-${t}-${n}` }),
      ),
    );
    const entry = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const refused = await entry.gql(MERGE, { i: { survivorId: a!.id, leadIds: [b!.id], fields: [] } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await entry.gql(HISTORY)).errors).toBeUndefined();
    const held = await employee(branch, ["LEAD_ADMIN"]);
    await p.leadPersonZoneAccess.create({
      data: { branchId: branch.branchId, personId: held.personId, enforceZonePermission: true, zoneIds: [`z-${t}-A`] },
    });
    const outside = await held.gql(MERGE, { i: { survivorId: a!.id, leadIds: [b!.id], fields: [] } });
    expect(outside.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const stranger = await makeLead(p, other.branchId, { firstName: "X", email: `${t}@example.com` });
    const foreign = await admin.gql(MERGE, { i: { survivorId: a!.id, leadIds: [stranger.id], fields: [] } });
    expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const checks: [object, string][] = [
      [
        { survivorId: a!.id, leadIds: Array.from({ length: 100 }, (_, i) => `id-${i}`), fields: [] },
        "A merge joins at most 100 leads.",
      ],
      [
        { survivorId: a!.id, leadIds: [a!.id], fields: [] },
        "Each lead is named once, and the survivor is not among the merged.",
      ],
      [{ survivorId: a!.id, leadIds: [], fields: [] }, "Choose at least one lead to merge into the survivor."],
      [
        { survivorId: a!.id, leadIds: [b!.id], fields: [{ field: "email", fromLeadId: "elsewhere" }] },
        "A field can be taken only from a lead of the merge.",
      ],
    ];
    for (const [i, message] of checks) expect(await merge(admin, i)).toMatchObject({ isSuccess: false, message });
    expect(await p.lead.count({ where: { id: { in: [a!.id, b!.id] }, mergedIntoId: null } })).toBe(2);
    const missing = await admin.gql(UNMERGE, { id: "no-such-merge" });
    expect(missing.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
