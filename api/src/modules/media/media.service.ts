import { z } from "zod";
import { badInput } from "../../errors.ts";
import { detectImageType, MAX_UPLOAD_BYTES, newMediaKey, storageFor } from "../../integrations/storage/storage.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";

// Images staff upload (shop photos, logos, banner and post pictures, employee photos): checked by their
// bytes, stored under a random key, served at /media/<key>.

const uploadInput = z.object({
  fileName: z.string().trim().max(200, "The file name must be at most 200 characters.").default(""),
  dataBase64: z.string().min(1, "The file is empty."),
});

/**
 * Decodes a base64 upload (a data: URL prefix is accepted), checks it is a PNG, JPEG, WebP or GIF
 * image of at most 5 MB, and stores it under a random key. Returns where it is served.
 */
export async function saveUploadedImage(ctx: Context, input: { fileName?: string | null; dataBase64: string }) {
  const v = parseInput(uploadInput, withoutNulls(input));
  const data = v.dataBase64.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (!data) throw badInput("The file is empty.");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) throw badInput("The file data is not valid base64.");
  if (Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0) > MAX_UPLOAD_BYTES)
    throw badInput("The file is larger than 5 MB. Choose a smaller image.");
  const bytes = new Uint8Array(Buffer.from(data, "base64"));
  if (bytes.length === 0) throw badInput("The file is empty.");
  const type = detectImageType(bytes);
  if (!type) throw badInput("Only PNG, JPEG, WebP and GIF images can be uploaded.");
  const key = newMediaKey(type.extension);
  await storageFor(ctx.runtime.config).put(key, bytes, type.contentType);
  const baseUrl = `/media/${key.slice(0, key.lastIndexOf("."))}`;
  return { key, baseUrl, extension: type.extension, url: `/media/${key}`, fileName: v.fileName, size: bytes.length };
}

/** Removes a stored file. The row that pointed at it is already gone, so a failure only wastes space. */
export async function deleteStoredMedia(ctx: Context, key: string) {
  await storageFor(ctx.runtime.config)
    .delete(key)
    .catch((error) => log.warn("media file delete failed", { key, error }));
}
