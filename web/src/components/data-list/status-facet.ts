import type { ListFacet } from "./list-facets";

// The status filter of a list whose rows can be switched off (custom fields, projects…): chips for
// Active, Inactive and All with their counts, Active by default.

/** The Active / Inactive / All chips of a list whose rows can be switched off; Active by default. */
export const STATUS_FACET: ListFacet = {
  key: "status",
  label: "Status",
  kind: "chips",
  defaultValue: "active",
  options: [
    { value: "active", label: "Active" },
    { value: "inactive", label: "Inactive" },
    { value: "all", label: "All" },
  ],
};

/** Whether a row is in the status chip `value` ("active", "inactive" or "all"). */
export const inStatus = (row: { inactive: boolean }, value: string) =>
  value === "all" || row.inactive === (value === "inactive");

/** STATUS_FACET with each chip's count of `rows`. */
export const countedStatusFacet = (rows: readonly { inactive: boolean }[] | undefined): ListFacet => ({
  ...STATUS_FACET,
  options: STATUS_FACET.options.map((o) => ({ ...o, count: (rows ?? []).filter((r) => inStatus(r, o.value)).length })),
});
