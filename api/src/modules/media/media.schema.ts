import { builder } from "../../pothos/builder.ts";
import { saveUploadedImage } from "./media.service.ts";

export const UploadedFileRef = builder
  .objectRef<{ url: string; baseUrl: string; extension: string; fileName: string; size: number }>("UploadedFile")
  .implement({
    fields: (t) => ({
      url: t.exposeString("url"),
      baseUrl: t.exposeString("baseUrl"),
      extension: t.exposeString("extension"),
      fileName: t.exposeString("fileName"),
      size: t.exposeInt("size", { description: "Bytes." }),
    }),
  });

export const UploadInput = builder.inputType("UploadMediaInput", {
  fields: (t) => ({
    fileName: t.string(),
    dataBase64: t.string({
      required: true,
      description: "The file's bytes in base64 (a data: URL is accepted). PNG, JPEG, WebP or GIF, at most 5 MB.",
    }),
  }),
});

builder.mutationFields((t) => ({
  uploadMedia: t.field({
    type: UploadedFileRef,
    description: "Stores an image (e.g. a logo or banner picture) and returns its URL.",
    authScopes: { anyPermission: ["ECOMMERCE_MANAGEMENT", "INVENTORY_MANAGEMENT"] },
    args: { input: t.arg({ type: UploadInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveUploadedImage(ctx, input),
  }),
}));
