// CSV for the whole product, both sides (the web imports it as @shared/csv.ts): one writer every CSV
// the product writes goes through, and one reader that takes a file a piece at a time.
//
// The writer quotes as RFC 4180 says and keeps a text a spreadsheet would run as a formula (one that
// begins with =, +, -, @, a tab or a carriage return) as typed, behind a single quote, so an opened
// download never computes anything. Numbers are written as numbers.

/** One CSV field. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line (without its line break). */
export const csvLine = (fields: readonly (string | number | boolean | null | undefined)[]) =>
  fields.map(csvField).join(",");

/** A whole file: lines joined and ended with CRLF. */
export const csvText = (lines: readonly (readonly (string | number | boolean | null | undefined)[])[]) =>
  lines.map((l) => `${csvLine(l)}\r\n`).join("");

export type CsvRecord = {
  /** Where the record begins: its line in the file (1 for the first), as a spreadsheet numbers its rows. */
  line: number;
  fields: string[];
};

/**
 * Reads CSV text handed in pieces (`push`), answering the records each piece completes; `end` answers
 * the last one. A quoted field may hold commas, doubled quotes and line breaks; CRLF, LF and CR end a
 * line. Memory is one record at a time, whatever the file's size.
 */
export class CsvReader {
  private field = "";
  private fields: string[] = [];
  private quoted = false;
  /** The previous character closed a quote (a following quote is a doubled one). */
  private afterQuote = false;
  private pendingCr = false;
  private fieldStarted = false;
  private line = 1;
  private recordLine = 1;

  /** The line the reader has reached. */
  get currentLine() {
    return this.line;
  }

  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (c === "\n") continue;
      }
      if (this.quoted) {
        if (c === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else {
          // A CRLF is one line break, even when the pieces cut it in two.
          if (c === "\r" || (c === "\n" && !this.field.endsWith("\r"))) this.line++;
          this.field += c;
        }
        continue;
      }
      if (c === '"') {
        if (this.afterQuote) {
          this.field += '"';
          this.quoted = true;
          this.afterQuote = false;
        } else if (!this.fieldStarted) {
          this.quoted = true;
          this.fieldStarted = true;
        } else this.field += c;
        continue;
      }
      this.afterQuote = false;
      if (c === ",") {
        this.fields.push(this.field);
        this.field = "";
        this.fieldStarted = false;
      } else if (c === "\n" || c === "\r") {
        out.push(this.finish());
        this.line++;
        this.recordLine = this.line;
        if (c === "\r") {
          if (text[i + 1] === "\n") i++;
          else if (i + 1 === text.length) this.pendingCr = true;
        }
      } else {
        this.field += c;
        this.fieldStarted = true;
      }
    }
    return out;
  }

  /** The last record (when the file does not end with a line break); throws on a quote left open. */
  end(): CsvRecord[] {
    if (this.quoted)
      throw new CsvError(`Row ${this.recordLine}: a quoted field is not closed (a " is missing).`, this.recordLine);
    if (!this.fieldStarted && !this.fields.length && !this.field) return [];
    return [this.finish()];
  }

  private finish(): CsvRecord {
    this.fields.push(this.field);
    const record = { line: this.recordLine, fields: this.fields };
    this.fields = [];
    this.field = "";
    this.fieldStarted = false;
    this.afterQuote = false;
    return record;
  }
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** All records of a text (small texts: a header, a test). */
export function parseCsv(text: string): CsvRecord[] {
  const reader = new CsvReader();
  return [...reader.push(text.replace(/^\uFEFF/, "")), ...reader.end()];
}

/** A record that is only a line break (or empty fields): skipped. */
export const isBlankRecord = (r: CsvRecord) => r.fields.every((f) => f.trim() === "");
