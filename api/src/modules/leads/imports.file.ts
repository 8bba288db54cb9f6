import { badInput } from "../../errors.ts";
import { CsvReader, type CsvRecord } from "../../shared/csv.ts";

// Reading a lead import's file (imports.dry-run.ts checks its rows): its bytes from the GraphQL upload
// (gzip as base64) or the HTTP body as it arrives, decompressed and decoded a piece at a time, refused as
// soon as it is too large, not UTF-8, holds NUL characters or a row that never ends.

export const IMPORT_LIMITS = {
  /** The CSV file itself. */
  bytes: 50 * 1024 * 1024,
  /** What is sent: the file gzip-compressed (the /graphql upload body is 8 MB of base64). */
  compressedBytes: 6 * 1024 * 1024,
  rows: 100_000,
  fileName: 200,
  /** One row, in characters (the longest lead is a few thousand). */
  rowChars: 1_000_000,
  /** How far into the file its header row must be: blank lines before it end the check there. */
  headerWithinChars: 1_000_000,
};

export const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Where the file's bytes come from. */
export type FileSource =
  /** GraphQL's dryRunLeadImport: the file gzip-compressed, as base64, within /graphql's upload body. */
  | { gzipBase64: string }
  /** POST /api/lead-imports/dry-run: the request body itself, read as it arrives (gzip-compressed or not). */
  | { stream: ReadableStream<Uint8Array>; gzip: boolean };

export const EMPTY = "The file is empty: it has no header row and no rows.";
const tooLargeMessage = () => `The file is larger than ${MB(IMPORT_LIMITS.bytes)}: split it into smaller files.`;

/** The file's bytes, decompressed a piece at a time, refused past the size limit (sent or decompressed). */
async function* fileBytes(source: FileSource): AsyncGenerator<Uint8Array> {
  let body: ReadableStream<Uint8Array>;
  let gzip = true;
  if ("gzipBase64" in source) {
    const data = source.gzipBase64.replace(/^data:[^,]*,/, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw badInput("The file data is not valid base64.");
    if ((data.length * 3) / 4 > IMPORT_LIMITS.compressedBytes)
      throw badInput(`The file is too large to send: at most ${MB(IMPORT_LIMITS.compressedBytes)} once compressed.`);
    const compressed = new Uint8Array(Buffer.from(data, "base64"));
    if (!compressed.length) throw badInput("The file is empty.");
    body = new Blob([compressed]).stream();
  } else {
    body = source.stream;
    gzip = source.gzip;
  }
  // What arrives is counted too, a piece at a time as it is read (never ahead of the reading): a body
  // that never ends is cut off at the limit, not read to its end.
  const state = { sent: 0, tooLarge: false };
  const taken = pieces(body, state);
  const raw = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await taken.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await taken.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  const reader: ReadableStreamDefaultReader<Uint8Array> = (
    gzip
      ? raw.pipeThrough(new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
      : raw
  ).getReader();
  let total = 0;
  try {
    for (;;) {
      let next: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>>;
      try {
        next = await reader.read();
      } catch {
        if (state.tooLarge) throw badInput(tooLargeMessage());
        if (!state.sent) throw badInput(EMPTY);
        throw badInput(
          gzip
            ? "The file could not be read: it was not sent gzip-compressed, or it was cut short."
            : "The file could not be read: it was cut short.",
        );
      }
      if (next.done) {
        if (!total) throw badInput(EMPTY);
        return;
      }
      // A piece at a time: one large chunk (a body that arrived faster than it was read) is checked
      // as it goes, not decoded whole.
      for (let i = 0; i < next.value.byteLength; i += PIECE_BYTES) {
        const piece = next.value.subarray(i, i + PIECE_BYTES);
        total += piece.byteLength;
        if (total > IMPORT_LIMITS.bytes) throw badInput(tooLargeMessage());
        yield piece;
      }
    }
  } finally {
    // Stops reading what is still coming (the rest of a request body) once the answer is known.
    await reader.cancel().catch(() => {});
  }
}

const PIECE_BYTES = 64 * 1024;

/** A body's bytes in pieces of at most PIECE_BYTES, counted as they are taken; an error past the limit. */
async function* pieces(body: ReadableStream<Uint8Array>, state: { sent: number; tooLarge: boolean }) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (let i = 0; i < value.byteLength; i += PIECE_BYTES) {
        const piece = value.subarray(i, i + PIECE_BYTES);
        state.sent += piece.byteLength;
        if (state.sent > IMPORT_LIMITS.bytes) {
          state.tooLarge = true;
          throw new Error("too large");
        }
        yield piece;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** How far the reading has gone, in characters of text (the dry run refuses a file with no header early). */
export type ReadProgress = { chars: number };

/** The file's records, decoded as UTF-8 (a byte order mark is dropped) and read as CSV. */
export async function* fileRecords(source: FileSource, progress: ReadProgress): AsyncGenerator<CsvRecord> {
  const reader = new CsvReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  /** Characters read since the last record ended: a "row" that never ends is not a CSV row. */
  let open = 0;
  const read = function* (text: string) {
    const nul = text.indexOf("\0");
    if (nul >= 0) {
      reader.push(text.slice(0, nul));
      throw badInput(
        `Row ${reader.currentLine}: the file holds NUL characters, so it is not CSV text. Save it as "CSV UTF-8" and upload it again.`,
      );
    }
    progress.chars += text.length;
    const records = reader.push(text);
    open = records.length ? 0 : open + text.length;
    if (open > IMPORT_LIMITS.rowChars)
      throw badInput(
        `Row ${reader.currentLine}: a row runs on for more than ${IMPORT_LIMITS.rowChars.toLocaleString("en-US")} characters without ending: a quote is not closed, or this is not a CSV file.`,
      );
    yield* records;
  };
  for await (const bytes of fileBytes(source)) {
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      const loose = new TextDecoder("utf-8").decode(bytes);
      reader.push(loose.slice(0, Math.max(0, loose.indexOf("\uFFFD"))));
      throw badInput(
        `Row ${reader.currentLine}: the file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.`,
      );
    }
    yield* read(text);
  }
  yield* read(decoder.decode());
  try {
    yield* reader.end();
  } catch (e) {
    throw badInput((e as Error).message);
  }
}
