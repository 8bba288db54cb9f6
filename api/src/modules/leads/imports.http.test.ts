import { describe, expect, test } from "bun:test";
import { connect } from "node:net";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, employee, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { IMPORT_LIMITS } from "./imports.dry-run.ts";
import { leadImportHttpMessages } from "./imports.http.ts";

// POST /api/lead-imports/dry-run: a CSV file's dry run with its body read as it arrives (no 8 MB cap of
// /graphql, nothing buffered). Through real HTTP: a file as text/csv and gzip-compressed; what is refused
// before the body is read (type, origin, size declared, person, permission, mapping); and 20 MB bodies
// of nothing (NUL bytes, blank lines, one endless row) are answered with a sentence that says what
// (their first MB tells), and a body past the limit without Content-Length is cut off at the limit.

let server: TestServer, branch: Branch;
serveTwoBranches((made) => ([server, branch] = made));

type Client = Awaited<ReturnType<typeof employee>>;
type Answer = { isSuccess: boolean; message: string; fileId: string | null };
const MAPPING = [
  { column: "First", field: "FIRST_NAME" },
  { column: "Email", field: "EMAIL" },
];
const uid = () => crypto.randomUUID().slice(0, 8);

const url = (mapping: unknown = MAPPING, fileName = "leads.csv") =>
  `${server.url}/api/lead-imports/dry-run?fileName=${encodeURIComponent(fileName)}&mapping=${encodeURIComponent(JSON.stringify(mapping))}`;

async function post(c: Client | null, body: BodyInit, type = "text/csv", extra: Record<string, string> = {}) {
  // A streamed body goes with duplex "half".
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: {
      "content-type": type,
      branchhost: branch.host,
      ...(c?.cookie ? { cookie: c.cookie } : {}),
      ...extra,
    },
    body,
    duplex: "half",
  };
  const res = await fetch(url(), init);
  return { status: res.status, ...((await res.json()) as Answer) };
}

/** A body of `bytes` bytes repeating `piece`, streamed (no Content-Length). */
function streamed(piece: Uint8Array, bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
}

/** The answer to a request declaring `size` bytes of body and sending only its first line. */
function declared(c: Client, size: number) {
  return new Promise<string>((resolve, reject) => {
    const u = new URL(url());
    let text = "";
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(
        `POST ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nBranchHost: ${branch.host}\r\n` +
          `Cookie: ${c.cookie}\r\nContent-Type: text/csv\r\nContent-Length: ${size}\r\n\r\nFirst,Email\n`,
      );
    });
    socket.on("data", (d) => {
      text += d.toString();
      // The whole answer: its headers, and its JSON when it has one.
      if (/\r\n\r\n/.test(text) && (!/content-length: [1-9]/i.test(text) || text.trimEnd().endsWith("}"))) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("streamed dry run", () => {
  test("a file as text/csv and gzip-compressed: checked as through GraphQL, its rows stored", async () => {
    const c = await employee(branch, ["LEAD_DATA_ENTRY"]);
    const tag = uid();
    const rows = Array.from({ length: 5000 }, (_, i) => `Pat${i},p${i}-${tag}@example.com`);
    const csv = ["First,Email", ...rows, "Bad,not-an-email"].join("\r\n");
    const plain = await post(c, csv);
    expect(plain).toMatchObject({
      status: 200,
      isSuccess: true,
      message: "5001 rows checked: 5000 new, 0 duplicates, 1 invalid.",
    });
    const file = await c.gql<{ leadImportFile: { status: string; totalRows: number; fileName: string } }>(
      "query($id: ID!){ leadImportFile(id: $id){ status totalRows fileName } }",
      { id: plain.fileId },
    );
    expect(file.data!.leadImportFile).toEqual({ status: "DRY_RUN", totalRows: 5001, fileName: "leads.csv" });
    const zipped = await post(c, Bun.gzipSync(csv), "application/gzip");
    // Nothing was written by the first dry run: the same answer.
    expect(zipped).toMatchObject({ status: 200, message: plain.message });
  });

  test("refused before the body is read: type, origin, size declared, person, permission, mapping", async () => {
    const staff = await employee(branch, ["LEAD_ADMIN"]);
    const csv = "First,Email\nAnn,ann@example.com\n";
    expect(await post(staff, csv, "text/plain")).toMatchObject({ status: 415, message: leadImportHttpMessages.type });
    expect(await post(staff, csv, "text/csv", { origin: "https://evil.example" })).toMatchObject({
      status: 403,
      message: leadImportHttpMessages.origin,
    });
    expect(await post(null, csv)).toMatchObject({ status: 401, message: leadImportHttpMessages.signIn });
    const other = await employee(branch, ["CUSTOMER_ACCESS"]);
    expect(await post(other, csv)).toMatchObject({ status: 403, message: leadImportHttpMessages.forbidden });
    const bad = await fetch(url([{ column: "First", field: "NOPE" }]), {
      method: "POST",
      headers: { "content-type": "text/csv", branchhost: branch.host, cookie: staff.cookie },
      body: csv,
    });
    expect(bad.status).toBe(400);

    // A file over the limit declared: answered at once, its body never sent (over 128 MB, Bun's own
    // 413 answers before the route: a 1 GB file too).
    for (const [size, message] of [
      [60 * 1024 ** 2, leadImportHttpMessages.tooLarge()],
      [1024 ** 3, ""],
    ] as const) {
      const answer = await declared(staff, size);
      expect(answer).toStartWith("HTTP/1.1 413");
      expect(answer).toContain(message);
    }
  });

  test("bodies of nothing get a sentence once the first MB says what they are, and leave no file", async () => {
    const c = await employee(branch, ["LEAD_ADMIN"]);
    const filesBefore = await server.prisma.leadImportFile.count({ where: { branchId: branch.branchId } });
    const MB = 1024 * 1024;
    const cases: [Uint8Array, string][] = [
      [new Uint8Array(64 * 1024), "Row 1: the file holds NUL characters, so it is not CSV text."],
      [
        new TextEncoder().encode("\n".repeat(64 * 1024)),
        "The file has no header row in its first 1,000,000 characters",
      ],
      [new TextEncoder().encode(" ".repeat(64 * 1024)), "Row 1: a row runs on for more than 1,000,000 characters"],
    ];
    for (const [piece, message] of cases) {
      const stream = streamed(piece, 20 * MB);
      const r = await post(c, stream);
      expect(r.status).toBe(400);
      expect(r.message).toStartWith(message);
    }
    // Past the size limit without a Content-Length: cut off there.
    const saved = IMPORT_LIMITS.bytes;
    IMPORT_LIMITS.bytes = 2 * MB;
    try {
      const row = new TextEncoder().encode(`Ann ${"x".repeat(180)},ann@example.com\n`.repeat(300));
      const stream = streamed(new Uint8Array([...new TextEncoder().encode("First,Email\n"), ...row]), 6 * MB);
      const r = await post(c, stream);
      expect(r).toMatchObject({ status: 413, message: "The file is larger than 2 MB: split it into smaller files." });
    } finally {
      IMPORT_LIMITS.bytes = saved;
    }
    expect(await server.prisma.leadImportFile.count({ where: { branchId: branch.branchId } })).toBe(filesBefore);
  });
});
