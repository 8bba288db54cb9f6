import { describe, expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// The TABLE_RECORD picker (recordOptions): a table's records found by name, number or address, the
// labels of chosen ids, another branch's records never, sizes refused first, and the customer's tables
// only with CUSTOMER_ACCESS.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type Option = { id: string; label: string; detail: string };
const Q = `query($t: TableIdentifier!, $s: String, $ids: [ID!], $take: Int){ recordOptions(tableId: $t, search: $s, ids: $ids, take: $take){ id label detail } }`;

describe("recordOptions", () => {
  test("finds customers by name or account number, labels chosen ids, and never another branch's", async () => {
    const f = factories(server.prisma);
    const tag = crypto.randomUUID().slice(0, 6);
    const mine = await f.customer(branch.branchId, String(700000 + Math.floor(Math.random() * 99999)));
    await server.prisma.customer.update({ where: { id: mine.id }, data: { name: `Picker ${tag} Springs` } });
    const theirs = await f.customer(other.branchId, String(800000 + Math.floor(Math.random() * 99999)));
    await server.prisma.customer.update({ where: { id: theirs.id }, data: { name: `Picker ${tag} Elsewhere` } });
    const rep = await employee(branch, ["CUSTOMER_ACCESS"]);
    const found = await rep.gql<{ recordOptions: Option[] }>(Q, { t: "CUSTOMER", s: `picker ${tag}` });
    expect(found.data?.recordOptions.map((o) => o.id)).toEqual([mine.id]);
    expect(found.data?.recordOptions[0]?.detail).toBe(`Account ${mine.accountNumber}`);
    const byNumber = await rep.gql<{ recordOptions: Option[] }>(Q, { t: "CUSTOMER", s: mine.accountNumber });
    expect(byNumber.data?.recordOptions.map((o) => o.id)).toContain(mine.id);
    const labels = await rep.gql<{ recordOptions: Option[] }>(Q, { t: "CUSTOMER", ids: [mine.id, theirs.id] });
    expect(labels.data?.recordOptions.map((o) => o.label)).toEqual([`Picker ${tag} Springs`]);
  });

  test("every pickable table answers; a thread is found by its customer's name and labelled with it", async () => {
    const f = factories(server.prisma);
    const tag = crypto.randomUUID().slice(0, 6);
    const customer = await f.customer(branch.branchId, String(600000 + Math.floor(Math.random() * 99999)));
    await server.prisma.customer.update({ where: { id: customer.id }, data: { name: `Thread ${tag} Owner` } });
    const project = await f.workflow.project(branch.branchId, { steps: [{ description: "Call" }] });
    const thread = await f.workflow.thread(branch.branchId, project.id, { customerId: customer.id });
    await f.workflow.activities(branch.branchId, thread.id, project.steps[0]!.id);
    await f.serviceAddress(branch.branchId, customer.id);
    const rep = await employee(branch, ["CUSTOMER_ACCESS"]);
    const found = await rep.gql<{ recordOptions: Option[] }>(Q, { t: "PROJECT_THREAD", s: `thread ${tag}` });
    expect(found.data?.recordOptions).toEqual([
      { id: thread.id, label: `${project.description}: Thread ${tag} Owner`, detail: "Open" },
    ]);
    for (const t of [
      "ACTIVITY",
      "CUSTOMER",
      "PERSON",
      "PROJECT",
      "PROJECT_THREAD",
      "SERVICE_ADDRESS",
      "WAREHOUSE",
      "WORK_ORDER",
    ]) {
      const all = await rep.gql<{ recordOptions: Option[] }>(Q, { t, s: "a" });
      expect(all.errors, t).toBeUndefined();
      const none = await rep.gql<{ recordOptions: Option[] }>(Q, { t, s: "zz-nothing-zz" });
      expect(none.data?.recordOptions, t).toEqual([]);
    }
    const address = await rep.gql<{ recordOptions: Option[] }>(Q, { t: "SERVICE_ADDRESS", s: `thread ${tag}` });
    expect(address.data?.recordOptions[0]?.detail).toBe(`Thread ${tag} Owner`);
  });

  test("people by first and last name (any employee); the customer's tables need CUSTOMER_ACCESS", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const p = await server.prisma.person.create({
      data: { branchId: branch.branchId, firstName: `Ivy${tag}`, lastName: "Installer" },
    });
    const plain = await employee(branch, []);
    const people = await plain.gql<{ recordOptions: Option[] }>(Q, { t: "PERSON", s: `ivy${tag} inst` });
    expect(people.data?.recordOptions).toEqual([{ id: p.id, label: `Ivy${tag} Installer`, detail: "" }]);
    const refused = await plain.gql(Q, { t: "CUSTOMER", s: "a" });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  test("sizes are refused before any lookup; a table without records to pick is refused", async () => {
    const rep = await employee(branch, ["CUSTOMER_ACCESS"]);
    const long = await rep.gql(Q, { t: "CUSTOMER", s: "x".repeat(101) });
    expect(long.errors?.[0]?.message).toBe("Search for at most 100 characters.");
    const many = await rep.gql(Q, { t: "CUSTOMER", ids: Array.from({ length: 51 }, (_, i) => `id-${i}`) });
    expect(many.errors?.[0]?.message).toBe("Ask for at most 50 records at once.");
    const lead = await rep.gql(Q, { t: "ACCOUNT_CATEGORY", s: "a" });
    expect(lead.errors?.[0]?.message).toBe("Records of that kind cannot be picked.");
    const capped = await rep.gql<{ recordOptions: Option[] }>(Q, { t: "PERSON", take: 100 });
    expect(capped.data!.recordOptions.length).toBeLessThanOrEqual(20);
  });
});
