import { useCallback, useEffect, useRef } from "react";
import { toast } from "sonner";
import { type TerritoryZone, useRefreshTerritories, useUpdateZone } from "../api";
import type { Geometry } from "./zone-map";

type Move = { id: string; before: Geometry };

/**
 * Saving a zone's outline after it was dragged on the map, undoably: the toast offers Undo, and Ctrl+Z
 * (Cmd+Z) puts back the outline of the latest drag not yet undone, one drag at a time. A failed save
 * puts the saved outline back on the map.
 */
export function useOutlineUndo(zones: TerritoryZone[]) {
  const refresh = useRefreshTerritories();
  const save = useUpdateZone();
  const moves = useRef<Move[]>([]);
  const latest = useRef(zones);
  latest.current = zones;
  const { mutateAsync } = save;

  const undo = useCallback(
    async (move?: Move) => {
      const target = move ?? moves.current.at(-1);
      if (!target) return;
      moves.current = moves.current.filter((m) => m !== target);
      const r = await save.run({ input: { id: target.id, data: target.before } });
      if (r) toast.success(`The outline of "${r.updateTerritoryZone.name}" is back as it was.`);
      else await refresh();
    },
    [save, refresh],
  );

  const onReshaped = useCallback(
    async (id: string, geometry: Geometry) => {
      const before = latest.current.find((z) => z.id === id)?.data as Geometry | undefined;
      const r = await mutateAsync({ input: { id, data: geometry } }).catch(() => undefined);
      if (!r) return void (await refresh()); // the hook showed why; the saved outline goes back
      if (!before) return;
      const move = { id, before };
      moves.current = [...moves.current.slice(-19), move];
      toast.success("Zone outline saved.", {
        description: "Ctrl+Z puts it back.",
        action: { label: "Undo", onClick: () => void undo(move) },
      });
    },
    [mutateAsync, refresh, undo],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.key.toLowerCase() !== "z") return;
      const t = e.target as HTMLElement | null;
      if (t?.closest("input, textarea, select, [contenteditable='true']")) return; // the field's own undo
      if (!moves.current.length) return;
      e.preventDefault();
      void undo();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo]);

  return { onReshaped };
}
