import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// Lead CSV imports: the sources a file may be for (with their remembered mapping), the dry run, the
// commit (its progress polled), the files imported before, their rows, undo and discard by file.

export const ImportSourcesQuery = graphql(`
  query LeadImportSources {
    leadImportSources {
      id
      name
      mapping {
        column
        field
      }
    }
  }
`);
export const useImportSources = () => useGqlQuery(ImportSourcesQuery);

const FileFields = graphql(`
  fragment LeadImportFileFields on LeadImportFile @_unmask {
    id
    fileName
    status
    sourceName
    totalRows
    newRows
    duplicateRows
    invalidRows
    discardedRows
    doneRows
    error
    createdAt
    committedAt
    undoneAt
    undoUntil
    undoRefusal
  }
`);
export type ImportFile = ResultOf<typeof FileFields>;

export const ImportFileQuery = graphql(
  `
  query LeadImportFile($id: ID!) {
    leadImportFile(id: $id) {
      ...LeadImportFileFields
    }
  }
`,
  [FileFields],
);
/** One file; polled every second while it is being imported. */
export const useImportFile = (id: string | null) =>
  useGqlQuery(
    ImportFileQuery,
    { id: id ?? "" },
    {
      enabled: !!id,
      refetchInterval: (q) => (q.state.data?.leadImportFile.status === "COMMITTING" ? 1000 : false),
    },
  );

export const ImportRowsQuery = graphql(`
  query LeadImportRows($id: ID!, $outcomes: [LeadImportOutcome!], $offset: Int, $limit: Int) {
    leadImportFile(id: $id) {
      id
      rows(outcomes: $outcomes, offset: $offset, limit: $limit) {
        totalCount
        items {
          rowNumber
          outcome
          reason
          name
          contact
        }
      }
    }
  }
`);
export type ImportRow = ResultOf<typeof ImportRowsQuery>["leadImportFile"]["rows"]["items"][number];
export type ImportOutcome = ImportRow["outcome"];
export const useImportRows = (variables: VariablesOf<typeof ImportRowsQuery>) =>
  useGqlQuery(ImportRowsQuery, variables, { placeholderData: (previous) => previous });

export const ImportRowsCsvQuery = graphql(`
  query LeadImportRowsCsv($id: ID!, $outcomes: [LeadImportOutcome!]) {
    leadImportFile(id: $id) {
      id
      rowsCsv(outcomes: $outcomes)
    }
  }
`);

export const ImportFilesQuery = graphql(
  `
  query LeadImportFiles($offset: Int, $limit: Int) {
    leadImportFiles(offset: $offset, limit: $limit) {
      totalCount
      items {
        ...LeadImportFileFields
      }
    }
  }
`,
  [FileFields],
);
export const useImportFiles = (variables: VariablesOf<typeof ImportFilesQuery>) =>
  useGqlQuery(ImportFilesQuery, variables, {
    refetchInterval: (q) => (q.state.data?.leadImportFiles.items.some((f) => f.status === "COMMITTING") ? 2000 : false),
  });

export const DiscardCountQuery = graphql(`
  query LeadImportDiscardCount($fileId: ID!) {
    leadImportDiscardCount(fileId: $fileId)
  }
`);
export const useDiscardCount = (fileId: string, enabled: boolean) =>
  useGqlQuery(DiscardCountQuery, { fileId }, { enabled });

const DryRunMutation = graphql(
  `
  mutation DryRunLeadImport($input: LeadImportDryRunInput!) {
    dryRunLeadImport(input: $input) {
      isSuccess
      message
      file {
        ...LeadImportFileFields
      }
    }
  }
`,
  [FileFields],
);
export type DryRunInput = VariablesOf<typeof DryRunMutation>["input"];
export const useDryRun = () => useGqlMutation(DryRunMutation, { invalidates: [ImportFilesQuery, ImportSourcesQuery] });

const CommitMutation = graphql(
  `
  mutation CommitLeadImport($id: ID!) {
    commitLeadImport(id: $id) {
      isSuccess
      message
      file {
        ...LeadImportFileFields
      }
    }
  }
`,
  [FileFields],
);
export const useCommitImport = () =>
  useGqlMutation(CommitMutation, { invalidates: [ImportFileQuery, ImportFilesQuery], successToast: true });

const UndoMutation = graphql(
  `
  mutation UndoLeadImport($id: ID!) {
    undoLeadImport(id: $id) {
      isSuccess
      message
      file {
        ...LeadImportFileFields
      }
    }
  }
`,
  [FileFields],
);
export const useUndoImport = () =>
  useGqlMutation(UndoMutation, {
    invalidates: [ImportFileQuery, ImportFilesQuery, DiscardCountQuery],
    successToast: true,
  });

const DiscardMutation = graphql(`
  mutation DiscardLeadImportLeads($fileId: ID!) {
    discardLeadImportLeads(fileId: $fileId) {
      isSuccess
      message
      count
    }
  }
`);
export const useDiscardImport = () =>
  useGqlMutation(DiscardMutation, {
    invalidates: [ImportFileQuery, ImportFilesQuery, DiscardCountQuery],
    successToast: true,
  });
