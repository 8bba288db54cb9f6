import { describe, expect, test } from "bun:test";
import { CsvReader, csvField, csvText, parseCsv } from "./csv.ts";

// The product's one CSV module: the writer keeps formulas as text and quotes as RFC 4180 says; the
// reader takes a file in pieces (cut anywhere, even inside a quote or a CRLF) and says where a quote
// was left open.

describe("writer", () => {
  test("a text that would run as a formula is kept as typed behind a single quote", () => {
    for (const t of ["=SUM(A1)", "+1", "-2", "@cmd", "\tx", "\rx"])
      expect(csvField(t).replace(/"/g, "")).toStartWith("'");
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField(-5)).toBe("-5");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField(null)).toBe("");
    expect(
      csvText([
        ["a", 1],
        ["=b", "c,d"],
      ]),
    ).toBe('a,1\r\n\'=b,"c,d"\r\n');
  });
});

describe("reader", () => {
  const text = '\uFEFFName,Note\r\n"Ann","two\r\nlines"\r\nBen,"say ""hi"""\nCy,\rDi,last';
  test("quoted line breaks and doubled quotes; CRLF, LF and CR; the line each record begins on", () => {
    expect(parseCsv(text).map((r) => [r.line, ...r.fields])).toEqual([
      [1, "Name", "Note"],
      [2, "Ann", "two\r\nlines"],
      [4, "Ben", 'say "hi"'],
      [5, "Cy", ""],
      [6, "Di", "last"],
    ]);
  });
  test("the same records whatever the pieces", () => {
    const whole = parseCsv(text);
    for (let cut = 1; cut < text.length; cut++) {
      const r = new CsvReader();
      const body = text.replace(/^\uFEFF/, "");
      const got = [...r.push(body.slice(0, cut)), ...r.push(body.slice(cut)), ...r.end()];
      expect(got).toEqual(whole);
    }
  });
  test("a quote left open is refused with its row", () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow('Row 2: a quoted field is not closed (a " is missing).');
  });
});
