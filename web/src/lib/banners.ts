import { graphql, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";

// The portal banners that show now on one portal (customer portal, shop, team back office): what every
// area's layout reads. Writing them is the announcements feature's (admin/whats-new).

export const ActivePortalBannersQuery = graphql(`
  query ActivePortalBanners($targetPortal: BannerTargetPortal!) {
    activePortalBanners(targetPortal: $targetPortal) {
      id
      bodyHtml
      backgroundColor
    }
  }
`);

export type BannerTargetPortal = VariablesOf<typeof ActivePortalBannersQuery>["targetPortal"];

/** Banners change often and matter now: fetched fresh when a page opens (not the usual 3-hour cache). */
export function useActivePortalBanners(targetPortal: BannerTargetPortal) {
  return useGqlQuery(ActivePortalBannersQuery, { targetPortal }, { staleTime: 60_000, retry: false });
}

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
