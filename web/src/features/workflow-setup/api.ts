import { useQueryClient } from "@tanstack/react-query";
import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { invalidate, savingMutations, useGqlMutation } from "@/lib/use-gql-mutation";

// Workflow setup: projects (with their type and steps), every step, milestones, priorities and
// project types, and the changes to each (WORKFLOW_CONFIGURATION). Any employee reads them.

const StepFields = graphql(`
  fragment WorkflowStepFields on ProjectStep @_unmask {
    id
    projectId
    projectDescription
    description
    sortLevel
    defaultPersonId
    defaultZoneRoleId
    defaultPriorityId
    noAutoResolve
    defaultLengthMinutes
    funnelPosition
    handledExternally
    milestone {
      id
      name
    }
    comments
    inactive
  }
`);

export const SetupProjectsQuery = graphql(`
  query SetupProjects {
    projects(includeInactive: true) {
      id
      description
      type {
        id
        name
      }
      allowOrphans
      defaultPersonId
      defaultPriorityId
      marketing
      inactive
      steps {
        id
      }
    }
  }
`);
export type SetupProject = ResultOf<typeof SetupProjectsQuery>["projects"][number];

export const SetupStepsQuery = graphql(
  `
  query SetupSteps {
    allSteps {
      ...WorkflowStepFields
    }
  }
`,
  [StepFields],
);
export type SetupStep = ResultOf<typeof SetupStepsQuery>["allSteps"][number];
export type FunnelPosition = SetupStep["funnelPosition"];

export const SetupMilestonesQuery = graphql(`
  query SetupMilestones {
    projectMilestones {
      id
      name
      sortOrder
      type
    }
  }
`);
export type SetupMilestone = ResultOf<typeof SetupMilestonesQuery>["projectMilestones"][number];

export const SetupPrioritiesQuery = graphql(`
  query SetupPriorities {
    priorities(includeInactive: true) {
      id
      name
      sortOrder
      inactive
    }
  }
`);
export type SetupPriority = ResultOf<typeof SetupPrioritiesQuery>["priorities"][number];

export const SetupProjectTypesQuery = graphql(`
  query SetupProjectTypes {
    projectTypes {
      id
      name
    }
  }
`);

/** Territory roles, for "the zone's holder of a role" (readable with TERRITORY_MANAGEMENT or MAPPING). */
export const SetupZoneRolesQuery = graphql(`
  query SetupZoneRoles {
    personTerritoryRoles {
      id
      name
    }
  }
`);

export const useSetupProjects = () => useGqlQuery(SetupProjectsQuery, {});
export const useSetupSteps = () => useGqlQuery(SetupStepsQuery, {});
export const useSetupMilestones = () => useGqlQuery(SetupMilestonesQuery, {});
export const useSetupPriorities = () => useGqlQuery(SetupPrioritiesQuery, {});
export const useSetupProjectTypes = () => useGqlQuery(SetupProjectTypesQuery, {});
export const useSetupZoneRoles = (enabled: boolean) => useGqlQuery(SetupZoneRolesQuery, {}, { enabled });

export const CreateProjectMutation = graphql(`
  mutation CreateSetupProject($input: ProjectInput!) {
    createProject(input: $input) {
      isSuccess
      message
      project {
        id
      }
    }
  }
`);

export const PatchProjectMutation = graphql(`
  mutation PatchSetupProject($id: ID!, $input: ProjectInput!) {
    patchProject(id: $id, input: $input) {
      isSuccess
      message
      project {
        id
      }
    }
  }
`);

export const CreateProjectTypeMutation = graphql(`
  mutation CreateSetupProjectType($name: String!) {
    createProjectType(name: $name) {
      isSuccess
      message
      projectType {
        id
        name
      }
    }
  }
`);

export const CreateStepMutation = graphql(`
  mutation CreateSetupStep($projectId: ID!, $input: ProjectStepInput!) {
    createProjectStep(projectId: $projectId, input: $input) {
      isSuccess
      message
      step {
        id
      }
    }
  }
`);

export const PatchStepMutation = graphql(`
  mutation PatchSetupStep($id: ID!, $input: ProjectStepInput!) {
    patchProjectStep(id: $id, input: $input) {
      isSuccess
      message
      step {
        id
      }
    }
  }
`);

export const DeleteStepMutation = graphql(`
  mutation DeleteSetupStep($id: ID!) {
    deleteProjectStep(id: $id) {
      isSuccess
      message
    }
  }
`);

export const CreateMilestoneMutation = graphql(`
  mutation CreateSetupMilestone($input: ProjectMilestoneInput!) {
    createProjectMilestone(input: $input) {
      isSuccess
      message
      milestone {
        id
      }
    }
  }
`);

export const UpdateMilestoneMutation = graphql(`
  mutation UpdateSetupMilestone($id: ID!, $input: ProjectMilestoneInput!) {
    updateProjectMilestone(id: $id, input: $input) {
      isSuccess
      message
      milestone {
        id
      }
    }
  }
`);

export const CreatePriorityMutation = graphql(`
  mutation CreateSetupPriority($input: WorkflowPriorityInput!) {
    createPriority(input: $input) {
      isSuccess
      message
      priority {
        id
      }
    }
  }
`);

export const UpdatePriorityMutation = graphql(`
  mutation UpdateSetupPriority($id: ID!, $input: WorkflowPriorityInput!) {
    updatePriority(id: $id, input: $input) {
      isSuccess
      message
      priority {
        id
      }
    }
  }
`);

// Projects show their step count and steps show their project's name and milestone, so a change to
// any of them reads every setup list again (a few hundred rows at most). Other screens' project and
// step pickers (my work, threads) read the same lists under their own names and refresh on their own.
const SETUP = ["SetupProjects", "SetupSteps", "SetupMilestones", "SetupPriorities", "SetupProjectTypes"];
const saving = savingMutations(SETUP);

export const useCreateProject = saving(CreateProjectMutation);
export const usePatchProject = saving(PatchProjectMutation);
export const useCreateProjectType = () => useGqlMutation(CreateProjectTypeMutation, { invalidates: SETUP });
export const useCreateStep = saving(CreateStepMutation);
export const usePatchStep = saving(PatchStepMutation);
/**
 * Deletes a step: `onDeleted` runs first (leave the step's page), then the lists are read again, so
 * the page never shows its step gone.
 */
export function useDeleteStep(onDeleted: () => void) {
  const client = useQueryClient();
  return useGqlMutation(DeleteStepMutation, {
    successToast: true,
    onSuccess: async () => {
      onDeleted();
      await invalidate(client, SETUP);
    },
  });
}
export const useCreateMilestone = saving(CreateMilestoneMutation);
export const useUpdateMilestone = saving(UpdateMilestoneMutation);
export const useCreatePriority = saving(CreatePriorityMutation);
export const useUpdatePriority = saving(UpdatePriorityMutation);
