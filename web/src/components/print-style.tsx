// On paper only the element marked data-print-area shows (the site header, footer, forms and buttons
// are hidden), at the top left of the page, without its on-screen border and shadow.
const printStyle = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute; left: 0; top: 0; width: 100%; border: 0 !important; box-shadow: none !important; }
  @page { margin: 14mm; }
}`;

/** The print style of a page that prints one element, the one marked data-print-area. */
export function PrintAreaStyle() {
  return <style>{printStyle}</style>;
}
