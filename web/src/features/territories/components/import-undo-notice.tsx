import { Undo2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useUndoImport } from "../zone-import-api";

/** The map's latest GeoJSON import, while it can still be undone (nothing changed the zones since). */
export function ImportUndoNotice({ undoable }: { undoable: { id: string; summary: string } | null | undefined }) {
  const undo = useUndoImport();
  if (!undoable) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-info/40 bg-info/10 px-3 py-2 text-sm"
    >
      <span>Last import: {undoable.summary}</span>
      <Button size="sm" variant="outline" onClick={() => undo.run({ importId: undoable.id })} disabled={undo.isPending}>
        {undo.isPending ? <Spinner size="sm" /> : <Undo2Icon aria-hidden="true" />}
        Undo import
      </Button>
    </div>
  );
}
