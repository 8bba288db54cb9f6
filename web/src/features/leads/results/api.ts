import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// The lead results (team/lead-analytics, lead-results, sales-funnel, apt-set-stats): each report in
// one query over the period's branch days, and the leads behind any of its numbers (a cell), a page at
// a time. Lead reporting or lead admin reads them.

const AnalyticsQuery = graphql(`
  query LeadAnalytics($from: Date!, $to: Date!, $groupBy: LeadResultGroup!, $period: LeadResultPeriod) {
    leadAnalytics(from: $from, to: $to, groupBy: $groupBy, period: $period) {
      key
      label
      isTotal
      leads
      unassigned
      assigned
      discarded
      converted
      contacted
      conversionRate
      medianMinutesToFirstContact
    }
  }
`);
export type ResultGroup = VariablesOf<typeof AnalyticsQuery>["groupBy"];
export type ResultPeriod = NonNullable<VariablesOf<typeof AnalyticsQuery>["period"]>;
export type AnalyticsRow = ResultOf<typeof AnalyticsQuery>["leadAnalytics"][number];
type GroupVars = VariablesOf<typeof AnalyticsQuery>;
export const useLeadAnalytics = (v: GroupVars) => useGqlQuery(AnalyticsQuery, v);

const ResultsQuery = graphql(`
  query LeadResults($from: Date!, $to: Date!, $groupBy: LeadResultGroup!, $period: LeadResultPeriod) {
    leadResults(from: $from, to: $to, groupBy: $groupBy, period: $period) {
      key
      label
      isTotal
      leads
      sold
      lost
      open
      soldRate
    }
  }
`);
export type ResultsRow = ResultOf<typeof ResultsQuery>["leadResults"][number];
export const useLeadResults = (v: GroupVars) => useGqlQuery(ResultsQuery, v);

const MilestonesQuery = graphql(`
  query LeadMilestoneStats($from: Date!, $to: Date!) {
    leadMilestoneStats(from: $from, to: $to) {
      milestoneId
      name
      leads
      share
    }
  }
`);
export type MilestoneRow = ResultOf<typeof MilestonesQuery>["leadMilestoneStats"][number];
export const useLeadMilestoneStats = (v: VariablesOf<typeof MilestonesQuery>) => useGqlQuery(MilestonesQuery, v);

const FunnelQuery = graphql(`
  query SalesFunnel($from: Date!, $to: Date!, $projectId: String) {
    salesFunnel(from: $from, to: $to, projectId: $projectId) {
      position
      leads
      share
    }
  }
`);
export type FunnelRow = ResultOf<typeof FunnelQuery>["salesFunnel"][number];
export const useSalesFunnel = (v: VariablesOf<typeof FunnelQuery>) => useGqlQuery(FunnelQuery, v);

const ProjectsQuery = graphql(`
  query LeadFunnelProjects {
    projects {
      id
      description
    }
  }
`);
export const useFunnelProjects = () => useGqlQuery(ProjectsQuery);

const AppointmentsQuery = graphql(`
  query AppointmentSetResults($from: Date!, $to: Date!) {
    appointmentSetResults(from: $from, to: $to) {
      setterId
      setterName
      sourceId
      sourceName
      isTotal
      appointments
      converted
      sold
    }
  }
`);
export type AppointmentRow = ResultOf<typeof AppointmentsQuery>["appointmentSetResults"][number];
export const useAppointmentSetResults = (v: VariablesOf<typeof AppointmentsQuery>) => useGqlQuery(AppointmentsQuery, v);

const LeadsQuery = graphql(`
  query LeadResultLeads($cell: LeadResultCellInput!, $skip: Int, $take: Int) {
    leadResultLeads(cell: $cell, skip: $skip, take: $take) {
      totalCount
      leads {
        id
        number
        name
        status
        enteredTime
        leadSourceName
        personName
        customerId
      }
    }
  }
`);
export type ResultCell = VariablesOf<typeof LeadsQuery>["cell"];
export type ResultLead = ResultOf<typeof LeadsQuery>["leadResultLeads"]["leads"][number];
export const useLeadResultLeads = (v: VariablesOf<typeof LeadsQuery>, enabled: boolean) =>
  useGqlQuery(LeadsQuery, v, { enabled, placeholderData: (previous) => previous });
