// CSV downloads built in the browser: the product's one writer (@shared/csv.ts: a text that would run
// as a formula is kept as typed behind a single quote) and saving the text as a file.
export { csvField, csvLine, csvText, parseCsv } from "@shared/csv.ts";

/** Saves text as a file through the browser (a temporary link to a Blob). */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
