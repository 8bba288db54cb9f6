import { ActionableActivityFields } from "@/features/my-work/api";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// The lead page (team/leads/{leadId}): the lead, its notes, history and project threads; the status
// operations (assign, set status, discard, mark duplicate), edits, notes, the customer link and work
// on its projects. Every change reads the lead, its history and its work again.

/** A lead's name, contact and address: what the lead page shows and lead cleaning compares. */
export const LeadContactFields = graphql(`
  fragment LeadContactFields on Lead @_unmask {
    number
    name
    firstName
    lastName
    email
    phone
    phone2
    address
    city
    stateCode
    postalCode
  }
`);

export const LeadQuery = graphql(
  `
  query LeadPageLead($id: ID!) {
    lead(id: $id) {
      id
      ...LeadContactFields
      county
      comments
      appointment
      appointmentKind
      status
      enteredTime
      lastEdited
      personId
      personName
      leadSourceName
      leadFormName
      gathererName
      setterName
      zoneId
      zoneName
      latitude
      longitude
      geocodeConfidence
      discardReasonId
      discardReasonName
      duplicateOfId
      duplicateOfNumber
      mergedIntoId
      mergedIntoNumber
      customerId
      customerName
      customerAccountNumber
      callToolsContactId
    }
  }
`,
  [LeadContactFields],
);
export type LeadDetail = ResultOf<typeof LeadQuery>["lead"];
export const useLead = (id: string) => useGqlQuery(LeadQuery, { id });

const NotesQuery = graphql(`
  query LeadPageNotes($leadId: ID!) {
    leadNotes(leadId: $leadId) {
      id
      text
      createdAt
      personName
    }
  }
`);
export const useLeadNotes = (leadId: string) => useGqlQuery(NotesQuery, { leadId });

const HistoryQuery = graphql(`
  query LeadPageHistory($leadId: ID!) {
    leadHistory(leadId: $leadId) {
      id
      kind
      summary
      createdAt
      personName
      changes {
        field
        label
        before
        after
      }
    }
  }
`);
export type LeadHistoryRow = ResultOf<typeof HistoryQuery>["leadHistory"][number];
export const useLeadHistory = (leadId: string) => useGqlQuery(HistoryQuery, { leadId });

const ThreadsQuery = graphql(
  `
  query LeadPageThreads($leadId: ID!, $take: Int) {
    leadProjectThreads(leadId: $leadId) {
      id
      projectDescription
      closedAt
      createdAt
      activityCount
      timeline(take: $take) {
        activities {
          ...ActionableActivityFields
          assignedPersonName
          viewerCan {
            resolve
            cancel
            reopen
            reschedule
            reassign
            edit
          }
        }
        hasMore
      }
    }
  }
`,
  [ActionableActivityFields],
);
export type LeadThread = ResultOf<typeof ThreadsQuery>["leadProjectThreads"][number];
/** An activity of a lead's thread as the lead page lists it (with what the viewer may do to it). */
export type LeadThreadActivity = LeadThread["timeline"]["activities"][number];
/**
 * Each thread's first activities (the thread page's first page, read for all the threads at once); a
 * longer thread links to its page for the rest.
 */
export const LEAD_THREAD_PAGE = 25;
export const useLeadThreads = (leadId: string) => useGqlQuery(ThreadsQuery, { leadId, take: LEAD_THREAD_PAGE });

/** What the action dialogs offer: people to assign, discard reasons, projects and their steps. */
const ChoicesQuery = graphql(`
  query LeadPageChoices {
    activePersonnel {
      id
      fullName
    }
    discardReasons {
      id
      name
    }
  }
`);
export const useLeadChoices = (enabled = true) => useGqlQuery(ChoicesQuery, undefined, { enabled });

const ProjectsQuery = graphql(`
  query LeadPageProjects {
    projects {
      id
      description
      marketing
      inactive
      steps {
        id
        description
        inactive
      }
    }
  }
`);
export const useLeadProjects = (enabled: boolean) => useGqlQuery(ProjectsQuery, undefined, { enabled });

const BasemapQuery = graphql(`
  query LeadPageBasemap {
    leadBasemap {
      styleUrl
      pmtilesUrl
    }
  }
`);
export const useLeadBasemap = (enabled: boolean) => useGqlQuery(BasemapQuery, undefined, { enabled });

export const LeadByNumberQuery = graphql(`
  query LeadByNumber($number: Int!) {
    leadByNumber(number: $number) {
      id
      number
      name
    }
  }
`);

export const SearchCustomersQuery = graphql(`
  query LeadSearchCustomers($text: String!) {
    searchCustomers(text: $text) {
      id
      accountNumber
      name
      address
    }
  }
`);
export type CustomerMatch = ResultOf<typeof SearchCustomersQuery>["searchCustomers"][number];

// After a change: the lead, its history and its work are read again (and any lead list).
const changing = savingMutations([
  "LeadPageLead",
  "LeadPageHistory",
  "LeadPageNotes",
  "LeadPageThreads",
  "LeadViewLeads",
]);

const AssignMutation = graphql(`
  mutation LeadPageAssign($leadIds: [ID!]!, $personId: ID) {
    assignLeads(leadIds: $leadIds, personId: $personId) {
      isSuccess
      message
      count
    }
  }
`);
export const useAssignLead = changing(AssignMutation);

const StatusMutation = graphql(`
  mutation LeadPageStatus($leadIds: [ID!]!, $status: LeadStatus!) {
    setLeadStatus(leadIds: $leadIds, status: $status) {
      isSuccess
      message
      count
    }
  }
`);
export const useSetLeadStatus = changing(StatusMutation);

const DiscardMutation = graphql(`
  mutation LeadPageDiscard($leadIds: [ID!]!, $discardReasonId: ID!) {
    discardLeads(leadIds: $leadIds, discardReasonId: $discardReasonId) {
      isSuccess
      message
      count
    }
  }
`);
export const useDiscardLead = changing(DiscardMutation);

const DuplicateMutation = graphql(`
  mutation LeadPageDuplicate($leadIds: [ID!]!, $duplicateOfId: ID!) {
    markLeadDuplicates(leadIds: $leadIds, duplicateOfId: $duplicateOfId) {
      isSuccess
      message
      count
    }
  }
`);
export const useMarkDuplicate = changing(DuplicateMutation);

const CallToolMutation = graphql(`
  mutation LeadPageCallTool($leadIds: [ID!]!) {
    createCallToolContact(leadIds: $leadIds) {
      isSuccess
      message
      count
    }
  }
`);
/** Sends the lead to the call tool (a call-tool contact the call centre works from). */
export const useSendToCallTool = changing(CallToolMutation);

const PatchMutation = graphql(`
  mutation LeadPagePatch($input: PatchLeadInput!) {
    patchLead(input: $input) {
      isSuccess
      message
      lead {
        id
      }
    }
  }
`);
export type PatchLeadInput = VariablesOf<typeof PatchMutation>["input"];
export const usePatchLead = changing(PatchMutation);

const NoteMutation = graphql(`
  mutation LeadPageNote($leadId: ID!, $text: String!) {
    addLeadNote(leadId: $leadId, text: $text) {
      isSuccess
      message
    }
  }
`);
export const useAddLeadNote = changing(NoteMutation);

const LinkMutation = graphql(`
  mutation LeadPageLink($leadId: ID!, $customerId: ID) {
    linkLeadToCustomer(leadId: $leadId, customerId: $customerId) {
      isSuccess
      message
    }
  }
`);
export const useLinkCustomer = changing(LinkMutation);

const ActivityMutation = graphql(`
  mutation LeadPageActivity($leadId: ID!, $input: AddLeadActivityInput!) {
    addLeadActivity(leadId: $leadId, input: $input) {
      isSuccess
      message
    }
  }
`);
export const useAddLeadActivity = changing(ActivityMutation);
