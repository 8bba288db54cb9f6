import { expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// My lead form leads: a canvasser sees the leads they brought in through forms (as gatherer or setter),
// newest first, and nobody else's; merged-away leads and leads not from a form are left out; sizes are
// checked first; people without a lead-entry permission are refused.

let server: TestServer, branch: Branch;
serveTwoBranches((made) => ([server, branch] = made));

const Q = `query($s: Int, $t: Int!){ myLeadFormLeads(skip: $s, take: $t){ total leads { firstName gathererPersonId setterPersonId } } }`;
type Page = { myLeadFormLeads: { total: number; leads: { firstName: string }[] } | null };

test("the leads I brought in through forms, newest first; nobody else's", async () => {
  const me = await employee(branch, ["LEAD_DATA_ENTRY"]);
  const other = await employee(branch, ["LEAD_DATA_ENTRY"]);
  const p = server.prisma;
  const form = await p.leadForm.create({ data: { branchId: branch.branchId, name: `Door ${crypto.randomUUID()}` } });
  const at = (min: number) => new Date(Date.now() - min * 60_000);
  const lead = (firstName: string, data: Record<string, unknown>) =>
    p.lead.create({ data: { branchId: branch.branchId, firstName, email: `${firstName}@example.com`, ...data } });
  await lead("Oldest", { leadFormId: form.id, gathererPersonId: me.personId, enteredTime: at(30) });
  await lead("Newest", { leadFormId: form.id, setterPersonId: me.personId, enteredTime: at(1) });
  await lead("Middle", { leadFormId: form.id, gathererPersonId: me.personId, enteredTime: at(10) });
  const survivor = await lead("Survivor", { leadFormId: form.id, gathererPersonId: other.personId });
  await lead("Merged", { leadFormId: form.id, gathererPersonId: me.personId, mergedIntoId: survivor.id });
  await lead("NoForm", { gathererPersonId: me.personId });
  await lead("Theirs", { leadFormId: form.id, gathererPersonId: other.personId });

  const mine = (await me.gql<Page>(Q, { t: 2 })).data!.myLeadFormLeads!;
  expect(mine.total).toBe(3);
  expect(mine.leads.map((l) => l.firstName)).toEqual(["Newest", "Middle"]);
  const next = (await me.gql<Page>(Q, { s: 2, t: 2 })).data!.myLeadFormLeads!;
  expect(next.leads.map((l) => l.firstName)).toEqual(["Oldest"]);
  const theirs = (await other.gql<Page>(Q, { t: 10 })).data!.myLeadFormLeads!;
  expect(theirs.leads.map((l) => l.firstName).sort()).toEqual(["Survivor", "Theirs"]);

  const tooMany = await me.gql<Page>(Q, { t: 101 });
  expect(tooMany.errors?.[0]?.message).toBe('"take" must be between 0 and 100.');
  expect((await me.gql<Page>(Q, { t: 0 })).errors?.[0]?.message).toBe("Take between 1 and 100 leads.");
  const nobody = await employee(branch, []);
  expect((await nobody.gql<Page>(Q, { t: 10 })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
});
