import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { acceptsGzip, fileResponse } from "./static-compression.ts";

const dir = mkdtempSync(join(tmpdir(), "static-compression-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("static compression", () => {
  test("reads Accept-Encoding", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  test("a script goes out gzip-compressed when accepted, as is otherwise", async () => {
    const path = join(dir, "app.js");
    const source = `export const text = "${"route water ".repeat(200)}";\n`;
    writeFileSync(path, source);
    const headers = { "cache-control": "public, max-age=60" };

    const gz = await fileResponse(path, Bun.file(path), "gzip, br", headers);
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toBe("accept-encoding");
    expect(gz.headers.get("cache-control")).toBe("public, max-age=60");
    expect(gz.headers.get("content-type")).toContain("javascript");
    const body = new Uint8Array(await gz.arrayBuffer());
    expect(body.length).toBeLessThan(source.length / 5);
    expect(gunzipSync(body).toString()).toBe(source);

    const plain = await fileResponse(path, Bun.file(path), undefined, headers);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(source);
  });

  test("a changed file is compressed again; images are sent as they are", async () => {
    const path = join(dir, "style.css");
    writeFileSync(path, "body { color: red; }");
    const first = await fileResponse(path, Bun.file(path), "gzip", {});
    expect(gunzipSync(new Uint8Array(await first.arrayBuffer())).toString()).toBe("body { color: red; }");
    writeFileSync(path, "body { color: blue; }");
    utimesSync(path, 2_000_000_000, 2_000_000_000); // a later modification time, whatever the clock says
    const second = await fileResponse(path, Bun.file(path), "gzip", {});
    expect(gunzipSync(new Uint8Array(await second.arrayBuffer())).toString()).toBe("body { color: blue; }");

    const image = join(dir, "logo.png");
    writeFileSync(image, new Uint8Array([137, 80, 78, 71]));
    const png = await fileResponse(image, Bun.file(image), "gzip", {});
    expect(png.headers.get("content-encoding")).toBeNull();
  });
});
