/**
 * What a DataTable says when its filters leave no row: "No automations match", then "No automation
 * matches “<search>”." or, with no search (a facet or flag filters), "No automation matches these filters."
 */
export function noMatchOf(one: string, many: string) {
  return {
    title: `No ${many} match`,
    description: (q: string) => (q ? `No ${one} matches “${q}”.` : `No ${one} matches these filters.`),
  };
}
