import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// Admin console: desktop errors, error alerts and exclusions, sync and relay health.

const ErrorFields = graphql(`
  fragment DesktopErrorFields on DesktopError @_unmask {
    id
    logTime
    firstSeen
    buildVersion
    message
    callStack
    program
    lineNum
    loginUserName
    severity
    errorCount
    errorNo
    retried
    fixedVersion
    status
    resolvedAt
    branch {
      id
      branchNumber
      company
    }
  }
`);

export const DesktopErrorsQuery = graphql(
  `
  query DesktopErrors($start: DateTime!, $end: DateTime!, $severities: [DesktopErrorSeverity!]) {
    desktopErrors(start: $start, end: $end, severities: $severities) {
      ...DesktopErrorFields
    }
  }
`,
  [ErrorFields],
);

export const DesktopErrorQuery = graphql(
  `
  query DesktopError($errorId: ID!) {
    desktopError(errorId: $errorId) {
      machineName
      windowsVersion
      loginInstanceId
      status
      error {
        ...DesktopErrorFields
      }
    }
  }
`,
  [ErrorFields],
);

export type DesktopErrorRow = ResultOf<typeof DesktopErrorsQuery>["desktopErrors"][number];
export type Severity = DesktopErrorRow["severity"];
export type DesktopErrorDetail = ResultOf<typeof DesktopErrorQuery>["desktopError"];

export const ResolveDesktopErrorMutation = graphql(
  `
  mutation ResolveDesktopError($errorId: ID!, $fixedVersion: String) {
    resolveDesktopError(errorId: $errorId, fixedVersion: $fixedVersion) {
      ...DesktopErrorFields
    }
  }
`,
  [ErrorFields],
);

export const UnresolveDesktopErrorMutation = graphql(
  `
  mutation UnresolveDesktopError($errorId: ID!) {
    unresolveDesktopError(errorId: $errorId) {
      ...DesktopErrorFields
    }
  }
`,
  [ErrorFields],
);

export const ErrorAlertsQuery = graphql(`
  query ErrorAlerts($activeOnly: Boolean!) {
    errorAlerts {
      id
      name
      windowMinutes
      threshold
      status
      severity
      alertEditedAt
      lastRaised
      minutesBetweenAlerts
      slackChannelId
      recentEvents {
        id
        kind
        errorCount
        at
        mailedTo
        slackSent
      }
    }
    errorAlertExclusions(activeOnly: $activeOnly) {
      id
      message
      program
      lineNum
      start
      end
      comment
    }
  }
`);

export type ErrorAlertRow = ResultOf<typeof ErrorAlertsQuery>["errorAlerts"][number];
export type ExclusionRow = ResultOf<typeof ErrorAlertsQuery>["errorAlertExclusions"][number];

export const UpsertErrorAlertMutation = graphql(`
  mutation UpsertErrorAlert($input: ErrorAlertInput!) {
    upsertErrorAlert(input: $input) {
      id
      status
    }
  }
`);
export type ErrorAlertInput = VariablesOf<typeof UpsertErrorAlertMutation>["input"];

export const RemoveErrorAlertMutation = graphql(`
  mutation RemoveErrorAlert($alertId: ID!) {
    removeErrorAlert(alertId: $alertId) {
      isSuccess
      message
    }
  }
`);

export const AddErrorAlertExclusionMutation = graphql(`
  mutation AddErrorAlertExclusion($input: ErrorAlertExclusionInput!) {
    addErrorAlertExclusion(input: $input) {
      id
    }
  }
`);
export type ExclusionInput = VariablesOf<typeof AddErrorAlertExclusionMutation>["input"];

export const RemoveErrorAlertExclusionMutation = graphql(`
  mutation RemoveErrorAlertExclusion($exclusionId: ID!) {
    removeErrorAlertExclusion(exclusionId: $exclusionId) {
      isSuccess
      message
    }
  }
`);

const MetricsFields = graphql(`
  fragment TelemetryMetricsFields on TelemetryMetrics @_unmask {
    channel
    start
    end
    bucket
    branches {
      branch {
        id
        branchNumber
        company
      }
      loads
      successes
      failures
      averageLatencyMs
      maxLatencyMs
      lastSeenAt
      lastSuccessAt
      lastFailureAt
      lastError
      slaSeconds
    }
    series {
      at
      loads
      successes
      failures
      averageLatencyMs
    }
    sources {
      branch {
        id
        branchNumber
        company
      }
      sourceId
      deviceName
      version
      lastSeenAt
      lastSuccessAt
      lastFailureAt
      lastError
    }
  }
`);

export const SyncMetricsQuery = graphql(
  `
  query SyncMetrics($channel: SyncChannel!, $start: DateTime!, $end: DateTime!, $branchId: ID) {
    syncMetrics(channel: $channel, start: $start, end: $end, branchId: $branchId) {
      ...TelemetryMetricsFields
    }
  }
`,
  [MetricsFields],
);

export const MobileRelayMetricsQuery = graphql(
  `
  query MobileRelayMetrics($start: DateTime!, $end: DateTime!, $branchId: ID) {
    mobileRelayMetrics(start: $start, end: $end, branchId: $branchId) {
      ...TelemetryMetricsFields
    }
  }
`,
  [MetricsFields],
);

export const TerminalRelayMetricsQuery = graphql(
  `
  query TerminalRelayMetrics($start: DateTime!, $end: DateTime!, $branchId: ID) {
    terminalRelayMetrics(start: $start, end: $end, branchId: $branchId) {
      ...TelemetryMetricsFields
    }
  }
`,
  [MetricsFields],
);

export const RecentSyncLoadsQuery = graphql(`
  query RecentSyncLoads($branchId: ID!, $channel: SyncChannel) {
    recentSyncLoads(branchId: $branchId, channel: $channel) {
      id
      channel
      startedAt
      durationMs
      success
      records
      error
    }
  }
`);

export type TelemetryMetrics = ResultOf<typeof SyncMetricsQuery>["syncMetrics"];
export type BranchTelemetry = TelemetryMetrics["branches"][number];
export type TelemetryPoint = TelemetryMetrics["series"][number];
export type SyncLoadRow = ResultOf<typeof RecentSyncLoadsQuery>["recentSyncLoads"][number];

export type Channel = "WEB_SYNC" | "WTD_SYNC" | "MOBILE_RELAY" | "TERMINAL_RELAY";
export type Period = { start: string; end: string };

export function useDesktopErrors(variables: VariablesOf<typeof DesktopErrorsQuery>) {
  return useGqlQuery(DesktopErrorsQuery, variables, { placeholderData: (previous) => previous, staleTime: 30_000 });
}

export function useDesktopError(errorId: string) {
  return useGqlQuery(DesktopErrorQuery, { errorId }, { staleTime: 30_000 });
}

export function useErrorAlerts(activeOnly: boolean) {
  return useGqlQuery(ErrorAlertsQuery, { activeOnly }, { placeholderData: (previous) => previous, staleTime: 30_000 });
}

/** The metrics of one channel over a period (one query per channel: the sync ones take the channel). */
export function useTelemetryMetrics(channel: Channel, period: Period, branchId: string | null) {
  const vars = { ...period, branchId };
  const sync = useGqlQuery(
    SyncMetricsQuery,
    { ...vars, channel: channel === "WTD_SYNC" ? "WTD_SYNC" : "WEB_SYNC" },
    { enabled: channel === "WEB_SYNC" || channel === "WTD_SYNC", placeholderData: (p) => p, staleTime: 60_000 },
  );
  const mobile = useGqlQuery(MobileRelayMetricsQuery, vars, {
    enabled: channel === "MOBILE_RELAY",
    placeholderData: (p) => p,
    staleTime: 60_000,
  });
  const terminal = useGqlQuery(TerminalRelayMetricsQuery, vars, {
    enabled: channel === "TERMINAL_RELAY",
    placeholderData: (p) => p,
    staleTime: 60_000,
  });
  if (channel === "MOBILE_RELAY") return { ...mobile, metrics: mobile.data?.mobileRelayMetrics };
  if (channel === "TERMINAL_RELAY") return { ...terminal, metrics: terminal.data?.terminalRelayMetrics };
  return { ...sync, metrics: sync.data?.syncMetrics };
}

export function useRecentSyncLoads(branchId: string | null, channel: "WEB_SYNC" | "WTD_SYNC") {
  return useGqlQuery(
    RecentSyncLoadsQuery,
    { branchId: branchId ?? "", channel },
    { enabled: !!branchId, staleTime: 60_000 },
  );
}

// Every change here refetches the errors and alerts lists; a refusal or failure is shown by the hook.
const TELEMETRY_QUERIES = ["DesktopErrors", "DesktopError", "ErrorAlerts"];

export const useResolveDesktopError = () =>
  useGqlMutation(ResolveDesktopErrorMutation, { invalidates: TELEMETRY_QUERIES, successToast: "Marked resolved." });
export const useUnresolveDesktopError = () =>
  useGqlMutation(UnresolveDesktopErrorMutation, {
    invalidates: TELEMETRY_QUERIES,
    successToast: "Marked active again.",
  });
export const useUpsertErrorAlert = () =>
  useGqlMutation(UpsertErrorAlertMutation, {
    invalidates: TELEMETRY_QUERIES,
    successToast: (_, v) => (v.input.id ? "Alert saved." : "Alert created."),
  });
export const useRemoveErrorAlert = () =>
  useGqlMutation(RemoveErrorAlertMutation, { invalidates: TELEMETRY_QUERIES, successToast: "Alert deleted." });
export const useAddErrorAlertExclusion = () =>
  useGqlMutation(AddErrorAlertExclusionMutation, { invalidates: TELEMETRY_QUERIES, successToast: "Exclusion added." });
export const useRemoveErrorAlertExclusion = () =>
  useGqlMutation(RemoveErrorAlertExclusionMutation, {
    invalidates: TELEMETRY_QUERIES,
    successToast: "Exclusion removed.",
  });
