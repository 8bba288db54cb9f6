import { hashPassword } from "../auth/password.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { seedAccounts } from "../modules/account/account.seed.ts";
import { seedAdminConsole } from "../modules/admin/admin.seed.ts";
import { seedMessageHistory } from "../modules/admin-messages/admin-messages.seed.ts";
import { seedAnnouncements } from "../modules/announcements/announcements.seed.ts";
import { seedEcommerceDemo } from "../modules/ecommerce-admin/ecommerce-admin.seed.ts";
import { seedPayments } from "../modules/payments/payments.seed.ts";
import { seedAppointmentSlots, seedPersonnel } from "../modules/personnel/personnel.seed.ts";
import { seedTelemetry } from "../modules/telemetry/telemetry.seed.ts";
import { seedTerritories } from "../modules/territories/territories.seed.ts";
import { seedAutomations } from "./automations.ts";
import { buildRows } from "./build-rows.ts";
import { seedCustomFields } from "./custom-fields.ts";
import { seedLeadForms } from "./lead-forms.ts";
import { seedLeadPipeline } from "./lead-pipeline.ts";
import { seedLeadRules } from "./lead-rules.ts";
import { seedLeadViews } from "./lead-views.ts";
import { seedLeads } from "./leads.ts";
import { seedRetailer } from "./retailer.ts";
import { seedRouteEvents } from "./route-events.ts";
import { bulkInsert, type Rows } from "./rows.ts";
import { seedShop } from "./shop.ts";
import { seedShortcuts } from "./shortcuts.ts";
import { seedWorkflow } from "./workflow.ts";

// Demo data: one tenant, three branches (demo, north, closed), ~300 Austin customers with six months
// of billing history, routes with calendars, employees and the three demo logins.
//
// Deterministic: faker is seeded and the history is generated around a fixed REFERENCE_DATE, then
// moved by whole days to end just before today on the business clock (db/seed-clock.ts). What has to lie
// in the future (route calendar dates, next delivery dates and the upcoming work order of customer
// 100001) is computed from "today" and uses no faker calls, so the rest of the data (ids included) is
// the same on every run.
//
// Built from parts (build-rows.ts and what it composes); the modules seed their own areas
// (modules/*/*.seed.ts) in the same transaction.
//
// Idempotent: returns at once when the branch with host `demo` exists. All rows are written in one
// transaction, so a failed seed leaves nothing behind and is retried at the next start.

export const DEMO_PASSWORD = "demo-pass-1";

export const demoCredentials = {
  host: "demo",
  password: DEMO_PASSWORD,
  users: [
    { email: "customer@demo.test", name: "Jane Customer", role: "customer (account 100001, security code 1234)" },
    { email: "employee@demo.test", name: "Eric Employee", role: "employee (ADMINISTRATIVE_SETUP)" },
    { email: "admin@demo.test", name: "Ada Admin", role: "super admin" },
    { email: "noaccess@demo.test", name: "Nolan Noaccess", role: "employee without any permission" },
    { email: "manager@demo.test", name: "Margaret Holloway", role: "employee (Managers group: people, security)" },
  ],
  otherUsers: [
    { host: "north", email: "employee@north.test", name: "Nora Employee", role: "employee (ADMINISTRATIVE_SETUP)" },
    { host: "north", email: "customer@north.test", name: "Nick Customer", role: "customer (account 200001)" },
  ],
} as const;

export async function seedDemo(prisma: PrismaClient): Promise<void> {
  const existing = await prisma.branch.findUnique({ where: { host: "demo" }, select: { id: true } });
  if (existing) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = buildRows(passwordHash);

  await prisma.$transaction(
    async (tx) => {
      // Another process may have seeded meanwhile.
      if (await tx.branch.findUnique({ where: { host: "demo" }, select: { id: true } })) return;
      // Foreign-key checks are most of the insert time on PGlite (one lookup per row and key). The
      // rows are generated consistently (the test checks every foreign key afterwards), so a
      // superuser session, as PGlite's always is, skips them for this transaction only.
      const [role] = await tx.$queryRawUnsafe<{ superuser: boolean }[]>(
        "SELECT current_setting('is_superuser') = 'on' AS superuser",
      );
      if (role?.superuser) await tx.$executeRawUnsafe("SET LOCAL session_replication_role = replica");
      // Parents before children (foreign keys).
      const order: [keyof Rows, string][] = [
        ["tenants", "Tenant"],
        ["branches", "Branch"],
        ["watertight", "BranchWatertightFeature"],
        ["notices", "BranchNotice"],
        ["persons", "Person"],
        ["users", "User"],
        ["groups", "SecurityGroup"],
        ["groupMembers", "SecurityGroupMember"],
        ["grants", "PermissionGrant"],
        ["catalog", "CatalogItem"],
        ["routes", "Route"],
        ["calendar", "RouteCalendarDate"],
        ["locations", "Location"],
        ["customers", "Customer"],
        ["contacts", "Contact"],
        ["phones", "ContactPhone"],
        ["addresses", "ServiceAddress"],
        ["addressItems", "ServiceAddressItem"],
        ["services", "Service"],
        ["purchaseOrders", "PurchaseOrder"],
        ["paymentAccounts", "PaymentAccount"],
        ["workOrders", "WorkOrder"],
        ["billingItems", "BillingItem"],
        ["statements", "Statement"],
        ["invoices", "Invoice"],
        ["transactions", "Transaction"],
      ];
      for (const [key, table] of order) await bulkInsert(tx, table, rows[key]);
      await seedShop(tx);
      await seedEcommerceDemo(tx);
      await seedPayments(tx);
      await seedAccounts(tx);
      await seedAdminConsole(tx);
      await seedTelemetry(tx);
      await seedMessageHistory(tx);
      await seedAnnouncements(tx);
      await seedPersonnel(tx);
      await seedTerritories(tx);
      await seedAppointmentSlots(tx);
      await seedWorkflow(tx);
      await seedCustomFields(tx);
      await seedAutomations(tx);
      await seedRouteEvents(tx);
      await seedShortcuts(tx);
      await seedLeads(tx);
      await seedLeadRules(tx);
      await seedRetailer(tx);
      await seedLeadPipeline(tx);
      await seedLeadViews(tx);
      await seedLeadForms(tx);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

export { buildRows } from "./build-rows.ts";
