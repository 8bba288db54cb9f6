import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";
import { TERRITORY_QUERIES } from "./api";

// GeoJSON import of a map's zones: a preview (what the file adds, changes, leaves and removes), the
// import itself ("replace" or "add"), and undoing it.

export const PreviewImportMutation = graphql(`
  mutation PreviewTerritoryZoneImport($input: TerritoryZoneImportInput!) {
    previewTerritoryZoneImport(input: $input) {
      newCount
      changedCount
      unchangedCount
      removedCount
      rows {
        status
        position
        zoneId
        name
        previousName
        changes
        uses
      }
    }
  }
`);
export type ImportPreview = ResultOf<typeof PreviewImportMutation>["previewTerritoryZoneImport"];
export type ImportInput = VariablesOf<typeof PreviewImportMutation>["input"];
export type ImportMode = "REPLACE" | "ADD";

export const ApplyImportMutation = graphql(`
  mutation ApplyTerritoryZoneImport($input: TerritoryZoneImportInput!, $mode: TerritoryZoneImportMode!) {
    applyTerritoryZoneImport(input: $input, mode: $mode) {
      isSuccess
      message
      importId
    }
  }
`);

export const UndoImportMutation = graphql(`
  mutation UndoTerritoryZoneImport($importId: ID!) {
    undoTerritoryZoneImport(importId: $importId) {
      isSuccess
      message
    }
  }
`);

/** The preview changes nothing: no queries to refresh, and the dialog shows a refused file itself. */
export const usePreviewImport = () => useGqlMutation(PreviewImportMutation, { successToast: false });
export const useApplyImport = (o: MutationOptionsFor<typeof ApplyImportMutation> = {}) =>
  useGqlMutation(ApplyImportMutation, { invalidates: TERRITORY_QUERIES, ...o });
export const useUndoImport = (o: MutationOptionsFor<typeof UndoImportMutation> = {}) =>
  useGqlMutation(UndoImportMutation, { invalidates: TERRITORY_QUERIES, successToast: true, ...o });
