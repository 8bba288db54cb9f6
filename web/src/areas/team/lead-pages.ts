import { TargetIcon } from "lucide-react";
import { LeadCleaningRoute } from "@/features/leads/cleaning/cleaning-routes";
import { LeadFormsRoute } from "@/features/leads/forms-routes";
import { ImportLeadsRoute, PreviousImportsRoute } from "@/features/leads/import-routes";
import { LeadPipelineRoute } from "@/features/leads/pipeline/routes";
import { LeadAnalyticsRoute, LeadResultsRoute, SalesFunnelRoute } from "@/features/leads/results/routes";
import { RetailerImportRoute, RetailerSettingsRoute } from "@/features/leads/retailer/routes";
import { DiscardReasonsRoute, LeadAutomationsRoute } from "@/features/leads/rules/routes";
import { LeadSetupRoute } from "@/features/leads/setup/routes";
import { LeadSourcesRoute } from "@/features/leads/sources-routes";
import { LeadViewsRoute } from "@/features/leads/views/routes";
import { p, type TeamNavGroup } from "./team-page";

// The leads pages of the team navigation (team-pages.ts lists every group); a page without a component
// is not built yet and is not offered.
export const leadsNavGroup: TeamNavGroup = {
  id: "leads",
  label: "Leads",
  icon: TargetIcon,
  pages: [
    {
      ...p("lead-pipeline", "Lead pipeline", "Follow every lead from first contact to sale, stage by stage."),
      component: LeadPipelineRoute,
      permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"],
    },
    {
      ...p("lead-views", "Lead views", "Saved, filtered lists of leads that you and your team work from."),
      component: LeadViewsRoute,
      permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY", "LEAD_REPORTING"],
    },
    {
      ...p("leads/import", "Import leads", "Upload a CSV file of leads and match its columns to lead fields."),
      component: ImportLeadsRoute,
      permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"],
    },
    {
      ...p(
        "leads/previous-imports",
        "Previous imports",
        "Earlier CSV imports, with the option to discard a file's leads.",
      ),
      component: PreviousImportsRoute,
      permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"],
    },
    {
      ...p("lead-forms", "Lead forms", "Build the web forms prospects fill in, and switch them on or off."),
      component: LeadFormsRoute,
      permissions: ["LEAD_ADMIN"],
    },
    {
      ...p("lead-sources", "Lead sources", "Where your leads come from, and which sources are active."),
      component: LeadSourcesRoute,
      permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"],
    },
    {
      ...p(
        "lead-automations",
        "Lead automations",
        "Rules that act on new leads automatically, such as discarding them.",
      ),
      component: LeadAutomationsRoute,
      permissions: ["LEAD_ADMIN"],
    },
    {
      ...p(
        "lead-discard-reasons",
        "Discard reasons",
        "The reasons a lead can be discarded, and how often each is used.",
      ),
      component: DiscardReasonsRoute,
      permissions: ["LEAD_ADMIN"],
    },
    {
      ...p(
        "lead-cleaning",
        "Lead cleaning",
        "Find duplicate leads by phone, email or address, and merge or mark them.",
      ),
      component: LeadCleaningRoute,
      permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"],
    },
    {
      ...p("lead-analytics", "Lead analytics", "How many leads arrive, from where, and how many turn into customers."),
      component: LeadAnalyticsRoute,
      permissions: ["LEAD_ADMIN", "LEAD_REPORTING"],
    },
    {
      ...p("lead-results", "Lead results", "Outcomes of your leads by source, period and sales person."),
      component: LeadResultsRoute,
      permissions: ["LEAD_ADMIN", "LEAD_REPORTING"],
    },
    {
      ...p("sales-funnel", "Sales funnel", "Leads at each funnel position, from top to success or failure."),
      component: SalesFunnelRoute,
      permissions: ["LEAD_ADMIN", "LEAD_REPORTING"],
    },
    {
      ...p("lead-setup", "Lead setup", "Lead settings: territory enforcement, segregation map and zone access."),
      component: LeadSetupRoute,
      permissions: ["LEAD_ADMIN"],
    },
    {
      ...p("costco-import", "Costco import", "Bring in leads from your Costco retail program."),
      component: RetailerImportRoute,
      permissions: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"],
    },
    {
      ...p("costco-settings", "Costco settings", "Credentials, stores and services for the Costco lead integration."),
      component: RetailerSettingsRoute,
      permissions: ["LEAD_ADMIN"],
    },
  ],
};
