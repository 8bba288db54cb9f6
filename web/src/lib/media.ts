import { graphql } from "@/lib/graphql";
import { useRawMutation } from "@/lib/query-client";

// Image uploads through the media service: the checks the server makes, done first so a wrong file
// gets its message at once, and the file as the base64 the upload mutations take.

export const UploadMediaMutation = graphql(`
  mutation UploadMedia($input: UploadMediaInput!) {
    uploadMedia(input: $input) {
      url
      fileName
      size
    }
  }
`);

export const useUploadMedia = () => useRawMutation(UploadMediaMutation);

/** A File as the base64 the upload mutations take. */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** The check the server makes, done first so a wrong file gets its message at once. */
export function imageFileProblem(file: File): string | null {
  if (file.size === 0) return "The file is empty.";
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return "Only PNG, JPEG, WebP and GIF images can be uploaded.";
  if (file.size > MAX_UPLOAD_BYTES) return "The file is larger than 5 MB. Choose a smaller image.";
  return null;
}
