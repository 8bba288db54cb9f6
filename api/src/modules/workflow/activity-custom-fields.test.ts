import { expect, test } from "bun:test";
import { factories, type TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";

// An activity's custom field values travel with adding and editing it: they are checked before
// anything is saved (a refused value names its field in fieldId, and no activity is added or
// changed), then saved with the activity; a hidden conditional field is not required; a thread lists
// its activities' values; a call without values leaves them alone.

let server: TestServer, branch: Branch, other: Branch;
serveTwoBranches((made) => ([server, branch, other] = made));

type R = { isSuccess: boolean; message: string; fieldId: string | null };
type Act = { id: string; threadId: string; subject: string };
const CREATE_FIELD = `mutation($i: CustomFieldInput!){ createCustomField(input: $i){ isSuccess message field { id } } }`;
const ADD = `mutation($i: AddActivityInput!){ addActivity(input: $i){ isSuccess message fieldId activity { id threadId subject } } }`;
const PATCH = `mutation($id: ID!, $i: PatchActivityInput!){ patchActivity(id: $id, input: $i){ isSuccess message fieldId activity { id threadId subject } } }`;
const THREAD = `query($id: ID!){ projectThread(id: $id){ activities { id subject } activityCustomFieldValues { recordId fieldId value } } }`;
const soon = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function setup(b: Branch) {
  const staff = await employee(b, ["CUSTOMER_ACCESS", "WORKFLOW_CONFIGURATION"]);
  // Names are unique per table: each setup its own.
  const suffix = crypto.randomUUID().slice(0, 6);
  const field = async (i: Record<string, unknown>) => {
    const r = await staff.gql<{ createCustomField: R & { field: { id: string } | null } }>(CREATE_FIELD, {
      i: { tableId: "ACTIVITY", ...i },
    });
    expect(r.data?.createCustomField.isSuccess).toBe(true);
    return r.data!.createCustomField.field!.id;
  };
  const delivered = await field({ name: `Delivery made ${suffix}`, type: "TRUE_FALSE", sortOrder: 1 });
  const bottles = await field({
    name: `Bottles ${suffix}`,
    sortOrder: 2,
    type: "INTEGER",
    required: true,
    displayIfFieldId: delivered,
    displayIfFieldValue: "true",
  });
  const project = await factories(server.prisma).workflow.project(b.branchId, {
    steps: [{ description: "Deliver", sortLevel: 10 }],
  });
  const customer = await factories(server.prisma).customer(
    b.branchId,
    String(300000 + Math.floor(Math.random() * 600000)),
  );
  const add = (extra: Record<string, unknown>) =>
    staff.gql<{ addActivity: R & { activity: Act | null } }>(ADD, {
      i: {
        projectId: project.id,
        customerId: customer.id,
        stepId: project.steps[0]!.id,
        subject: "Deliver water",
        scheduledTime: soon(2),
        ...extra,
      },
    });
  return { staff, delivered, bottles, add, required: `Bottles ${suffix} is required.` };
}

test("adding: a refused value names its field and adds nothing; accepted values are saved with it", async () => {
  const { staff, delivered, bottles, add, required } = await setup(branch);
  const before = await server.prisma.activity.count({ where: { branchId: branch.branchId } });

  const missing = (await add({ customFieldValues: [{ fieldId: delivered, value: "true" }] })).data!.addActivity;
  expect(missing).toMatchObject({ isSuccess: false, message: required, fieldId: bottles });
  const bad = (
    await add({
      customFieldValues: [
        { fieldId: delivered, value: "true" },
        { fieldId: bottles, value: "three" },
      ],
    })
  ).data!.addActivity;
  expect(bad).toMatchObject({ isSuccess: false, fieldId: bottles });
  expect(bad.message).toContain("Bottles");
  expect(await server.prisma.activity.count({ where: { branchId: branch.branchId } })).toBe(before);

  // Hidden (no delivery), the required field asks nothing.
  const plain = (await add({ customFieldValues: [] })).data!.addActivity;
  expect(plain.isSuccess).toBe(true);
  const ok = (
    await add({
      customFieldValues: [
        { fieldId: delivered, value: "true" },
        { fieldId: bottles, value: "4" },
      ],
    })
  ).data!.addActivity;
  expect(ok).toMatchObject({ isSuccess: true, fieldId: null });
  const thread = await staff.gql<{
    projectThread: { activityCustomFieldValues: { recordId: string; fieldId: string; value: string }[] };
  }>(THREAD, { id: ok.activity!.threadId });
  expect(thread.errors).toBeUndefined();
  expect(thread.data!.projectThread.activityCustomFieldValues).toEqual([
    { recordId: ok.activity!.id, fieldId: delivered, value: "true" },
    { recordId: ok.activity!.id, fieldId: bottles, value: "4" },
  ]);
});

test("editing: values checked before the activity changes; a call without values keeps them", async () => {
  const { staff, delivered, bottles, add, required } = await setup(branch);
  const made = (
    await add({
      customFieldValues: [
        { fieldId: delivered, value: "true" },
        { fieldId: bottles, value: "2" },
      ],
    })
  ).data!.addActivity.activity!;
  const patch = (i: Record<string, unknown>) =>
    staff.gql<{ patchActivity: R & { activity: Act | null } }>(PATCH, { id: made.id, i });

  const refused = (await patch({ subject: "Renamed", customFieldValues: [{ fieldId: bottles, value: "" }] })).data!
    .patchActivity;
  expect(refused).toMatchObject({ isSuccess: false, message: required, fieldId: bottles });
  expect((await server.prisma.activity.findUnique({ where: { id: made.id } }))?.subject).toBe("Deliver water");

  const saved = (await patch({ subject: "Renamed", customFieldValues: [{ fieldId: bottles, value: "6" }] })).data!
    .patchActivity;
  expect(saved).toMatchObject({ isSuccess: true, activity: { subject: "Renamed" } });
  expect((await patch({ status: "RESOLVED" })).data?.patchActivity.isSuccess).toBe(true);
  // Turning the delivery off hides the bottles: the server clears them.
  expect(
    (await patch({ customFieldValues: [{ fieldId: delivered, value: "false" }] })).data?.patchActivity.isSuccess,
  ).toBe(true);
  const rows = await server.prisma.customFieldValue.findMany({ where: { recordId: made.id } });
  expect(rows.map((r) => [r.fieldId, r.valueBool, r.valueInt])).toEqual([[delivered, false, null]]);
});

test("another branch's field is not found, and nothing is added", async () => {
  const mine = await setup(branch);
  const theirs = await setup(other);
  const before = await server.prisma.activity.count({ where: { branchId: branch.branchId } });
  const r = await mine.add({ customFieldValues: [{ fieldId: theirs.delivered, value: "true" }] });
  expect(r.errors?.[0]?.message).toBe("Custom field not found.");
  expect(await server.prisma.activity.count({ where: { branchId: branch.branchId } })).toBe(before);
});
