import { randomBytes } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../../config.ts";
import { log } from "../../log.ts";

// Uploaded media (shop photos, logos). The embedded default keeps files under STORAGE_DIR; with
// S3_BUCKET set they go to any S3-compatible store through Bun's built-in S3 client. Either way they
// are served at /media/<key> by the app (api/src/app.ts), so a stored URL never depends on where the
// bytes live. Keys are random (32 hex characters) plus the file's extension.

export type StoredObject = { body: ReadableStream<Uint8Array> | Blob; size: number; contentType: string };

export interface MediaStorage {
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** Image types accepted for upload, by MIME type, with the extension they are stored under. */
export const IMAGE_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};
export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** A key as the app creates and serves it: 32 hex characters, a dot, a known extension. */
export const MEDIA_KEY = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

/**
 * The image type of `bytes` by its signature (never by the name or declared type the client sent):
 * PNG, JPEG, WebP or GIF, else null. SVG is refused on purpose (it can carry scripts).
 */
export function detectImageType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const at = (i: number) => bytes[i];
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  let contentType: string | null = null;
  if (bytes.length >= 8 && at(0) === 0x89 && ascii(1, 4) === "PNG" && at(4) === 0x0d && at(5) === 0x0a)
    contentType = "image/png";
  else if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) contentType = "image/jpeg";
  else if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") contentType = "image/webp";
  else if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) contentType = "image/gif";
  if (!contentType) return null;
  return { contentType, extension: IMAGE_TYPES[contentType] as string };
}

export function newMediaKey(extension: string): string {
  return `${randomBytes(16).toString("hex")}.${extension}`;
}

export class DiskStorage implements MediaStorage {
  readonly kind = "disk";
  private ready: Promise<unknown> | null = null;
  constructor(readonly dir: string) {}

  private path(key: string) {
    if (!MEDIA_KEY.test(key)) throw new Error(`invalid media key ${key}`);
    return join(this.dir, key);
  }

  async put(key: string, bytes: Uint8Array) {
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    await Bun.write(this.path(key), bytes);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!MEDIA_KEY.test(key)) return null;
    const path = this.path(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const ext = key.slice(key.lastIndexOf(".") + 1);
    return {
      body: Bun.file(path),
      size: info.size,
      contentType: CONTENT_TYPE_BY_EXTENSION[ext] ?? "application/octet-stream",
    };
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true });
  }
}

export type S3Settings = {
  endpoint?: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
};

export class S3Storage implements MediaStorage {
  readonly kind = "s3";
  private client: Bun.S3Client;
  constructor(settings: S3Settings) {
    this.client = new Bun.S3Client({
      bucket: settings.bucket,
      endpoint: settings.endpoint,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    if (!MEDIA_KEY.test(key)) throw new Error(`invalid media key ${key}`);
    await this.client.write(key, bytes, { type: contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!MEDIA_KEY.test(key)) return null;
    const file = this.client.file(key);
    let info: Awaited<ReturnType<typeof file.stat>>;
    try {
      info = await file.stat();
    } catch (error) {
      if ((error as { code?: string }).code === "NoSuchKey" || /not ?found|404/i.test(String(error))) return null;
      throw error;
    }
    const ext = key.slice(key.lastIndexOf(".") + 1);
    return {
      body: file.stream(),
      size: info.size,
      contentType: CONTENT_TYPE_BY_EXTENSION[ext] ?? info.type ?? "application/octet-stream",
    };
  }

  async delete(key: string) {
    if (!MEDIA_KEY.test(key)) return;
    await this.client.delete(key);
  }
}

const byConfig = new WeakMap<Config, MediaStorage>();

/** The media store of a running server (one per configuration, built on first use). */
export function storageFor(config: Config): MediaStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = config.S3_BUCKET
      ? new S3Storage({
          bucket: config.S3_BUCKET,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          region: config.S3_REGION,
        })
      : new DiskStorage(config.STORAGE_DIR);
    byConfig.set(config, storage);
  }
  return storage;
}

/**
 * The /media/<key> response: the stored bytes with a long cache lifetime (a key never changes its
 * content), or 404. Served with nosniff and a restrictive CSP so an uploaded file is only ever an image.
 */
export async function serveMedia(storage: MediaStorage, key: string): Promise<Response> {
  let object: StoredObject | null;
  try {
    object = await storage.get(key);
  } catch (error) {
    log.error("media read failed", { key, error });
    return new Response("Media store unavailable", { status: 502 });
  }
  if (!object) return new Response("Not found", { status: 404 });
  return new Response(object.body, {
    headers: {
      "content-type": object.contentType,
      "content-length": String(object.size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
