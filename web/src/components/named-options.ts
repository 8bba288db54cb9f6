/** A select's options from records with an id and a name (sources, reasons, shortcuts...), in their order. */
export const namedOptions = (rows: readonly { id: string; name: string }[]): { value: string; label: string }[] =>
  rows.map((r) => ({ value: r.id, label: r.name }));
