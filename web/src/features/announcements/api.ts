import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// What's new (posts) and portal banners: the public reads (latest posts for the viewer, banners showing
// now) and the admin console's writes.

const PostFields = graphql(`
  fragment WhatsNewPostFields on WhatsNewPost @_unmask {
    id
    title
    bodyHtml
    imageUrls
    audience
    emphasis
    publishedAt
    updatedAt
  }
`);

const BannerFields = graphql(`
  fragment PortalBannerFields on PortalBanner @_unmask {
    id
    branchId
    bodyHtml
    backgroundColor
    startTime
    endTime
    targetPortal
    isTemplate
    templateName
  }
`);

export const WhatsNewLatestQuery = graphql(
  `
  query WhatsNewLatest($count: Int) {
    whatsNewLatestN(count: $count) {
      ...WhatsNewPostFields
    }
  }
`,
  [PostFields],
);

export const WhatsNewPostsQuery = graphql(
  `
  query WhatsNewPosts($skip: Int, $take: Int) {
    whatsNewPosts(skip: $skip, take: $take) {
      totalCount
      posts {
        ...WhatsNewPostFields
      }
    }
  }
`,
  [PostFields],
);

export const PortalBannersQuery = graphql(
  `
  query PortalBanners($templates: Boolean) {
    portalBanners(templates: $templates) {
      ...PortalBannerFields
    }
    branchesOverview {
      id
      company
      host
    }
  }
`,
  [BannerFields],
);

export type WhatsNewPost = ResultOf<typeof WhatsNewLatestQuery>["whatsNewLatestN"][number];
export type Audience = WhatsNewPost["audience"];
export type Emphasis = WhatsNewPost["emphasis"];
export type PortalBanner = ResultOf<typeof PortalBannersQuery>["portalBanners"][number];
export type BannerTargetPortal = PortalBanner["targetPortal"];
export type BranchChoice = ResultOf<typeof PortalBannersQuery>["branchesOverview"][number];

const CreatePostMutation = graphql(
  `
  mutation CreateWhatsNewPost($input: CreateWhatsNewPostInput!) {
    createWhatsNewPost(input: $input) {
      ...WhatsNewPostFields
    }
  }
`,
  [PostFields],
);
const UpdatePostMutation = graphql(
  `
  mutation UpdateWhatsNewPost($input: UpdateWhatsNewPostInput!) {
    updateWhatsNewPost(input: $input) {
      ...WhatsNewPostFields
    }
  }
`,
  [PostFields],
);
const DeletePostMutation = graphql(`
  mutation DeleteWhatsNewPost($postId: ID!) {
    deleteWhatsNewPost(postId: $postId) {
      isSuccess
      message
    }
  }
`);
const UploadImageMutation = graphql(`
  mutation UploadWhatsNewImage($input: UploadWhatsNewImageInput!) {
    uploadWhatsNewImage(input: $input) {
      url
      fileName
      size
    }
  }
`);
const CreateBannerMutation = graphql(
  `
  mutation CreatePortalBanner($input: CreatePortalBannerInput!) {
    createPortalBanner(input: $input) {
      ...PortalBannerFields
    }
  }
`,
  [BannerFields],
);
const UpdateBannerMutation = graphql(
  `
  mutation UpdatePortalBanner($input: UpdatePortalBannerInput!) {
    updatePortalBanner(input: $input) {
      ...PortalBannerFields
    }
  }
`,
  [BannerFields],
);
const DeleteBannerMutation = graphql(`
  mutation DeletePortalBanner($bannerId: ID!) {
    deletePortalBanner(bannerId: $bannerId) {
      isSuccess
      message
    }
  }
`);
const SetBannerAsTemplateMutation = graphql(`
  mutation SetPortalBannerAsTemplate($bannerId: ID!, $templateName: String!) {
    setPortalBannerAsTemplate(bannerId: $bannerId, templateName: $templateName) {
      isSuccess
      message
    }
  }
`);

export type CreatePostInput = VariablesOf<typeof CreatePostMutation>["input"];
export type CreateBannerInput = VariablesOf<typeof CreateBannerMutation>["input"];

export function useWhatsNewLatest(count = 20) {
  return useGqlQuery(WhatsNewLatestQuery, { count });
}
export function useWhatsNewPosts() {
  return useGqlQuery(WhatsNewPostsQuery, { skip: 0, take: 100 });
}
export function usePortalBanners(templates: boolean) {
  return useGqlQuery(PortalBannersQuery, { templates });
}

// After a write: the admin lists and what readers see are fetched again. A refusal or failure is
// shown by the hook (or, for a form's save, on its field).
const ANNOUNCEMENT_QUERIES = ["WhatsNewPosts", "WhatsNewLatest", "PortalBanners", "ActivePortalBanners"];
const after = { invalidates: ANNOUNCEMENT_QUERIES };

export const useCreateWhatsNewPost = () =>
  useGqlMutation(CreatePostMutation, { ...after, successToast: "Post published." });
export const useUpdateWhatsNewPost = () =>
  useGqlMutation(UpdatePostMutation, { ...after, successToast: "Post saved." });
export const useDeleteWhatsNewPost = () => useGqlMutation(DeletePostMutation, { ...after, successToast: true });
export const useUploadWhatsNewImage = () => useGqlMutation(UploadImageMutation);
export const useCreatePortalBanner = () =>
  useGqlMutation(CreateBannerMutation, { ...after, successToast: "Banner created." });
export const useUpdatePortalBanner = () =>
  useGqlMutation(UpdateBannerMutation, { ...after, successToast: "Banner saved." });
export const useDeletePortalBanner = () => useGqlMutation(DeleteBannerMutation, { ...after, successToast: true });
export const useSetPortalBannerAsTemplate = () =>
  useGqlMutation(SetBannerAsTemplateMutation, { ...after, successToast: true });

export const AUDIENCE_LABELS: Record<Audience, string> = {
  ALL: "Everyone",
  CUSTOMER: "Customers",
  EMPLOYEE: "Employees",
  EMPLOYEE_AND_CUSTOMER: "Employees and customers",
  ADMIN: "Admins",
};
export const EMPHASIS_LABELS: Record<Emphasis, string> = {
  HEADER: "Headline",
  IMPORTANT: "Important",
  NORMAL: "Normal",
  SUBTLE: "Subtle",
};
export const TARGET_LABELS: Record<BannerTargetPortal, string> = {
  CUSTOMER_PORTAL: "Customer portal",
  SHOP: "Shop",
  TEAM: "Team back office",
};

/** The text colour of a banner (shared with the banners every portal shows, web/src/lib/banners.ts). */
export { textColorFor } from "@/lib/banners";
