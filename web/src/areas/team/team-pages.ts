import {
  BarChart3Icon,
  BoxesIcon,
  FolderKanbanIcon,
  MapIcon,
  MessageSquareIcon,
  SettingsIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  TruckIcon,
} from "lucide-react";
import {
  AutomationEventsRoute,
  AutomationRoute,
  AutomationsRoute,
  EntityEventsRoute,
} from "@/features/automations/routes";
import { AvailabilityRoute } from "@/features/availability/routes";
import { MobileAndWebRoute, WebSettingsRoute } from "@/features/branch-settings/routes";
import { CustomFieldRoute, CustomFieldsRoute } from "@/features/custom-fields/routes";
import {
  EcommerceAnalyticsRoute,
  EcommerceOperationsRoute,
  EcommerceSetupRoute,
} from "@/features/ecommerce-admin/routes";
import { GeocodeAddressRoute } from "@/features/geocode-address/routes";
import { InventoryItemRoute, InventoryRoute } from "@/features/inventory/routes";
import { LeadFormRoute } from "@/features/leads/forms-routes";
import { LeadRoute } from "@/features/leads/lead-page/routes";
import { AppointmentStatsRoute } from "@/features/leads/results/routes";
import { LeadViewRoute } from "@/features/leads/views/routes";
import { ActivityBreakdownRoute, MyWorkRoute, ProjectThreadRoute } from "@/features/my-work/routes";
import { ApiKeysRoute, PersonnelRoute, PersonRoute, SecurityRoute } from "@/features/personnel/routes";
import { TeamResourceLimitsRoute } from "@/features/resource-limits/routes";
import { SavedActionRoute, SavedActionsRoute } from "@/features/saved-actions/routes";
import { ShortcutRoute, ShortcutsRoute } from "@/features/shortcuts/routes";
import { TerritoriesRoute, TerritoryMapRoute, TerritoryRolesRoute } from "@/features/territories/routes";
import {
  ProjectMilestonesRoute,
  ProjectStepRoute,
  ProjectStepsRoute,
  ProjectsRoute,
} from "@/features/workflow-setup/routes";
import type { PageRoute } from "@/lib/route-table";
import { leadsNavGroup } from "./lead-pages";
import { p, type TeamNavGroup } from "./team-page";

export type { TeamNavGroup } from "./team-page";

/** Work on activities and threads needs customer access (as the API's workflow operations do). */
const WORK = ["CUSTOMER_ACCESS"];
/** The process setup: changed with Workflow configuration, read by whoever works its activities. */
const WORKFLOW_SETUP = ["WORKFLOW_CONFIGURATION", "CUSTOMER_ACCESS"];

// Every team page, grouped by domain. The first pages of each group (without route
// parameters) appear in the side navigation; detail pages (with parameters) are reached from them.
export const teamNavGroups: TeamNavGroup[] = [
  leadsNavGroup,
  {
    id: "projects",
    label: "Projects & activities",
    icon: FolderKanbanIcon,
    pages: [
      {
        ...p("my-work", "My work", "The activities and appointments assigned to you."),
        component: MyWorkRoute,
        permissions: WORK,
      },
      {
        ...p(
          "projects",
          "Projects",
          "The processes your work follows (a sale, an install), their types and priorities.",
        ),
        component: ProjectsRoute,
        permissions: WORKFLOW_SETUP,
      },
      {
        ...p("project-steps", "Project steps", "The workflow steps a project moves through."),
        component: ProjectStepsRoute,
        permissions: WORKFLOW_SETUP,
      },
      {
        ...p("project-milestones", "Project milestones", "Milestones that mark progress across project steps."),
        component: ProjectMilestonesRoute,
        permissions: WORKFLOW_SETUP,
      },
      {
        ...p("shortcuts", "Shortcuts", "One-click actions your team runs on leads and projects."),
        component: ShortcutsRoute,
        permissions: WORKFLOW_SETUP,
      },
      {
        ...p("availability", "Availability", "Appointment time slots and who is available when."),
        component: AvailabilityRoute,
        permissions: ["SCHEDULING"],
      },
      {
        ...p("apt-set-stats", "Appointment stats", "Appointments set per person and period."),
        component: AppointmentStatsRoute,
        permissions: ["LEAD_ADMIN", "LEAD_REPORTING"],
      },
      {
        ...p(
          "activity-breakdown",
          "Activity breakdown",
          "Activities created and resolved, broken down by type and person.",
        ),
        component: ActivityBreakdownRoute,
        permissions: WORK,
      },
    ],
  },
  {
    id: "territories",
    label: "Territories",
    icon: MapIcon,
    pages: [
      {
        ...p("territories", "Territories", "Territory maps and their zones, warehouses and lead sources."),
        component: TerritoriesRoute,
        permissions: ["TERRITORY_MANAGEMENT", "MAPPING"],
      },
      {
        ...p("territories/roles", "Territory roles", "The roles people can hold in a territory zone."),
        component: TerritoryRolesRoute,
        permissions: ["TERRITORY_MANAGEMENT", "MAPPING"],
      },
    ],
  },
  {
    id: "deliveries",
    label: "Deliveries & ETAs",
    icon: TruckIcon,
    pages: [
      p("delivery-etas", "Delivery ETAs", "Today's estimated arrival times per driver, and customer notifications."),
      p("eta-analytics", "ETA analytics", "How often deliveries arrive early, on time or late."),
      p("eta-settings", "ETA settings", "When and how customers are told their delivery is on the way."),
      p("route-analytics", "Route analytics", "Route performance: stops, distances and times."),
    ],
  },
  {
    id: "communications",
    label: "Communications",
    icon: MessageSquareIcon,
    pages: [
      p("communications", "Communications", "Texts, emails and calls sent to customers, with delivery status."),
      p("do-not-text", "Do-not-text list", "Phone numbers that must never receive text messages."),
      p("phone-routing", "Phone routing", "Where incoming calls and texts are sent."),
      p("calltools", "Call tools", "The call-centre workspace for your agents."),
      p("call-tools-setup", "Call tools setup", "Connect the call-centre integration and map its dispositions."),
    ],
  },
  {
    id: "pos",
    label: "Point of sale",
    icon: ShoppingCartIcon,
    pages: [
      p("pos", "Point of sale", "Ring up counter sales and take payments."),
      p("pos/recent", "Recent sales", "Recent point-of-sale receipts, with the option to resend them."),
    ],
  },
  {
    id: "ecommerce",
    label: "E-commerce & inventory",
    icon: BoxesIcon,
    pages: [
      {
        ...p("ecommerce-operations", "E-commerce operations", "Online orders waiting to be scheduled or delivered."),
        component: EcommerceOperationsRoute,
        permissions: ["ECOMMERCE_MANAGEMENT"],
      },
      {
        ...p("ecommerce-analytics", "E-commerce analytics", "Carts, orders and sales from your online shop."),
        component: EcommerceAnalyticsRoute,
        permissions: ["ECOMMERCE_MANAGEMENT"],
      },
      {
        ...p("ecommerce-setup", "E-commerce setup", "Storefront settings, pricing plans and the checkout agreement."),
        component: EcommerceSetupRoute,
        permissions: ["ECOMMERCE_MANAGEMENT"],
      },
      {
        ...p("web-settings", "Web settings", "Your portal's features, payment types and sign-up options."),
        component: WebSettingsRoute,
        permissions: ["TEAM_CONFIGURATION"],
      },
      {
        ...p("inventory", "Inventory", "Items, prices, stock and the photos shown in the shop."),
        component: InventoryRoute,
        permissions: ["INVENTORY_VIEW", "INVENTORY_MANAGEMENT", "INVENTORY_PRICING", "INVENTORY_ADJUSTMENTS"],
      },
    ],
  },
  {
    id: "reports",
    label: "Reports & automations",
    icon: BarChart3Icon,
    pages: [
      p("reports", "Reports", "System and saved reports, and who may run them."),
      {
        ...p("saved-actions", "Saved actions", "Bulk actions saved to run again on report results."),
        component: SavedActionsRoute,
        permissions: WORK,
      },
      {
        ...p("automations", "Automations", "Actions that run when activities or work orders change."),
        component: AutomationsRoute,
        permissions: ["WORKFLOW_CONFIGURATION"],
      },
      {
        ...p("automation-events", "Automation events", "Every automation run and its result."),
        component: AutomationEventsRoute,
        permissions: ["WORKFLOW_CONFIGURATION"],
      },
    ],
  },
  {
    id: "people",
    label: "People & security",
    icon: ShieldCheckIcon,
    pages: [
      {
        ...p("personnel", "Personnel", "Your team members and their roles."),
        component: PersonnelRoute,
        permissions: ["PERSONNEL_MANAGEMENT"],
      },
      {
        ...p("security", "Security", "Security groups and the permissions each person or group holds."),
        component: SecurityRoute,
        permissions: ["SECURITY_USERS_AND_POLICIES"],
      },
      {
        ...p("api-keys", "API keys", "Keys that let other systems call your account, and what they may do."),
        component: ApiKeysRoute,
        permissions: ["SECURITY_USERS_AND_POLICIES"],
      },
      {
        ...p("resource-limits", "Resource limits", "Texts, calls and routing directions used against your limits."),
        component: TeamResourceLimitsRoute,
        permissions: ["TEAM_CONFIGURATION"],
      },
    ],
  },
  {
    id: "settings",
    label: "Settings",
    icon: SettingsIcon,
    pages: [
      {
        ...p("custom-fields", "Custom fields", "Extra fields on customers, leads and other records."),
        component: CustomFieldsRoute,
        permissions: ["WORKFLOW_CONFIGURATION"],
      },
      p("public-files", "Public files", "Files hosted for your website, forms and messages."),
      {
        ...p("mobile-and-web", "Mobile and web", "Settings for the driver app and the customer portal."),
        component: MobileAndWebRoute,
        permissions: ["TEAM_CONFIGURATION"],
      },
    ],
  },
];

/** Detail pages (with route parameters), reached from the pages above. Order matters: specific first. */
export const teamDetailPages: PageRoute[] = [
  {
    ...p("lead-forms/:formId", "Lead form", "Edit a lead form's questions, look and confirmation message."),
    component: LeadFormRoute,
    permissions: ["LEAD_ADMIN"],
  },
  {
    ...p("lead-views/:leadViewId", "Lead view", "The leads of one saved view."),
    component: LeadViewRoute,
    permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"],
  },
  {
    ...p("leads/:leadId", "Lead", "A lead's details, notes, appointment and history."),
    component: LeadRoute,
    permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"],
  },
  {
    ...p("geocode-address/:customerId/:addressId", "Geocode address", "Place a service address on the map."),
    component: GeocodeAddressRoute,
    permissions: ["CUSTOMER_ACCESS"],
  },
  {
    ...p("project-threads/:projectThreadId", "Project thread", "One project's steps, activities and messages."),
    component: ProjectThreadRoute,
    permissions: WORK,
  },
  {
    ...p("project-steps/:projectStepId", "Project step", "Edit one project step."),
    component: ProjectStepRoute,
    permissions: WORKFLOW_SETUP,
  },
  {
    ...p("shortcuts/:shortcutId", "Shortcut", "Edit one shortcut."),
    component: ShortcutRoute,
    permissions: WORKFLOW_SETUP,
  },
  {
    ...p("territories/:territoryId", "Territory map", "Draw and edit the zones of a territory map."),
    component: TerritoryMapRoute,
    permissions: ["TERRITORY_MANAGEMENT", "MAPPING"],
  },
  p("delivery-etas/:personId", "Driver ETAs", "One driver's stops and estimated arrival times."),
  {
    ...p("inventory/:itemId", "Inventory item", "Edit an item's details, prices and shop photos."),
    component: InventoryItemRoute,
  },
  p("reports/edit/:reportId", "Edit report", "Change a saved report's query, parameters and access."),
  p("reports/:reportId", "Report", "Run a report and work with its results."),
  {
    ...p("saved-actions/:actionId", "Saved action", "Edit one saved action."),
    component: SavedActionRoute,
    permissions: WORK,
  },
  {
    ...p("automations/:automationId", "Automation", "Edit one automation's trigger and actions."),
    component: AutomationRoute,
    permissions: ["WORKFLOW_CONFIGURATION"],
  },
  {
    ...p("automation-events/:tableId/:entityId", "Automation events", "The automation runs for one record."),
    component: EntityEventsRoute,
    permissions: ["WORKFLOW_CONFIGURATION"],
  },
  {
    ...p("personnel/:personId", "Team member", "A team member's details, permissions and territories."),
    component: PersonRoute,
  },
  {
    ...p("custom-fields/:fieldId", "Custom field", "Edit one custom field."),
    component: CustomFieldRoute,
    permissions: ["WORKFLOW_CONFIGURATION"],
  },
];

/** Team tools shown full-width, outside the side-navigation layout. */
export const teamToolPaths = [
  "/team/calltools",
  "/team/calltools/:contactId",
  "/team/payment/:customerId",
  "/team/pos",
  "/team/pos/recent",
  "/team/pos/recent/:customerId",
];

export const teamToolPages: PageRoute[] = [
  p("calltools/:contactId", "Call tools", "The call-centre workspace for one contact."),
  p("calltools", "Call tools", "The call-centre workspace for your agents."),
  p("payment/:customerId", "Take a payment", "Take a card or bank payment for a customer."),
  p("pos/recent/:customerId", "Recent sales", "Recent point-of-sale receipts for one customer."),
  p("pos/recent", "Recent sales", "Recent point-of-sale receipts, with the option to resend them."),
  p("pos", "Point of sale", "Ring up counter sales and take payments."),
];

/**
 * What an employee is offered in the navigation and on the home page: pages that are built and that
 * their permissions allow; groups with none are left out. A page that is not built yet still answers a
 * direct visit with the "not yet available" panel, and the API refuses what the permissions refuse.
 */
export function offeredNavGroups(permissions: readonly string[]): TeamNavGroup[] {
  const admin = permissions.includes("ADMINISTRATIVE_SETUP");
  const allowed = (page: PageRoute) =>
    !!page.component && (admin || !page.permissions || page.permissions.some((p) => permissions.includes(p)));
  return teamNavGroups
    .map((group) => ({ ...group, pages: group.pages.filter(allowed) }))
    .filter((group) => group.pages.length > 0);
}

/** Pages of the side-navigation layout (tool pages excluded). */
export const teamLayoutPages: PageRoute[] = [
  // Fixed paths first: territories/roles and leads/import must win over territories/:id and leads/:id.
  ...teamNavGroups.flatMap((g) => g.pages).filter((page) => !teamToolPaths.includes(page.path)),
  ...teamDetailPages,
];
