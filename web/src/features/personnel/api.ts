import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// Team personnel, security groups, grants and API keys (personnel, by id, team and
// active personnel, security groups and members, tenant permission accesses, toggle employee
// permission, user and employee permissions, API keys list / permissions / create / delete / toggle).

export const PersonnelQuery = graphql(`
  query Personnel(
    $skip: Int
    $take: Int
    $search: String
    $sortBy: PersonnelSort
    $sortDirection: SortDirection
    $includeInactive: Boolean
  ) {
    personnel(
      skip: $skip
      take: $take
      search: $search
      sortBy: $sortBy
      sortDirection: $sortDirection
      includeInactive: $includeInactive
    ) {
      totalCount
      items {
        id
        fullName
        firstName
        lastName
        email
        jobTitle
        photoUrl
        inactive
        canSignIn
        invitePending
        securityGroups {
          id
          name
        }
      }
    }
  }
`);
export type PersonnelVariables = VariablesOf<typeof PersonnelQuery>;
export type PersonnelSort = NonNullable<PersonnelVariables["sortBy"]>;
export type PersonListItem = ResultOf<typeof PersonnelQuery>["personnel"]["items"][number];

export const PersonQuery = graphql(`
  query PersonById($personId: ID!) {
    personById(personId: $personId) {
      id
      firstName
      lastName
      fullName
      email
      phone
      jobTitle
      photoUrl
      inactive
      etaReminders
      createdAt
      canSignIn
      invitePending
      lastLoginAt
      permissions
      securityGroups {
        id
        name
      }
    }
  }
`);
export type PersonDetail = ResultOf<typeof PersonQuery>["personById"];

export const ActivePersonnelQuery = graphql(`
  query ActivePersonnel {
    activePersonnel {
      id
      fullName
      jobTitle
    }
  }
`);

export const SecurityGroupsQuery = graphql(`
  query SecurityGroups {
    securityGroups {
      id
      name
      memberCount
      permissions
      members {
        id
        fullName
        jobTitle
      }
    }
  }
`);
export type SecurityGroup = ResultOf<typeof SecurityGroupsQuery>["securityGroups"][number];

export const TenantPermissionAccessesQuery = graphql(`
  query TenantPermissionAccesses {
    tenantPermissionAccesses {
      actorType
      actorId
      actorName
      permission
    }
  }
`);
export type PermissionAccess = ResultOf<typeof TenantPermissionAccessesQuery>["tenantPermissionAccesses"][number];
export type ActorType = PermissionAccess["actorType"];
export type Permission = PermissionAccess["permission"];

export const EmployeePermissionsQuery = graphql(`
  query EmployeePermissions($personId: ID!) {
    employeePermissions(personId: $personId) {
      permission
      effective
      impliedByAdministrativeSetup
      sources {
        actorType
        actorId
        actorName
      }
    }
  }
`);
export type EffectivePermission = ResultOf<typeof EmployeePermissionsQuery>["employeePermissions"][number];

export const ApiKeysQuery = graphql(`
  query ApiKeys {
    apiKeys {
      id
      name
      keyPrefix
      createdAt
      lastUsedAt
      permissions
      person {
        id
        fullName
      }
    }
  }
`);
export type ApiKeyRow = ResultOf<typeof ApiKeysQuery>["apiKeys"][number];

export const CreateEmployeeMutation = graphql(`
  mutation CreateEmployee($input: CreateEmployeeInput!) {
    createEmployee(input: $input) { isSuccess message person { id } }
  }
`);
export const UpdatePersonMutation = graphql(`
  mutation UpdatePerson($personId: ID!, $input: PersonDetailsInput!) {
    updatePerson(personId: $personId, input: $input) { isSuccess message person { id } }
  }
`);
export const SetPersonInactiveMutation = graphql(`
  mutation SetPersonInactive($personId: ID!, $inactive: Boolean!) {
    setPersonInactive(personId: $personId, inactive: $inactive) { isSuccess message person { id } }
  }
`);
export const SendEmployeeInviteMutation = graphql(`
  mutation SendEmployeeInvite($personId: ID!) {
    sendEmployeeInvite(personId: $personId) { isSuccess message }
  }
`);
export const CreateSecurityGroupMutation = graphql(`
  mutation CreateSecurityGroup($name: String!) {
    createSecurityGroup(name: $name) { isSuccess message group { id } }
  }
`);
export const RenameSecurityGroupMutation = graphql(`
  mutation RenameSecurityGroup($groupId: ID!, $name: String!) {
    renameSecurityGroup(groupId: $groupId, name: $name) { isSuccess message group { id } }
  }
`);
export const SetPersonPhotoMutation = graphql(`
  mutation SetPersonPhoto($personId: ID!, $input: UploadMediaInput) {
    setPersonPhoto(personId: $personId, input: $input) { isSuccess message person { id photoUrl } }
  }
`);
export const DeleteSecurityGroupMutation = graphql(`
  mutation DeleteSecurityGroup($groupId: ID!, $confirm: Boolean) {
    deleteSecurityGroup(groupId: $groupId, confirm: $confirm) { isSuccess message }
  }
`);
export const AddSecurityGroupMemberMutation = graphql(`
  mutation AddSecurityGroupMember($groupId: ID!, $personId: ID!) {
    addSecurityGroupMember(groupId: $groupId, personId: $personId) { isSuccess message }
  }
`);
export const RemoveSecurityGroupMemberMutation = graphql(`
  mutation RemoveSecurityGroupMember($groupId: ID!, $personId: ID!) {
    removeSecurityGroupMember(groupId: $groupId, personId: $personId) { isSuccess message }
  }
`);
export const ToggleEmployeePermissionMutation = graphql(`
  mutation ToggleEmployeePermission($input: ToggleEmployeePermissionInput!) {
    toggleEmployeePermission(input: $input) { isSuccess message granted }
  }
`);
export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) { isSuccess message key apiKey { id } }
  }
`);
export const DeleteApiKeyMutation = graphql(`
  mutation DeleteApiKey($apiKeyId: ID!) {
    deleteApiKey(apiKeyId: $apiKeyId) { isSuccess message }
  }
`);

export const usePersonnel = (v: PersonnelVariables) => useGqlQuery(PersonnelQuery, v, { placeholderData: (p) => p });
export const usePerson = (personId: string) => useGqlQuery(PersonQuery, { personId });
export const useActivePersonnel = () => useGqlQuery(ActivePersonnelQuery, {});
export const useSecurityGroups = (opts: { enabled?: boolean } = {}) => useGqlQuery(SecurityGroupsQuery, {}, opts);
export const usePermissionAccesses = () => useGqlQuery(TenantPermissionAccessesQuery, {});
export const useEmployeePermissions = (personId: string | null) =>
  useGqlQuery(EmployeePermissionsQuery, { personId: personId ?? "" }, { enabled: !!personId });
export const useApiKeys = () => useGqlQuery(ApiKeysQuery, {});

// Every personnel and security query, read again after any change here.
const PEOPLE_QUERIES = [
  "Personnel",
  "PersonById",
  "ActivePersonnel",
  "SecurityGroups",
  "TenantPermissionAccesses",
  "EmployeePermissions",
  "ApiKeys",
  "Overview",
];

// Mutations: a success shows the server's message and refreshes the people queries; a refusal or a
// failure is shown by the hook (or, in a form, on the field it names).
const saving = savingMutations(PEOPLE_QUERIES);
export const useCreateEmployee = saving(CreateEmployeeMutation);
export const useUpdatePerson = saving(UpdatePersonMutation);
export const useSetPersonInactive = saving(SetPersonInactiveMutation);
export const useSetPersonPhoto = saving(SetPersonPhotoMutation);
export const useSendEmployeeInvite = saving(SendEmployeeInviteMutation);
export const useCreateSecurityGroup = saving(CreateSecurityGroupMutation);
export const useRenameSecurityGroup = saving(RenameSecurityGroupMutation);
export const useDeleteSecurityGroup = saving(DeleteSecurityGroupMutation);
export const useAddSecurityGroupMember = saving(AddSecurityGroupMemberMutation);
export const useRemoveSecurityGroupMember = saving(RemoveSecurityGroupMemberMutation);
export const useToggleEmployeePermission = saving(ToggleEmployeePermissionMutation);
export const useCreateApiKey = saving(CreateApiKeyMutation);
export const useDeleteApiKey = saving(DeleteApiKeyMutation);
