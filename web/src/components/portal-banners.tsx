import { SafeHtml } from "@/components/safe-html";
import { type BannerTargetPortal, textColorFor, useActivePortalBanners } from "@/lib/banners";

// The portal banners of this branch that show now on one portal (customer portal, shop, team back
// office): written by super admins (admin/whats-new), cleaned on save and again here (SafeHtml), each on
// its own colour with black or white text, whichever reads better. Nothing while loading or on error:
// a banner is never worth an error message on someone else's page.

export function PortalBanners({ target }: { target: BannerTargetPortal }) {
  const { data } = useActivePortalBanners(target);
  const banners = data?.activePortalBanners ?? [];
  if (!banners.length) return null;
  return (
    <section aria-label="Announcements" className="mb-4 grid gap-2 md:mb-6" data-testid="portal-banners">
      {banners.map((b) => (
        <div
          key={b.id}
          role="status"
          className="rounded-md px-4 py-2.5 text-sm shadow-xs [&_a]:font-medium [&_a]:underline [&_img]:inline-block [&_img]:max-h-10 [&_p]:my-0.5"
          style={{ backgroundColor: b.backgroundColor, color: textColorFor(b.backgroundColor) }}
        >
          <SafeHtml html={b.bodyHtml} />
        </div>
      ))}
    </section>
  );
}
