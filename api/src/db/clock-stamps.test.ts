import { afterEach, describe, expect, test } from "bun:test";
import { type Branch, employee, serveBranch } from "../../test/personnel-helpers.ts";
import { clock } from "../clock.ts";
import { makeLead } from "../modules/leads/duplicates.fixtures.ts";
import { stampedColumns } from "./client.ts";

// Rows take their times from the business clock, not the database's now(), when the clock is started
// elsewhere: a lead's enteredTime (the lead results' periods), a merge's createdAt (the 30 days an
// unmerge has), an impersonation's time. Here the clock runs 40 days ahead of where it was.

let branch: Branch;
serveBranch((b) => {
  branch = b;
});
afterEach(() => clock.startAt(null));

const DAY = 86_400_000;
const near = (d: Date) => expect(Math.abs(d.getTime() - clock.nowMs())).toBeLessThan(60_000);

describe("a clock started elsewhere stamps the rows", () => {
  test("a lead's enteredTime, and a merge made now can be undone now", async () => {
    clock.startAt(new Date(clock.nowMs() + 40 * DAY));
    const p = branch.server.prisma;
    const u = crypto.randomUUID().slice(0, 8);
    const a = await makeLead(p, branch.branchId, { firstName: "A", email: `${u}@example.com` });
    const b = await makeLead(p, branch.branchId, { firstName: "B", email: `${u}@example.com` });
    near(a.enteredTime);
    const admin = await employee(branch, ["LEAD_ADMIN"]);
    const merged = await admin.gql<{ mergeLeads: { isSuccess: boolean; merge: { id: string } } }>(
      `mutation($i: MergeLeadsInput!){ mergeLeads(input: $i){ isSuccess merge { id } } }`,
      { i: { survivorId: a.id, leadIds: [b.id], fields: [] } },
    );
    const mergeId = merged.data!.mergeLeads.merge.id;
    near((await p.leadMerge.findUniqueOrThrow({ where: { id: mergeId } })).createdAt);
    const undone = await admin.gql<{ unmergeLeads: { isSuccess: boolean; message: string } }>(
      `mutation($id: ID!){ unmergeLeads(mergeId: $id){ isSuccess message } }`,
      { id: mergeId },
    );
    expect(undone.data!.unmergeLeads).toMatchObject({ isSuccess: true });
  });
});

test("every time column with a default takes now() (so the stamp stands in for that default)", async () => {
  const schema = await Bun.file(new URL("../../../prisma/schema.prisma", import.meta.url)).text();
  const defaults = [...schema.matchAll(/^[ \t]+(\w+)[ \t]+DateTime\??[ \t][^\n]*@default\(([^)]*\)?)\)/gm)];
  expect(defaults.length).toBeGreaterThan(0);
  expect(defaults.filter((d) => d[2] !== "now()").map((d) => d[1])).toEqual([]);
  expect(stampedColumns.get("Lead")).toContain("enteredTime");
  expect(stampedColumns.get("LeadMerge")).toEqual(["createdAt"]);
});
