import { Trash2Icon, Undo2Icon, UploadIcon } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { type ImportFile, useCommitImport, useDiscardCount, useDiscardImport, useUndoImport } from "../import-api";

// One file: its counts, and what may be done with it now — import it (after the dry run), follow its
// progress (the page polls it, so a reload finds it again), undo it for 30 days, discard its leads.

export const STATUS_LABELS: Record<string, string> = {
  DRY_RUN: "Checked, not imported",
  COMMITTING: "Importing",
  COMMITTED: "Imported",
  UNDONE: "Undone",
  FAILED: "Failed",
};

export function ImportProgress({ file }: { file: ImportFile }) {
  const pct = file.totalRows ? Math.round((file.doneRows / file.totalRows) * 100) : 0;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={`Import of ${file.fileName}`}
        aria-valuemin={0}
        aria-valuemax={file.totalRows}
        aria-valuenow={file.doneRows}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-muted-foreground text-xs tabular-nums">
        {file.doneRows.toLocaleString()} of {file.totalRows.toLocaleString()} rows
      </span>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid rounded-md border px-3 py-2">
      <span className="text-muted-foreground text-xs">{label}</span>
      <span className="font-semibold text-lg tabular-nums">{value.toLocaleString()}</span>
    </div>
  );
}

function DiscardButton({ file }: { file: ImportFile }) {
  const count = useDiscardCount(file.id, file.status === "COMMITTED");
  const discard = useDiscardImport();
  const n = count.data?.leadImportDiscardCount ?? 0;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={!n || discard.isPending}>
          <Trash2Icon aria-hidden="true" /> Discard leads
        </Button>
      }
      title="Discard this file's leads?"
      description={`${n.toLocaleString()} leads of ${file.fileName} will be set to discarded.`}
      confirmLabel={`Discard ${n.toLocaleString()} leads`}
      destructive
      onConfirm={() => discard.mutateAsync({ fileId: file.id })}
    />
  );
}

export function ImportFileCard({ file, title }: { file: ImportFile; title?: string }) {
  const commit = useCommitImport();
  const undo = useUndoImport();
  const importable = file.newRows + file.duplicateRows;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <span className="break-all">{title ?? file.fileName}</span>
          <Badge variant={file.status === "COMMITTED" ? "success" : "secondary"}>
            {STATUS_LABELS[file.status] ?? file.status}
          </Badge>
        </CardTitle>
        <CardDescription>
          {file.sourceName ? `Source: ${file.sourceName}. ` : ""}
          Checked {formatDateTime(file.createdAt, { omitThisYear: true })}
          {file.committedAt ? `; imported ${formatDateTime(file.committedAt, { omitThisYear: true })}` : ""}
          {file.undoneAt ? `; undone ${formatDateTime(file.undoneAt, { omitThisYear: true })}` : ""}.
          {file.error ? ` ${file.error}` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          <Count label="Rows" value={file.totalRows} />
          <Count label="New" value={file.newRows} />
          <Count label="Duplicates" value={file.duplicateRows} />
          <Count label="Invalid" value={file.invalidRows} />
          <Count label="Rows done" value={file.doneRows} />
        </div>
        {file.status === "COMMITTING" || file.status === "COMMITTED" ? <ImportProgress file={file} /> : null}
        <div className="flex flex-wrap gap-2">
          {file.status === "DRY_RUN" ? (
            <Button disabled={!importable || commit.isPending} onClick={() => commit.run({ id: file.id })}>
              <UploadIcon aria-hidden="true" /> Import {importable.toLocaleString()} leads
            </Button>
          ) : null}
          {file.status === "COMMITTED" ? (
            <>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm" disabled={!!file.undoRefusal || undo.isPending}>
                    <Undo2Icon aria-hidden="true" /> Undo import
                  </Button>
                }
                title="Undo this import?"
                description={`The ${(file.newRows + file.duplicateRows).toLocaleString()} leads it created are removed. An import can be undone once${file.undoUntil ? `, until ${formatDateTime(file.undoUntil, { omitThisYear: true })}` : ""}.`}
                confirmLabel="Undo import"
                destructive
                onConfirm={() => undo.mutateAsync({ id: file.id })}
              />
              <DiscardButton file={file} />
            </>
          ) : null}
        </div>
        {(file.status === "COMMITTED" || file.status === "UNDONE") && file.undoRefusal ? (
          <p className="text-muted-foreground text-sm">{file.undoRefusal}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
