import { UploadIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { pluralize } from "@/lib/format";
import { describeMutationError } from "@/lib/use-gql-mutation";
import type { ImportedZone } from "../geojson";
import {
  type ImportMode,
  type ImportPreview,
  useApplyImport,
  usePreviewImport,
  useUndoImport,
} from "../zone-import-api";

/** A chosen file: its zones, or why it cannot be read. */
export type ImportFile = { name: string; zones: ImportedZone[] } | { name: string; error: string };

const STATUS: Record<string, { label: string; variant: "default" | "secondary" | "outline" | "destructive" }> = {
  NEW: { label: "New", variant: "default" },
  CHANGED: { label: "Changed", variant: "secondary" },
  UNCHANGED: { label: "Unchanged", variant: "outline" },
  REMOVED: { label: "Not in the file", variant: "destructive" },
};

/**
 * Importing a GeoJSON file into a map: first a preview (which zones are new, changed, unchanged, and
 * which of the map's zones the file lacks), then "Replace" (update, add, remove those) or "Add" (only
 * the new ones). Matched zones keep their people, warehouse and lead sources. The success toast offers
 * Undo; a refused file is shown here and changes nothing.
 */
export function ZoneImportDialog({
  mapId,
  file,
  onClose,
}: {
  mapId: string;
  file: ImportFile | null;
  onClose: () => void;
}) {
  const preview = usePreviewImport();
  const apply = useApplyImport({ successToast: false });
  const undo = useUndoImport();
  const [result, setResult] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>("REPLACE");
  const zones = file && "zones" in file ? file.zones : null;
  const { mutateQuietly: runPreview } = preview;

  useEffect(() => {
    setResult(null);
    setMode("REPLACE");
    setError(file && "error" in file ? file.error : null);
    if (!zones) return;
    let current = true;
    runPreview({ input: { mapId, zones } }).then(
      (r) => current && setResult(r.previewTerritoryZoneImport),
      (e) => current && setError(describeMutationError(e)),
    );
    return () => {
      current = false;
    };
  }, [file, zones, mapId, runPreview]);

  const onApply = async () => {
    if (!zones) return;
    try {
      const { applyTerritoryZoneImport: r } = await apply.mutateQuietly({ input: { mapId, zones }, mode });
      onClose();
      const importId = r.importId;
      toast.success(r.message, {
        duration: importId ? 12_000 : undefined,
        action: importId ? { label: "Undo", onClick: () => void undo.run({ importId }) } : undefined,
      });
    } catch (e) {
      setError(describeMutationError(e)); // the file is kept: nothing changed
    }
  };

  const removed = result?.removedCount ?? 0;
  const writes = result ? result.newCount + (mode === "REPLACE" ? result.changedCount + removed : 0) : 0;
  return (
    <Dialog open={!!file} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Import {file?.name}</DialogTitle>
          <DialogDescription>
            Zones are matched to the map's by the zone id the export writes, else by name. Matched zones keep their
            people, warehouse and lead sources.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription className="whitespace-pre-line">{error}</AlertDescription>
          </Alert>
        ) : !result ? (
          <Skeleton className="h-32" />
        ) : (
          <>
            <p role="status" aria-label="Import preview" className="flex flex-wrap gap-x-4 gap-y-1 font-medium text-sm">
              <span>{result.newCount} new</span>
              <span>{result.changedCount} changed</span>
              <span>{result.unchangedCount} unchanged</span>
              <span>{removed} not in the file</span>
            </p>
            <ul aria-label="Zones in the import" className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
              {result.rows.map((r) => (
                <li key={`${r.status}-${r.position ?? r.zoneId}`} className="flex items-baseline gap-2 text-sm">
                  <Badge variant={STATUS[r.status]!.variant} className="shrink-0">
                    {STATUS[r.status]!.label}
                  </Badge>
                  <span className="min-w-0 flex-1">
                    {r.name}
                    {r.previousName ? <span className="text-muted-foreground"> (was {r.previousName})</span> : null}
                  </span>
                  <span className="shrink-0 text-muted-foreground text-xs">
                    {r.status === "CHANGED" ? r.changes.join(", ") : r.uses.length ? `has ${r.uses.join(", ")}` : ""}
                  </span>
                </li>
              ))}
            </ul>
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-medium text-sm">How to import</legend>
              <ModeChoice
                value="REPLACE"
                mode={mode}
                onChange={setMode}
                label="Replace the map's zones with the file's"
                hint={`Changed zones are updated, new ones added${removed ? `, and ${pluralize(removed, "zone")} not in the file removed` : ""}.`}
              />
              <ModeChoice
                value="ADD"
                mode={mode}
                onChange={setMode}
                label="Only add the new zones"
                hint="The map's zones stay as they are."
              />
            </fieldset>
          </>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {result && !error ? (
            <Button onClick={onApply} disabled={apply.isPending}>
              {apply.isPending ? <Spinner size="sm" className="text-current" /> : <UploadIcon aria-hidden="true" />}
              {writes ? "Import" : "Nothing to import"}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ModeChoice({
  value,
  mode,
  onChange,
  label,
  hint,
}: {
  value: ImportMode;
  mode: ImportMode;
  onChange: (m: ImportMode) => void;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary">
      <input
        type="radio"
        name="import-mode"
        className="mt-1"
        checked={mode === value}
        onChange={() => onChange(value)}
      />
      <span className="grid">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground text-xs">{hint}</span>
      </span>
    </label>
  );
}
