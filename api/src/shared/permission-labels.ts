import type { EmployeePermission } from "../generated/prisma/enums.ts";

// How people are told about permissions: by label, never by code (the API's messages and the
// security screens use the same words). No server-only imports: the web imports this file too.

export const permissionInfo: Record<EmployeePermission, { label: string; area: string }> = {
  ADMINISTRATIVE_SETUP: { label: "Administrator (everything)", area: "Administration" },
  SECURITY_USERS_AND_POLICIES: { label: "Security groups, grants and API keys", area: "Administration" },
  PERSONNEL_MANAGEMENT: { label: "Personnel", area: "Administration" },
  TEAM_CONFIGURATION: { label: "Branch settings and custom fields", area: "Administration" },
  CUSTOMER_ACCESS: { label: "Customers", area: "Customers and billing" },
  CUSTOMER_CREDIT_CARDS: { label: "Customers' cards and payments", area: "Customers and billing" },
  ACCOUNTS_RECEIVABLE_SUPERVISOR: { label: "Accounts receivable", area: "Customers and billing" },
  PAYMENT_REFUNDING: { label: "Refunds", area: "Customers and billing" },
  FINANCIAL_REPORTING: { label: "Financial reports", area: "Customers and billing" },
  PAYROLL: { label: "Payroll", area: "Customers and billing" },
  LEAD_ADMIN: { label: "Lead administration", area: "Leads and projects" },
  LEAD_DATA_ENTRY: { label: "Lead entry", area: "Leads and projects" },
  LEAD_REPORTING: { label: "Lead reports", area: "Leads and projects" },
  PROJECT_MANAGEMENT: { label: "Projects and activities", area: "Leads and projects" },
  SCHEDULING: { label: "Availability and appointment slots", area: "Leads and projects" },
  CALL_TOOLS_AGENT: { label: "Call tools agent", area: "Leads and projects" },
  TERRITORY_MANAGEMENT: { label: "Territories", area: "Territories and routes" },
  MAPPING: { label: "View maps", area: "Territories and routes" },
  ROUTE_MANAGEMENT: { label: "Routes", area: "Territories and routes" },
  DISPATCH: { label: "Dispatch", area: "Territories and routes" },
  ETA_MANAGEMENT: { label: "Delivery ETAs", area: "Territories and routes" },
  MESSAGING: { label: "Conversations", area: "Messaging" },
  MESSAGING_CONFIGURATION: { label: "Messaging setup", area: "Messaging" },
  INVENTORY_VIEW: { label: "View inventory", area: "Inventory and sales" },
  INVENTORY_MANAGEMENT: { label: "Manage inventory", area: "Inventory and sales" },
  INVENTORY_PRICING: { label: "Inventory prices", area: "Inventory and sales" },
  INVENTORY_ADJUSTMENTS: { label: "Stock adjustments", area: "Inventory and sales" },
  PURCHASING: { label: "Purchasing", area: "Inventory and sales" },
  ECOMMERCE_MANAGEMENT: { label: "E-commerce", area: "Inventory and sales" },
  POINT_OF_SALE: { label: "Point of sale", area: "Inventory and sales" },
  REPORT_MANAGER: { label: "Reports", area: "Reports and automations" },
  WORKFLOW_CONFIGURATION: { label: "Automations and workflow", area: "Reports and automations" },
};

export const permissionLabel = (p: EmployeePermission) => permissionInfo[p]?.label ?? p;
