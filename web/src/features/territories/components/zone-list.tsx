import type { TerritoryZone } from "../api";

/** The map's zones as a list; choosing one opens it in the editor. */
export function ZoneList({
  zones,
  canEdit,
  onChoose,
}: {
  zones: TerritoryZone[];
  canEdit: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <>
      <h2 className="font-semibold">Zones</h2>
      {zones.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No zones yet. {canEdit ? "Use Draw zone, or import a GeoJSON file." : ""}
        </p>
      ) : (
        <ul className="grid gap-1" aria-label="Zones">
          {zones.map((z) => (
            <li key={z.id}>
              <button
                type="button"
                onClick={() => onChoose(z.id)}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted"
              >
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-sm border"
                  style={{ backgroundColor: z.color }}
                />
                <span className="min-w-0 flex-1 truncate">{z.name}</span>
                <span className="shrink-0 text-muted-foreground text-xs">
                  {z.persons.map((p) => p.person.fullName).join(", ")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
