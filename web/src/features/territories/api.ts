import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation, useInvalidate } from "@/lib/use-gql-mutation";

// Territory maps, zones, territory roles and what is assigned to zones. GeoJSON import: zone-import-api.ts.

const ZoneFields = graphql(`
  fragment TerritoryZoneFields on TerritoryZone @_unmask {
    id
    mapId
    name
    description
    color
    sortOrder
    data {
      type
      coordinates
    }
    warehouse {
      id
      name
      externalId
    }
    leadSources {
      sourceId
      sourceName
    }
    persons {
      personId
      roleId
      person {
        id
        fullName
      }
    }
  }
`);

export const TerritoryMapsQuery = graphql(`
  query TerritoryMaps {
    territoryMaps {
      id
      name
      description
      zoneCount
    }
    territoryMapsUsage {
      activityAssignmentMapId
      activityAssignmentRoleId
      workOrderAssignmentMapId
      workOrderAssignmentRoleId
      appointmentAssignmentRoleId
      warehouseMapId
    }
    personTerritoryRoles {
      id
      name
    }
  }
`);
export type TerritoryMapSummary = ResultOf<typeof TerritoryMapsQuery>["territoryMaps"][number];
export type TerritoryUsage = ResultOf<typeof TerritoryMapsQuery>["territoryMapsUsage"];

export const TerritoryMapQuery = graphql(
  `
  query TerritoryMap($mapId: ID!) {
    territoryMap(mapId: $mapId) {
      id
      name
      description
      territoryZones {
        ...TerritoryZoneFields
      }
      undoableImport {
        id
        summary
      }
    }
  }
`,
  [ZoneFields],
);
export type TerritoryZone = ResultOf<typeof TerritoryMapQuery>["territoryMap"]["territoryZones"][number];

export const TerritoryOptionsQuery = graphql(`
  query TerritoryOptions {
    personTerritoryRoles {
      id
      name
    }
    territoryPersonOptions {
      id
      fullName
      jobTitle
    }
    territoryWarehouseOptions {
      id
      name
      externalId
    }
  }
`);

export const TerritoryBasemapQuery = graphql(`
  query TerritoryBasemap {
    territoryBasemap {
      styleUrl
      pmtilesUrl
      customerPoints
    }
  }
`);
export type TerritoryBasemap = ResultOf<typeof TerritoryBasemapQuery>["territoryBasemap"];

export const RolesQuery = graphql(`
  query PersonTerritoryRoles {
    personTerritoryRoles {
      id
      name
      assignmentCount
    }
  }
`);

export const PersonTerritoriesQuery = graphql(`
  query PersonTerritories($personId: ID!) {
    personTerritories(personId: $personId) {
      mapId
      mapName
      zoneId
      zoneName
      zoneColor
      roleId
      roleName
    }
  }
`);

const DeleteFields = graphql(`
  fragment TerritoryDeleteFields on TerritoryDeleteResult @_unmask {
    isSuccess
    message
    requiresConfirmation
    uses
  }
`);
export type DeleteResult = ResultOf<typeof DeleteFields>;

export const AddMapMutation = graphql(`
  mutation AddTerritoryMap($name: String!, $description: String) {
    addTerritoryMap(name: $name, description: $description) {
      id
      name
    }
  }
`);
export const DuplicateMapMutation = graphql(`
  mutation DuplicateTerritoryMap($mapId: ID!) {
    duplicateTerritoryMap(mapId: $mapId) {
      id
      name
    }
  }
`);
export const EditMapMutation = graphql(`
  mutation EditTerritoryMap($input: EditTerritoryMapInput!) {
    editTerritoryMap(input: $input) {
      id
      name
      description
    }
  }
`);
export const DeleteMapMutation = graphql(
  `
  mutation DeleteTerritoryMap($id: ID!, $confirm: Boolean) {
    deleteTerritoryMap(id: $id, confirm: $confirm) {
      ...TerritoryDeleteFields
    }
  }
`,
  [DeleteFields],
);
export const EditUsageMutation = graphql(`
  mutation EditTerritoryMapUsage($input: EditTerritoryMapUsageInput!) {
    editTerritoryMapUsage(input: $input) {
      activityAssignmentMapId
    }
  }
`);
export const AddZoneMutation = graphql(
  `
  mutation AddTerritoryZone($input: AddTerritoryZoneInput!) {
    addTerritoryZone(input: $input) {
      ...TerritoryZoneFields
    }
  }
`,
  [ZoneFields],
);
export const UpdateZoneMutation = graphql(
  `
  mutation UpdateTerritoryZone($input: UpdateTerritoryZoneInput!) {
    updateTerritoryZone(input: $input) {
      ...TerritoryZoneFields
    }
  }
`,
  [ZoneFields],
);
export const UpdateZonesMutation = graphql(`
  mutation UpdateTerritoryZones($input: UpdateTerritoryZonesInput!) {
    updateTerritoryZones(input: $input) {
      id
    }
  }
`);
export const DeleteZoneMutation = graphql(
  `
  mutation DeleteTerritoryZone($input: DeleteTerritoryZoneInput!) {
    deleteTerritoryZone(input: $input) {
      ...TerritoryDeleteFields
    }
  }
`,
  [DeleteFields],
);
export const SetZonePersonsMutation = graphql(`
  mutation SetZonePersons($zoneId: ID!, $personIds: [ID!]!, $roleId: ID!) {
    setZonePersons(zoneId: $zoneId, personIds: $personIds, roleId: $roleId) {
      id
    }
  }
`);
export const SetZoneWarehouseMutation = graphql(`
  mutation SetZoneWarehouse($input: SetZoneWarehouseInput!) {
    setZoneWarehouse(input: $input) {
      id
    }
  }
`);
export const SetZoneLeadSourceMutation = graphql(`
  mutation SetZoneLeadSource($input: SetZoneLeadSourceInput!) {
    setZoneLeadSource(input: $input) {
      id
    }
  }
`);
export const UpdateAssignmentsMutation = graphql(`
  mutation UpdateTerritoryMapAssignments($mapId: ID!) {
    updateTerritoryMapAssignments(mapId: $mapId) {
      isSuccess
      message
    }
  }
`);
export const CreateRoleMutation = graphql(`
  mutation CreatePersonTerritoryRole($name: String!) {
    createPersonTerritoryRole(name: $name) {
      id
      name
    }
  }
`);
export const UpdateRoleMutation = graphql(`
  mutation UpdatePersonTerritoryRole($input: UpdatePersonTerritoryRoleInput!) {
    updatePersonTerritoryRole(input: $input) {
      id
      name
    }
  }
`);
export const DeleteRoleMutation = graphql(
  `
  mutation DeletePersonTerritoryRole($id: ID!, $confirm: Boolean) {
    deletePersonTerritoryRole(id: $id, confirm: $confirm) {
      ...TerritoryDeleteFields
    }
  }
`,
  [DeleteFields],
);

export const useTerritoryMaps = () => useGqlQuery(TerritoryMapsQuery);
export const useTerritoryMap = (mapId: string) => useGqlQuery(TerritoryMapQuery, { mapId });
export const useTerritoryOptions = () => useGqlQuery(TerritoryOptionsQuery);
export const useTerritoryBasemap = () => useGqlQuery(TerritoryBasemapQuery);
export const useTerritoryRoles = () => useGqlQuery(RolesQuery);
export const usePersonTerritories = (personId: string) => useGqlQuery(PersonTerritoriesQuery, { personId });

// Everything territory screens show, read again after any change here.
export const TERRITORY_QUERIES = [
  "TerritoryMaps",
  "TerritoryMap",
  "TerritoryOptions",
  "PersonTerritoryRoles",
  "PersonTerritories",
];

// Mutations refresh the territory queries; a refusal or failure is shown by the hook.
export const useAddMap = (o: MutationOptionsFor<typeof AddMapMutation> = {}) =>
  useGqlMutation(AddMapMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useDuplicateMap = (o: MutationOptionsFor<typeof DuplicateMapMutation> = {}) =>
  useGqlMutation(DuplicateMapMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useEditMap = (o: MutationOptionsFor<typeof EditMapMutation> = {}) =>
  useGqlMutation(EditMapMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useDeleteMap = (o: MutationOptionsFor<typeof DeleteMapMutation> = {}) =>
  useGqlMutation(DeleteMapMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useEditUsage = (o: MutationOptionsFor<typeof EditUsageMutation> = {}) =>
  useGqlMutation(EditUsageMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useAddZone = (o: MutationOptionsFor<typeof AddZoneMutation> = {}) =>
  useGqlMutation(AddZoneMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useUpdateZone = (o: MutationOptionsFor<typeof UpdateZoneMutation> = {}) =>
  useGqlMutation(UpdateZoneMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useUpdateZones = (o: MutationOptionsFor<typeof UpdateZonesMutation> = {}) =>
  useGqlMutation(UpdateZonesMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useDeleteZone = (o: MutationOptionsFor<typeof DeleteZoneMutation> = {}) =>
  useGqlMutation(DeleteZoneMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useSetZonePersons = (o: MutationOptionsFor<typeof SetZonePersonsMutation> = {}) =>
  useGqlMutation(SetZonePersonsMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useSetZoneWarehouse = (o: MutationOptionsFor<typeof SetZoneWarehouseMutation> = {}) =>
  useGqlMutation(SetZoneWarehouseMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useSetZoneLeadSource = (o: MutationOptionsFor<typeof SetZoneLeadSourceMutation> = {}) =>
  useGqlMutation(SetZoneLeadSourceMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useUpdateAssignments = (o: MutationOptionsFor<typeof UpdateAssignmentsMutation> = {}) =>
  useGqlMutation(UpdateAssignmentsMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useCreateRole = (o: MutationOptionsFor<typeof CreateRoleMutation> = {}) =>
  useGqlMutation(CreateRoleMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useUpdateRole = (o: MutationOptionsFor<typeof UpdateRoleMutation> = {}) =>
  useGqlMutation(UpdateRoleMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useDeleteRole = (o: MutationOptionsFor<typeof DeleteRoleMutation> = {}) =>
  useGqlMutation(DeleteRoleMutation, { invalidates: TERRITORY_QUERIES, ...o });

/** Refetch everything territory screens show after a change. */
export const useRefreshTerritories = () => useInvalidate(TERRITORY_QUERIES);
