// The fields a list of leads may be sorted by: the lead's own columns (enteredTime is the indexed
// default). Both sides use it: the API checks a view's or a list's sort against it, the web offers it
// as the sortable headers of a lead view.

export const LEAD_SORT_FIELDS = [
  "enteredTime",
  "lastEdited",
  "number",
  "firstName",
  "lastName",
  "email",
  "phone",
  "city",
  "postalCode",
  "status",
  "appointment",
] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
