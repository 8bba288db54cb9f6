import { builder } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import { GeoJsonCoordinates, MANAGE, MapRef, READ } from "./territories.types.ts";
import {
  type ApplyResult,
  applyImport,
  type ImportPreview,
  type ImportRow,
  previewImport,
  undoableImport,
  undoImport,
} from "./zone-import.service.ts";

// GeoJSON import of a map's zones with a preview, "replace" or "add", and undo (zone-import.service.ts).
// Previewing, importing and undoing change zones or prepare to: TERRITORY_MANAGEMENT, like every zone
// change; which import can be undone is read like the map.

const ImportStatusEnum = builder.enumType("TerritoryZoneImportStatus", {
  values: ["NEW", "CHANGED", "UNCHANGED", "REMOVED"] as const,
});
const ImportModeEnum = builder.enumType("TerritoryZoneImportMode", {
  description:
    "REPLACE: change the matched zones, add the new ones, remove the zones absent from the file. ADD: only add the new ones.",
  values: ["REPLACE", "ADD"] as const,
});

const ImportItemInput = builder.inputType("TerritoryZoneImportItemInput", {
  description: "A zone of the file. id: the zone id in the feature's properties (the export writes it), if any.",
  fields: (t) => ({
    id: t.id(),
    name: t.string({ required: true }),
    color: t.string({ description: "#rrggbb; left out: a matched zone keeps its colour." }),
    description: t.string({ description: "Left out: a matched zone keeps its description." }),
    type: t.string({ required: true, description: "Polygon or MultiPolygon." }),
    coordinates: t.field({ type: GeoJsonCoordinates, required: true }),
  }),
});

const ImportInput = builder.inputType("TerritoryZoneImportInput", {
  fields: (t) => ({
    mapId: t.id({ required: true }),
    zones: t.field({ type: [ImportItemInput], required: true }),
  }),
});

const ImportRowRef = builder.objectRef<ImportRow>("TerritoryZoneImportRow").implement({
  fields: (t) => ({
    status: t.field({ type: ImportStatusEnum, resolve: (r) => r.status }),
    position: t.exposeInt("position", { nullable: true, description: "The zone's place in the file, from 1." }),
    zoneId: t.exposeID("zoneId", { nullable: true, description: "The map's zone it matches (or that is removed)." }),
    name: t.exposeString("name"),
    previousName: t.exposeString("previousName", { nullable: true }),
    changes: t.exposeStringList("changes", {
      description: 'What changes: "name", "outline", "colour", "description".',
    }),
    uses: t.exposeStringList("uses", { description: "What a removed zone loses (people, warehouse, lead sources)." }),
  }),
});

const PreviewRef = builder.objectRef<ImportPreview>("TerritoryZoneImportPreview").implement({
  fields: (t) => ({
    newCount: t.int({ resolve: (p) => p.counts.NEW }),
    changedCount: t.int({ resolve: (p) => p.counts.CHANGED }),
    unchangedCount: t.int({ resolve: (p) => p.counts.UNCHANGED }),
    removedCount: t.int({ resolve: (p) => p.counts.REMOVED }),
    rows: t.field({ type: [ImportRowRef], resolve: (p) => p.rows }),
  }),
});

const ApplyResultRef = builder.objectRef<ApplyResult>("TerritoryZoneImportResult").implement({
  fields: (t) => ({
    isSuccess: t.exposeBoolean("isSuccess"),
    message: t.exposeString("message"),
    importId: t.exposeID("importId", {
      nullable: true,
      description: "What undoTerritoryZoneImport takes; null when nothing changed.",
    }),
  }),
});

const UndoResultRef = builder
  .objectRef<{ isSuccess: boolean; message: string }>("TerritoryZoneImportUndoResult")
  .implement({
    fields: (t) => ({ isSuccess: t.exposeBoolean("isSuccess"), message: t.exposeString("message") }),
  });

type UndoableRow = { id: string; summary: string; createdAt: Date };
const UndoableRef = builder.objectRef<UndoableRow>("TerritoryZoneImportRecord").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    summary: t.exposeString("summary"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.objectField(MapRef, "undoableImport", (t) =>
  t.field({
    type: UndoableRef,
    nullable: true,
    description: "The map's latest zone import while it can be undone (nothing changed the zones since).",
    authScopes: READ,
    resolve: (m, _a, ctx) => undoableImport(ctx, m.id),
  }),
);

const items = (input: { zones: { type: string; coordinates?: unknown; id?: string | null }[] }) =>
  input.zones.map(({ type, coordinates, id, ...z }) => ({
    ...z,
    id: id == null ? null : String(id),
    data: { type, coordinates },
  }));

builder.mutationFields((t) => ({
  previewTerritoryZoneImport: t.field({
    type: PreviewRef,
    description: "What importing these zones would do (new, changed, unchanged, removed); changes nothing.",
    authScopes: MANAGE,
    args: { input: t.arg({ type: ImportInput, required: true }) },
    resolve: (_r, a, ctx) => previewImport(ctx, String(a.input.mapId), items(a.input)),
  }),
  applyTerritoryZoneImport: t.field({
    type: ApplyResultRef,
    description: "Imports the zones (all or nothing); matched zones keep their people, warehouse and lead sources.",
    authScopes: MANAGE,
    args: {
      input: t.arg({ type: ImportInput, required: true }),
      mode: t.arg({ type: ImportModeEnum, required: true }),
    },
    resolve: (_r, a, ctx) => applyImport(ctx, { mapId: String(a.input.mapId), mode: a.mode, zones: items(a.input) }),
  }),
  undoTerritoryZoneImport: t.field({
    type: UndoResultRef,
    description: "Puts the map's zones back exactly as they were before the import.",
    authScopes: MANAGE,
    args: { importId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult(
        () => undoImport(ctx, String(a.importId)),
        (message) => ({ isSuccess: false, message }),
      ),
  }),
}));
