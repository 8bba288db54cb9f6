import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// The lead pipeline (team/lead-pipeline): a project's steps with the leads at each, filtered like a
// lead view; moving a card adds an activity at the new step (LEAD_ADMIN or LEAD_DATA_ENTRY).

export const LeadPipelineOptionsQuery = graphql(`
  query LeadPipelineOptions {
    leadPipelineOptions {
      projects {
        id
        name
        marketing
      }
      sources {
        id
        name
      }
      persons {
        id
        name
      }
      zones {
        id
        name
      }
    }
  }
`);
export type PipelineOptions = ResultOf<typeof LeadPipelineOptionsQuery>["leadPipelineOptions"];
export const usePipelineOptions = () => useGqlQuery(LeadPipelineOptionsQuery);

export const LeadPipelineQuery = graphql(`
  query LeadPipeline($projectId: ID!, $where: LeadPipelineFilter, $takePerStep: Int) {
    leadPipeline(projectId: $projectId, where: $where, takePerStep: $takePerStep) {
      projectId
      total
      columns {
        stepId
        description
        inactive
        count
        cards {
          threadId
          since
          lead {
            id
            number
            name
            enteredTime
            status
            leadSourceName
            personName
            zoneName
          }
        }
      }
    }
  }
`);
export type PipelineVariables = VariablesOf<typeof LeadPipelineQuery>;
export type PipelineData = ResultOf<typeof LeadPipelineQuery>;
export type PipelineColumn = PipelineData["leadPipeline"]["columns"][number];
export type PipelineCard = PipelineColumn["cards"][number];
export const usePipeline = (variables: PipelineVariables, enabled: boolean) =>
  useGqlQuery(LeadPipelineQuery, variables, { enabled, placeholderData: (previous) => previous });

const MoveMutation = graphql(`
  mutation MoveLeadToStep($leadId: ID!, $stepId: ID!) {
    moveLeadToStep(leadId: $leadId, stepId: $stepId) {
      isSuccess
      message
      threadId
    }
  }
`);
export const useMoveLeadToStep = () =>
  useGqlMutation(MoveMutation, { invalidates: [LeadPipelineQuery], successToast: true });
