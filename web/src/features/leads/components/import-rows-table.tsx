import { DownloadIcon, FileSpreadsheetIcon } from "lucide-react";
import { type DataColumn, DataTable } from "@/components/data-list/data-table";
import { type ListFacet, useListFacets } from "@/components/data-list/list-facets";
import { useListUrlState } from "@/components/data-list/use-list-url-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { downloadText } from "@/lib/csv";
import { request } from "@/lib/graphql";
import { type ImportFile, type ImportOutcome, type ImportRow, ImportRowsCsvQuery, useImportRows } from "../import-api";

// A file's rows with their outcome and why, filtered by outcome (chips with their counts, kept in the
// address as ?outcome=), a page at a time, and downloadable as CSV (the rows the filter shows).

const PAGE_SIZE = 50;
export const OUTCOME_LABELS: Record<ImportOutcome, string> = {
  NEW: "New",
  DUPLICATE: "Duplicate",
  DISCARDED: "Discarded",
  INVALID: "Invalid",
};
const OUTCOME_TONE: Record<ImportOutcome, "default" | "secondary" | "destructive" | "outline"> = {
  NEW: "default",
  DUPLICATE: "secondary",
  DISCARDED: "outline",
  INVALID: "destructive",
};

const facetsOf = (file: ImportFile): ListFacet[] => [
  {
    key: "outcome",
    label: "Outcome",
    kind: "chips",
    options: [
      { value: "all", label: "All", count: file.totalRows },
      { value: "NEW", label: "New", count: file.newRows },
      { value: "DUPLICATE", label: "Duplicate", count: file.duplicateRows },
      { value: "INVALID", label: "Invalid", count: file.invalidRows },
    ],
  },
];

const columns: DataColumn<ImportRow, never>[] = [
  { header: "Row", cell: (r) => r.rowNumber, className: "w-16 tabular-nums" },
  {
    header: "Outcome",
    cell: (r) => <Badge variant={OUTCOME_TONE[r.outcome]}>{OUTCOME_LABELS[r.outcome]}</Badge>,
    className: "w-28",
  },
  { header: "Name", cell: (r) => r.name || "—" },
  { header: "Phone, email, address", cell: (r) => <span className="break-all">{r.contact || "—"}</span> },
  { header: "Why", cell: (r) => r.reason || "—", className: "text-muted-foreground" },
];

function RowCard({ r }: { r: ImportRow }) {
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">
          Row {r.rowNumber}: {r.name || "—"}
        </span>
        <Badge variant={OUTCOME_TONE[r.outcome]}>{OUTCOME_LABELS[r.outcome]}</Badge>
      </div>
      {r.contact ? <span className="break-all text-muted-foreground">{r.contact}</span> : null}
      {r.reason ? <span>{r.reason}</span> : null}
    </div>
  );
}

export function ImportRowsTable({ file }: { file: ImportFile }) {
  const facetList = facetsOf(file);
  const list = useListUrlState<never>({ sorts: [], defaultSort: undefined as never });
  const facets = useListFacets(facetList);
  const outcome = facets.value("outcome");
  const outcomes = outcome && outcome !== "all" ? [outcome as ImportOutcome] : null;
  const rows = useImportRows({
    id: file.id,
    outcomes,
    offset: (list.state.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const download = async () => {
    const data = await request(ImportRowsCsvQuery, { id: file.id, outcomes });
    const name = file.fileName.replace(/\.csv$/i, "");
    downloadText(
      `${name}-${outcome && outcome !== "all" ? outcome.toLowerCase() : "all"}-rows.csv`,
      data.leadImportFile.rowsCsv,
    );
  };
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={download}>
          <DownloadIcon aria-hidden="true" /> Download as CSV
        </Button>
      </div>
      <DataTable<ImportRow, never>
        label="Rows of the file"
        noun="rows"
        columns={columns}
        rows={rows.data?.leadImportFile.rows.items}
        total={rows.data?.leadImportFile.rows.totalCount}
        rowKey={(r) => String(r.rowNumber)}
        mobileRow={(r) => <RowCard r={r} />}
        list={list}
        pageSize={PAGE_SIZE}
        query={rows}
        facets={{ facets: facetList, state: facets }}
        empty={{ icon: <FileSpreadsheetIcon aria-hidden="true" />, title: "No rows" }}
        noMatch={{ title: "No rows", description: () => "No row of the file has this outcome." }}
      />
    </div>
  );
}
