import type { Prisma } from "../generated/prisma/client.ts";
import type { CustomFieldType, TableIdentifier } from "../generated/prisma/enums.ts";

// Demo custom fields on the demo branch: a gate code, water hardness and a softener flag on service
// addresses (with gate codes on the first few addresses), who referred a lead, a project thread's
// install type (with the softener model shown only for softener installs), a person's shirt size and
// CDL (its expiry shown only when they hold one), a customer's preferred delivery day, the bottles an
// activity delivered and a work order's driver notes. A thread's install type and an activity's bottles
// are pinned (the thread's header and its timeline show them), with values on the first few threads and
// resolved activities. Fixed ids, so every run is alike.

type Tx = Prisma.TransactionClient;
type Spec = {
  name: string;
  tableId: TableIdentifier;
  type: CustomFieldType;
  options?: string[];
  decimals?: number;
  showIf?: [string, string];
  pinned?: boolean;
  required?: boolean;
};

const id = (n: number) => `c05f1e1d-0000-4000-a000-${String(n).padStart(12, "0")}`;

const FIELDS: Spec[] = [
  { name: "Gate code", tableId: "SERVICE_ADDRESS", type: "INTEGER", pinned: true },
  { name: "Water hardness (gpg)", tableId: "SERVICE_ADDRESS", type: "NUMERIC", decimals: 1 },
  { name: "Softener installed", tableId: "SERVICE_ADDRESS", type: "TRUE_FALSE" },
  { name: "Referred by", tableId: "LEAD", type: "TEXT" },
  {
    name: "Install type",
    tableId: "PROJECT_THREAD",
    type: "TEXT",
    options: ["Softener", "Reverse osmosis", "Cooler", "Whole-house filter"],
    pinned: true,
  },
  { name: "Softener model", tableId: "PROJECT_THREAD", type: "TEXT", showIf: ["Install type", "Softener"] },
  { name: "Shirt size", tableId: "PERSON", type: "TEXT", options: ["S", "M", "L", "XL", "XXL"] },
  { name: "Holds a CDL", tableId: "PERSON", type: "TRUE_FALSE" },
  { name: "CDL expiry", tableId: "PERSON", type: "DATE", showIf: ["Holds a CDL", "true"] },
  {
    name: "Preferred delivery day",
    tableId: "CUSTOMER",
    type: "TEXT",
    options: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  },
  { name: "Bottles delivered", tableId: "ACTIVITY", type: "INTEGER", pinned: true },
  { name: "Driver notes", tableId: "WORK_ORDER", type: "REALLY_LONG_TEXT" },
];

export async function seedCustomFields(tx: Tx): Promise<void> {
  const branch = await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (!branch) return;
  const branchId = branch.id;
  const ids = new Map(FIELDS.map((f, i) => [`${f.tableId}/${f.name}`, id(i + 1)]));
  await tx.customField.createMany({
    data: FIELDS.map((f, i) => ({
      id: id(i + 1),
      branchId,
      name: f.name,
      tableId: f.tableId,
      type: f.type,
      sortOrder: (i + 1) * 10,
      useOptionList: !!f.options,
      optionList: f.options ?? [],
      decimals: f.type === "NUMERIC" ? (f.decimals ?? 2) : null,
      displayIfFieldId: f.showIf ? ids.get(`${f.tableId}/${f.showIf[0]}`)! : null,
      displayIfFieldValue: f.showIf?.[1] ?? "",
      pinStatus: f.pinned ? "PINNED" : "NOT_PINNED",
      required: !!f.required,
    })),
  });
  const addresses = await tx.serviceAddress.findMany({
    where: { branchId },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 6,
  });
  await tx.customFieldValue.createMany({
    data: addresses.map((a, i) => ({
      branchId,
      fieldId: ids.get("SERVICE_ADDRESS/Gate code")!,
      tableId: "SERVICE_ADDRESS" as const,
      recordId: a.id,
      valueInt: 1000 + ((i * 7919) % 9000),
    })),
  });
  const installs = ["Softener", "Reverse osmosis", "Cooler"];
  const threads = await tx.projectThread.findMany({
    where: { branchId },
    select: { id: true },
    orderBy: { id: "asc" },
    take: installs.length,
  });
  const delivered = await tx.activity.findMany({
    where: { branchId, status: "RESOLVED" },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 4,
  });
  await tx.customFieldValue.createMany({
    data: [
      ...threads.map((t, i) => ({
        branchId,
        fieldId: ids.get("PROJECT_THREAD/Install type")!,
        tableId: "PROJECT_THREAD" as const,
        recordId: t.id,
        valueString: installs[i]!,
      })),
      ...delivered.map((a, i) => ({
        branchId,
        fieldId: ids.get("ACTIVITY/Bottles delivered")!,
        tableId: "ACTIVITY" as const,
        recordId: a.id,
        valueInt: 2 + (i % 3),
      })),
    ],
  });
}
