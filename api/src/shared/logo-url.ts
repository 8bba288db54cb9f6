import { z } from "zod";

/**
 * A branch's logo: an http(s) address or an image uploaded to the branch's media (`/media/<32 hex>.<type>`),
 * at most 500 characters; empty for none. The branding form and the API that stores it check it alike.
 */
export const logoUrlField = z
  .string()
  .trim()
  .max(500, "Logo URL must be at most 500 characters.")
  .refine(
    (v) => v === "" || /^https?:\/\/\S+$/i.test(v) || /^\/media\/[a-f0-9]{32}\.(png|jpg|webp|gif)$/.test(v),
    "Logo URL must start with https://, http:// or be an uploaded image.",
  );
