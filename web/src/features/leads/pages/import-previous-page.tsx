import { ArrowLeftIcon, FileSpreadsheetIcon } from "lucide-react";
import { useSearch } from "wouter";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { ListPage } from "@/components/data-list/list-page";
import { usePageOnlyListState } from "@/components/data-list/use-list-url-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/link-button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { ImportFileCard, STATUS_LABELS } from "../components/import-file-card";
import { ImportRowsTable } from "../components/import-rows-table";
import { type ImportFile, useImportFile, useImportFiles } from "../import-api";

// team/leads/previous-imports: the CSV files list (newest first, with their counts and progress); a
// file's page (?file=) shows its rows, undo (30 days, once) and discarding its leads.

const PAGE_SIZE = 25;
const PATH = "/team/leads/previous-imports";
const n = (v: number) => v.toLocaleString();

const columns: DataColumn<ImportFile, never>[] = [
  {
    header: "File",
    cell: (f) => (
      <a href={`${PATH}?file=${f.id}`} className="break-all font-medium">
        {f.fileName}
      </a>
    ),
  },
  { header: "Checked", cell: (f) => formatDateTime(f.createdAt, { omitThisYear: true }) },
  { header: "Status", cell: (f) => <Badge variant="secondary">{STATUS_LABELS[f.status] ?? f.status}</Badge> },
  { header: "New", cell: (f) => n(f.newRows), className: "text-right tabular-nums" },
  { header: "Duplicates", cell: (f) => n(f.duplicateRows), className: "text-right tabular-nums" },
  { header: "Invalid", cell: (f) => n(f.invalidRows), className: "text-right tabular-nums" },
  { header: "Rows done", cell: (f) => `${n(f.doneRows)} of ${n(f.totalRows)}`, className: "text-right tabular-nums" },
];

function FileCardRow({ f }: { f: ImportFile }) {
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex items-center justify-between gap-2">
        <a href={`${PATH}?file=${f.id}`} className="break-all font-medium">
          {f.fileName}
        </a>
        <Badge variant="secondary">{STATUS_LABELS[f.status] ?? f.status}</Badge>
      </div>
      <span className="text-muted-foreground tabular-nums">
        {n(f.newRows)} new · {n(f.duplicateRows)} duplicates · {n(f.invalidRows)} invalid · {n(f.doneRows)} rows done
      </span>
    </div>
  );
}

function Files() {
  const list = usePageOnlyListState();
  const files = useImportFiles({ offset: (list.state.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  return (
    <DataTable<ImportFile, never>
      label="Imported files"
      noun="files"
      columns={columns}
      rows={files.data?.leadImportFiles.items}
      total={files.data?.leadImportFiles.totalCount}
      rowKey={(f) => f.id}
      rowHref={(f) => `${PATH}?file=${f.id}`}
      mobileRow={(f) => <FileCardRow f={f} />}
      list={list}
      pageSize={PAGE_SIZE}
      query={files}
      empty={{
        icon: <FileSpreadsheetIcon aria-hidden="true" />,
        title: "No imports yet",
        description: "Files checked or imported on the Import leads page show here.",
      }}
    />
  );
}

function FileDetail({ id }: { id: string }) {
  const q = useImportFile(id);
  const file = q.data?.leadImportFile;
  if (q.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>This file was not found.</AlertDescription>
      </Alert>
    );
  if (!file) return <Spinner />;
  return (
    <div className="grid gap-4">
      <ImportFileCard file={file} />
      <ImportRowsTable file={file} />
    </div>
  );
}

export default function PreviousImportsPage() {
  const fileId = new URLSearchParams(useSearch()).get("file");
  return (
    <ListPage
      title="Previous imports"
      description="CSV files of leads checked or imported: their counts, rows, undo for 30 days, and discarding a file's leads."
      actions={
        fileId ? (
          <LinkButton href={PATH} variant="ghost" icon={ArrowLeftIcon}>
            All imports
          </LinkButton>
        ) : null
      }
    >
      {fileId ? <FileDetail id={fileId} /> : <Files />}
    </ListPage>
  );
}
