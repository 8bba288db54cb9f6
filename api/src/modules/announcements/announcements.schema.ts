import type { PortalBanner, WhatsNewPost } from "../../generated/prisma/client.ts";
import { builder, ResultRef } from "../../pothos/builder.ts";
import { AudienceEnum, BannerTargetPortalEnum, EmphasisEnum } from "../../pothos/enums.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  activePortalBanners,
  createPortalBanner,
  deletePortalBanner,
  portalBanners,
  setPortalBannerAsTemplate,
  updatePortalBanner,
} from "./portal-banners.service.ts";
import {
  createWhatsNewPost,
  deleteWhatsNewImage,
  deleteWhatsNewPost,
  latestWhatsNew,
  updateWhatsNewPost,
  uploadWhatsNewImage,
  whatsNewPosts,
} from "./whats-new.service.ts";

// What's new and portal banners: the latest post, the latest N, image uploads, creating and deleting
// posts and images; creating, editing and deleting portal banners, and setting one as a template.
// Writing is for super admins; reading the latest posts and the banners showing now is public,
// filtered by who asks (the services say how).

const ADMIN = { superAdmin: true } as const;
const PUBLIC = { public: true } as const;

const WhatsNewPostRef = builder.objectRef<WhatsNewPost>("WhatsNewPost").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    bodyHtml: t.exposeString("bodyHtml", { description: "Cleaned to the staff HTML allow-list when saved." }),
    imageUrls: t.exposeStringList("imageUrls"),
    audience: t.field({ type: AudienceEnum, resolve: (p) => p.audience }),
    emphasis: t.field({ type: EmphasisEnum, resolve: (p) => p.emphasis }),
    publishedAt: t.expose("publishedAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const WhatsNewPostsPageRef = builder
  .objectRef<Awaited<ReturnType<typeof whatsNewPosts>>>("WhatsNewPostsPage")
  .implement({
    fields: (t) => ({
      posts: t.field({ type: [WhatsNewPostRef], resolve: (p) => p.posts }),
      totalCount: t.exposeInt("totalCount"),
      skip: t.exposeInt("skip"),
      take: t.exposeInt("take"),
    }),
  });

const PortalBannerRef = builder.objectRef<PortalBanner>("PortalBanner").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    branchId: t.exposeID("branchId", { nullable: true, description: "Empty: every branch." }),
    bodyHtml: t.exposeString("bodyHtml"),
    backgroundColor: t.exposeString("backgroundColor", { description: "#RRGGBB." }),
    startTime: t.expose("startTime", { type: "DateTime" }),
    endTime: t.expose("endTime", { type: "DateTime" }),
    targetPortal: t.field({ type: BannerTargetPortalEnum, resolve: (b) => b.targetPortal }),
    isTemplate: t.exposeBoolean("isTemplate"),
    templateName: t.exposeString("templateName"),
  }),
});

const WhatsNewImageRef = builder.objectRef<{ url: string; fileName: string; size: number }>("WhatsNewImage").implement({
  fields: (t) => ({
    url: t.exposeString("url", { description: "/media/<key>: put it in a post's imageUrls or body." }),
    fileName: t.exposeString("fileName"),
    size: t.exposeInt("size", { description: "Bytes." }),
  }),
});

builder.queryFields((t) => ({
  whatsNewLatest: t.field({
    type: WhatsNewPostRef,
    nullable: true,
    description: "The newest published post for the viewer's audience (visitor, customer, employee or admin).",
    authScopes: PUBLIC,
    resolve: async (_r, _a, ctx) => (await latestWhatsNew(ctx, 1))[0] ?? null,
  }),
  whatsNewLatestN: t.field({
    type: [WhatsNewPostRef],
    description: "The newest published posts for the viewer's audience, at most 50.",
    authScopes: PUBLIC,
    args: { count: t.arg.int({ required: false, description: "Default 10." }) },
    resolve: (_r, a, ctx) => latestWhatsNew(ctx, a.count ?? 10),
  }),
  whatsNewPosts: t.field({
    type: WhatsNewPostsPageRef,
    description: "Every post, scheduled ones included, newest first.",
    authScopes: ADMIN,
    args: { skip: t.arg.int({ required: false }), take: t.arg.int({ required: false }) },
    resolve: (_r, a, ctx) => whatsNewPosts(ctx, a),
  }),
  activePortalBanners: t.field({
    type: [PortalBannerRef],
    description: "Banners of this branch's portal showing now. Team banners only for employees.",
    authScopes: PUBLIC,
    args: { targetPortal: t.arg({ type: BannerTargetPortalEnum, required: true }) },
    resolve: (_r, a, ctx) => activePortalBanners(ctx, a.targetPortal),
  }),
  portalBanners: t.field({
    type: [PortalBannerRef],
    description: "Banners (or, with templates, the saved templates) of every branch or one.",
    authScopes: ADMIN,
    args: { templates: t.arg.boolean({ required: false }), branchId: t.arg.id({ required: false }) },
    resolve: (_r, a, ctx) => portalBanners(ctx, { templates: a.templates, branchId: a.branchId || null }),
  }),
}));

const CreateWhatsNewPostInput = builder.inputType("CreateWhatsNewPostInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    bodyHtml: t.string({ description: "HTML; scripts, handlers and unsafe links are removed." }),
    imageUrls: t.stringList({ description: "Images uploaded with uploadWhatsNewImage." }),
    audience: t.field({ type: AudienceEnum, description: "Default ALL." }),
    emphasis: t.field({ type: EmphasisEnum, description: "Default NORMAL." }),
    publishedAt: t.field({ type: "DateTime", description: "Default now; a later time schedules the post." }),
  }),
});

const UpdateWhatsNewPostInput = builder.inputType("UpdateWhatsNewPostInput", {
  description: "Fields left out stay as they are.",
  fields: (t) => ({
    postId: t.id({ required: true }),
    title: t.string(),
    bodyHtml: t.string(),
    imageUrls: t.stringList(),
    audience: t.field({ type: AudienceEnum }),
    emphasis: t.field({ type: EmphasisEnum }),
    publishedAt: t.field({ type: "DateTime" }),
  }),
});

const UploadWhatsNewImageInput = builder.inputType("UploadWhatsNewImageInput", {
  fields: (t) => ({
    fileName: t.string(),
    dataBase64: t.string({
      required: true,
      description: "The file's bytes in base64 (a data: URL is accepted). PNG, JPEG, WebP or GIF, at most 5 MB.",
    }),
  }),
});

const CreatePortalBannerInput = builder.inputType("CreatePortalBannerInput", {
  fields: (t) => ({
    branchId: t.id({ description: "Empty: every branch." }),
    bodyHtml: t.string({ required: true }),
    backgroundColor: t.string({ description: "#RRGGBB, default #FACC15." }),
    startTime: t.field({ type: "DateTime", required: true }),
    endTime: t.field({ type: "DateTime", required: true }),
    targetPortal: t.field({ type: BannerTargetPortalEnum, description: "Default CUSTOMER_PORTAL." }),
    isTemplate: t.boolean({ description: "Save as a template (never shown) instead of a banner." }),
    templateName: t.string(),
  }),
});

const UpdatePortalBannerInput = builder.inputType("UpdatePortalBannerInput", {
  description: "Fields left out stay as they are; branchId null means every branch.",
  fields: (t) => ({
    bannerId: t.id({ required: true }),
    branchId: t.id(),
    bodyHtml: t.string(),
    backgroundColor: t.string(),
    startTime: t.field({ type: "DateTime" }),
    endTime: t.field({ type: "DateTime" }),
    targetPortal: t.field({ type: BannerTargetPortalEnum }),
    templateName: t.string(),
  }),
});

const ok = (message: string) => ({ isSuccess: true, message });
const refused = (message: string) => ({ isSuccess: false, message });

builder.mutationFields((t) => ({
  createWhatsNewPost: t.field({
    type: WhatsNewPostRef,
    authScopes: ADMIN,
    args: { input: t.arg({ type: CreateWhatsNewPostInput, required: true }) },
    resolve: (_r, { input }, ctx) => createWhatsNewPost(ctx, input),
  }),
  updateWhatsNewPost: t.field({
    type: WhatsNewPostRef,
    authScopes: ADMIN,
    args: { input: t.arg({ type: UpdateWhatsNewPostInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateWhatsNewPost(ctx, input),
  }),
  deleteWhatsNewPost: t.field({
    type: ResultRef,
    authScopes: ADMIN,
    args: { postId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await deleteWhatsNewPost(ctx, a.postId);
      return ok("Post deleted.");
    },
  }),
  uploadWhatsNewImage: t.field({
    type: WhatsNewImageRef,
    description: "Stores an image for a post and returns its URL.",
    authScopes: ADMIN,
    args: { input: t.arg({ type: UploadWhatsNewImageInput, required: true }) },
    resolve: (_r, { input }, ctx) => uploadWhatsNewImage(ctx, input),
  }),
  deleteWhatsNewImage: t.field({
    type: WhatsNewPostRef,
    description: "Takes an image off its post and deletes the file.",
    authScopes: ADMIN,
    args: { postId: t.arg.id({ required: true }), url: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => deleteWhatsNewImage(ctx, { postId: a.postId, url: a.url }),
  }),
  createPortalBanner: t.field({
    type: PortalBannerRef,
    authScopes: ADMIN,
    args: { input: t.arg({ type: CreatePortalBannerInput, required: true }) },
    resolve: (_r, { input }, ctx) => createPortalBanner(ctx, { ...input, branchId: input.branchId || null }),
  }),
  updatePortalBanner: t.field({
    type: PortalBannerRef,
    authScopes: ADMIN,
    args: { input: t.arg({ type: UpdatePortalBannerInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      updatePortalBanner(ctx, {
        ...input,
        bannerId: input.bannerId,
        branchId: input.branchId === undefined ? undefined : input.branchId || null,
      }),
  }),
  deletePortalBanner: t.field({
    type: ResultRef,
    authScopes: ADMIN,
    args: { bannerId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await deletePortalBanner(ctx, a.bannerId);
      return ok("Banner deleted.");
    },
  }),
  setPortalBannerAsTemplate: t.field({
    type: ResultRef,
    description: "Saves a copy of the banner as a template (never shown) under this name.",
    authScopes: ADMIN,
    args: { bannerId: t.arg.id({ required: true }), templateName: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      refusalAsResult(async () => {
        await setPortalBannerAsTemplate(ctx, { bannerId: a.bannerId, templateName: a.templateName });
        return ok(`Saved as the template "${a.templateName.trim()}".`);
      }, refused),
  }),
}));
