import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// Admin console: every outbound message (message audit) and texting analytics (
// messaging summary per branch, bulk messaging metrics).

export const MessageAuditQuery = graphql(`
  query MessageAudit(
    $branchId: ID
    $platform: MessagePlatform
    $status: MessageDeliveryStatus
    $search: String
    $start: DateTime
    $end: DateTime
    $skip: Int
    $take: Int
  ) {
    messageAudit(
      branchId: $branchId
      platform: $platform
      status: $status
      search: $search
      start: $start
      end: $end
      skip: $skip
      take: $take
    ) {
      totalCount
      skip
      take
      branches {
        id
        branchNumber
        company
        host
      }
      messages {
        id
        branchId
        branchName
        branchHost
        platform
        recipient
        subject
        preview
        status
        error
        segments
        durationSeconds
        createdAt
        sentAt
      }
    }
  }
`);

export type MessageAuditVariables = VariablesOf<typeof MessageAuditQuery>;
export type OutboundMessage = ResultOf<typeof MessageAuditQuery>["messageAudit"]["messages"][number];
export type MessagePlatform = OutboundMessage["platform"];
export type MessageDeliveryStatus = OutboundMessage["status"];

const CountFields = graphql(`
  fragment MessagingCountFields on MessagingCounts @_unmask {
    texts
    segments
    textSuccesses
    roboCalls
    callSuccesses
    callSeconds
    emails
    emailSuccesses
    failures
  }
`);

export const TextingAnalyticsQuery = graphql(
  `
  query TextingAnalytics($startDate: Date!, $endDate: Date!, $branchId: ID) {
    messagingSummary(startDate: $startDate, endDate: $endDate) {
      branchId
      branchNumber
      company
      host
      texts
      segments
      textSuccesses
      roboCalls
      callSuccesses
      callSeconds
      emails
      emailSuccesses
      failures
    }
    bulkMessagingMetrics(startDate: $startDate, endDate: $endDate, branchId: $branchId) {
      startDate
      endDate
      totals {
        ...MessagingCountFields
      }
      days {
        date
        texts
        segments
        textSuccesses
        roboCalls
        callSuccesses
        emails
      }
      statuses {
        platform
        status
        count
      }
    }
  }
`,
  [CountFields],
);

export type TextingAnalytics = ResultOf<typeof TextingAnalyticsQuery>;
export type MessagingDay = TextingAnalytics["bulkMessagingMetrics"]["days"][number];

export function useMessageAudit(variables: MessageAuditVariables) {
  return useGqlQuery(MessageAuditQuery, variables, { placeholderData: (previous) => previous });
}

export function useTextingAnalytics(variables: VariablesOf<typeof TextingAnalyticsQuery>) {
  return useGqlQuery(TextingAnalyticsQuery, variables, { placeholderData: (previous) => previous });
}

/** The delivery statuses as people read them. */
export const STATUS_LABELS: Record<MessageDeliveryStatus, string> = {
  BUSY: "Busy",
  CANCELED: "Canceled",
  DELIVERED_NORMALLY: "Delivered",
  EXPIRED: "Expired",
  GATEWAY_REJECTED: "Rejected by gateway",
  GATEWAY_UNAVAILABLE: "Gateway unavailable",
  ON_DO_NOT_TEXT_LIST: "On do-not-text list",
  OUTSIDE_ALLOWED_TIME: "Outside allowed time",
  PARTIALLY_DELIVERED: "Partially delivered",
  PENDING: "Pending",
  PLATFORM_NETWORK_FAILED: "Network failed",
  SENDING: "Sending",
  SENT_TO_CARRIER: "Sent to carrier",
  TIMEOUT: "Timed out",
  UNANSWERED: "Unanswered",
  UNUSED: "Unused",
};

export const PLATFORM_LABELS: Record<MessagePlatform, string> = { EMAIL: "Email", SMS: "Text", PHONE: "Robo call" };

export type StatusTone = "success" | "pending" | "failure";
export function statusTone(status: MessageDeliveryStatus): StatusTone {
  if (status === "DELIVERED_NORMALLY" || status === "SENT_TO_CARRIER") return "success";
  if (status === "PENDING" || status === "SENDING" || status === "UNUSED") return "pending";
  return "failure";
}
