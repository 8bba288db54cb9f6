import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { invalidate, savingMutations, showMutationError } from "@/lib/use-gql-mutation";
import { sendForDryRun } from "./import-file";

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

/**
 * The dry run: the file sent as a request body the server reads as it arrives (import-file.ts), not
 * inside a GraphQL request (whose body is capped at 8 MB and held whole in memory). A refusal is shown
 * in a toast, as a mutation's is; the file list and the sources' remembered mappings are read again.
 */
export function useDryRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; leadSourceId: string | null; mapping: { column: string; field: string }[] }) =>
      sendForDryRun(v.file, v),
    onSuccess: async (answer) => {
      if (!answer.isSuccess) {
        toast.error(answer.message, { id: answer.message });
        return;
      }
      await invalidate(client, ["LeadImportFiles", "LeadImportSources"]);
      toast.success(answer.message, { id: answer.message });
    },
    onError: showMutationError,
  });
}

/** What committing or undoing an import answers: the file as it now stands. */
const FileResultFields = graphql(
  `
  fragment LeadImportFileResultFields on LeadImportFileResult @_unmask {
    isSuccess
    message
    file {
      ...LeadImportFileFields
    }
  }
`,
  [FileFields],
);

const CommitMutation = graphql(
  `
  mutation CommitLeadImport($id: ID!) {
    commitLeadImport(id: $id) {
      ...LeadImportFileResultFields
    }
  }
`,
  [FileResultFields],
);
export const useCommitImport = savingMutations([ImportFileQuery, ImportFilesQuery])(CommitMutation);

const UndoMutation = graphql(
  `
  mutation UndoLeadImport($id: ID!) {
    undoLeadImport(id: $id) {
      ...LeadImportFileResultFields
    }
  }
`,
  [FileResultFields],
);
// Undoing an import or discarding its leads changes the count of leads left to discard too.
const savingLeads = savingMutations([ImportFileQuery, ImportFilesQuery, DiscardCountQuery]);
export const useUndoImport = savingLeads(UndoMutation);

const DiscardMutation = graphql(`
  mutation DiscardLeadImportLeads($fileId: ID!) {
    discardLeadImportLeads(fileId: $fileId) {
      isSuccess
      message
      count
    }
  }
`);
export const useDiscardImport = savingLeads(DiscardMutation);
