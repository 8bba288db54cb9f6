import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlMutation, useGqlQuery } from "@/lib/query-client";

// What's new (posts) and portal banners: the public reads (latest posts for the viewer, banners showing
// now) and the admin console's writes (SPEC section 7).

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

export const ActivePortalBannersQuery = graphql(`
  query ActivePortalBanners($targetPortal: BannerTargetPortal!) {
    activePortalBanners(targetPortal: $targetPortal) {
      id
      bodyHtml
      backgroundColor
    }
  }
`);

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
/** Banners change often and matter now: fetched fresh when a page opens (not the usual 3-hour cache). */
export function useActivePortalBanners(targetPortal: BannerTargetPortal) {
  return useGqlQuery(ActivePortalBannersQuery, { targetPortal }, { staleTime: 60_000, retry: false });
}

export const useCreateWhatsNewPost = () => useGqlMutation(CreatePostMutation);
export const useUpdateWhatsNewPost = () => useGqlMutation(UpdatePostMutation);
export const useDeleteWhatsNewPost = () => useGqlMutation(DeletePostMutation);
export const useUploadWhatsNewImage = () => useGqlMutation(UploadImageMutation);
export const useCreatePortalBanner = () => useGqlMutation(CreateBannerMutation);
export const useUpdatePortalBanner = () => useGqlMutation(UpdateBannerMutation);
export const useDeletePortalBanner = () => useGqlMutation(DeleteBannerMutation);
export const useSetPortalBannerAsTemplate = () => useGqlMutation(SetBannerAsTemplateMutation);

/** After a write: the admin lists and what readers see. */
export function useRefreshAnnouncements() {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      ["WhatsNewPosts", "WhatsNewLatest", "PortalBanners", "ActivePortalBanners"].map((k) =>
        client.invalidateQueries({ queryKey: [k] }),
      ),
    );
  }, [client]);
}

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

/** Black or white text, whichever reads better on the banner's colour. */
export function textColorFor(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return "#0f172a";
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number.parseInt(c as string, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? "#0f172a" : "#ffffff";
}
