import { z } from "zod";
import { clock } from "../../clock.ts";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import type { WhatsNewPost } from "../../generated/prisma/client.ts";
import type { Audience } from "../../generated/prisma/enums.ts";
import { MEDIA_KEY } from "../../integrations/storage/storage.ts";
import type { Context } from "../../runtime.ts";
import { sanitizeStaffHtml } from "../../security/html.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { deleteStoredMedia, saveUploadedImage } from "../media/media.service.ts";

// What's new: release notes of the platform, written by super admins in the admin console and read
// on /whats-new. Posts are not a branch's: every branch's users read the same notes. Who reads which:
//
//   visitor (signed out)  ALL
//   portal customer       ALL, CUSTOMER, EMPLOYEE_AND_CUSTOMER
//   employee              ALL, EMPLOYEE, EMPLOYEE_AND_CUSTOMER
//   super admin           every audience (ADMIN included), so they can check what they wrote
//
// A post whose publishedAt lies ahead (business clock) is scheduled: only the admin list shows it.

export const MAX_POST_IMAGES = 12;
const MAX_LATEST = 50;

export function audiencesFor(ctx: Context): Audience[] {
  const v = ctx.viewer;
  if (!v) return ["ALL"];
  if (v.isSuperAdmin) return ["ADMIN", "ALL", "CUSTOMER", "EMPLOYEE", "EMPLOYEE_AND_CUSTOMER"];
  if (v.personId) return ["ALL", "EMPLOYEE", "EMPLOYEE_AND_CUSTOMER"];
  return ["ALL", "CUSTOMER", "EMPLOYEE_AND_CUSTOMER"];
}

/** The newest published posts the viewer's audience may read. */
export function latestWhatsNew(ctx: Context, count = 10): Promise<WhatsNewPost[]> {
  const take = Math.min(Math.max(Math.trunc(count), 1), MAX_LATEST);
  return crossBranch(ctx.runtime).whatsNewPost.findMany({
    where: { audience: { in: audiencesFor(ctx) }, publishedAt: { lte: clock.now() } },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take,
  });
}

/** Every post, scheduled ones included, newest first (the admin console's list). */
export async function whatsNewPosts(ctx: Context, args: { skip?: number | null; take?: number | null }) {
  const skip = Math.max(args.skip ?? 0, 0);
  const take = Math.min(Math.max(args.take ?? 25, 1), 100);
  const [posts, totalCount] = await Promise.all([
    crossBranch(ctx.runtime).whatsNewPost.findMany({
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
      skip,
      take,
    }),
    crossBranch(ctx.runtime).whatsNewPost.count(),
  ]);
  return { posts, totalCount, skip, take };
}

const mediaUrl = z
  .string()
  .refine(
    (u) => u.startsWith("/media/") && MEDIA_KEY.test(u.slice("/media/".length)),
    "Images must be uploaded here first.",
  );

const postFields = {
  title: z.string().trim().min(1, "Title is required.").max(200, "Title must be at most 200 characters."),
  bodyHtml: z
    .string()
    .max(50_000, "The post must be at most 50,000 characters.")
    .transform((v) => sanitizeStaffHtml(v)),
  imageUrls: z.array(mediaUrl).max(MAX_POST_IMAGES, `A post can have at most ${MAX_POST_IMAGES} images.`),
  audience: z.enum(["ADMIN", "ALL", "CUSTOMER", "EMPLOYEE", "EMPLOYEE_AND_CUSTOMER"]),
  emphasis: z.enum(["HEADER", "IMPORTANT", "NORMAL", "SUBTLE"]),
  publishedAt: z.date(),
};

const createInput = z.object({
  ...postFields,
  bodyHtml: postFields.bodyHtml.default(""),
  imageUrls: postFields.imageUrls.default([]),
  audience: postFields.audience.default("ALL"),
  emphasis: postFields.emphasis.default("NORMAL"),
  publishedAt: postFields.publishedAt.optional(),
});
const updateInput = z.object({ postId: z.string().min(1), ...z.object(postFields).partial().shape });

type Nullable<T> = { [K in keyof T]?: T[K] | null };
export type CreateWhatsNewPostInput = Nullable<z.input<typeof createInput>>;
export type UpdateWhatsNewPostInput = Nullable<z.input<typeof updateInput>> & { postId: string };

export async function createWhatsNewPost(ctx: Context, input: CreateWhatsNewPostInput): Promise<WhatsNewPost> {
  const v = parseInput(createInput, withoutNulls(input));
  return crossBranch(ctx.runtime).whatsNewPost.create({
    data: { ...v, publishedAt: v.publishedAt ?? clock.now(), authorUserId: ctx.viewer?.userId ?? null },
  });
}

async function findPost(ctx: Context, postId: string) {
  const post = await crossBranch(ctx.runtime).whatsNewPost.findUnique({ where: { id: postId } });
  if (!post) throw new AppError("NOT_FOUND", "That post no longer exists.");
  return post;
}

export async function updateWhatsNewPost(ctx: Context, input: UpdateWhatsNewPostInput): Promise<WhatsNewPost> {
  const { postId, ...v } = parseInput(updateInput, withoutNulls(input));
  const before = await findPost(ctx, postId);
  const post = await crossBranch(ctx.runtime).whatsNewPost.update({ where: { id: postId }, data: v });
  if (v.imageUrls)
    await deleteFiles(
      ctx,
      before.imageUrls.filter((u) => !post.imageUrls.includes(u)),
    );
  return post;
}

export async function deleteWhatsNewPost(ctx: Context, postId: string) {
  const post = await findPost(ctx, postId);
  await crossBranch(ctx.runtime).whatsNewPost.delete({ where: { id: postId } });
  await deleteFiles(ctx, post.imageUrls);
  return post;
}

/** Stores an image for a post (PNG, JPEG, WebP or GIF up to 5 MB, as every upload: decision 0300). */
export function uploadWhatsNewImage(ctx: Context, input: { fileName?: string | null; dataBase64: string }) {
  return saveUploadedImage(ctx, input);
}

/** Removes an image from the post that shows it and deletes its file. */
export async function deleteWhatsNewImage(ctx: Context, args: { postId: string; url: string }) {
  const post = await findPost(ctx, args.postId);
  if (!post.imageUrls.includes(args.url)) throw new AppError("NOT_FOUND", "That image is not part of this post.");
  const updated = await crossBranch(ctx.runtime).whatsNewPost.update({
    where: { id: post.id },
    data: { imageUrls: post.imageUrls.filter((u) => u !== args.url) },
  });
  await deleteFiles(ctx, [args.url]);
  return updated;
}

/** Files of uploaded images no post shows any more; a failed delete only wastes space. */
async function deleteFiles(ctx: Context, urls: string[]) {
  for (const url of urls) {
    const key = url.slice("/media/".length);
    if (MEDIA_KEY.test(key)) await deleteStoredMedia(ctx, key);
  }
}
