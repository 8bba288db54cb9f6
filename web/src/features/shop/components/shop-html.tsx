import { SafeHtml } from "@/components/safe-html";
import { cn } from "@/lib/utils";

/** The storefront's banner (StorefrontConfig.bannerHtml) as a hero strip above the products. */
export function ShopBanner({ html, className }: { html: string | null | undefined; className?: string }) {
  if (!html?.trim()) return null;
  return (
    <section
      aria-label="Shop announcement"
      className={cn(
        "relative overflow-hidden rounded-xl bg-gradient-to-br from-brand-navy via-blue-800 to-sky-800 px-5 py-6 text-brand-offwhite shadow-sm sm:px-8 sm:py-8",
        className,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 200 200"
        className="pointer-events-none absolute -top-10 -right-10 size-56 text-white/10 sm:size-72"
      >
        <path d="M100 10 C70 60 40 95 40 130 a60 60 0 0 0 120 0 C160 95 130 60 100 10 Z" fill="currentColor" />
      </svg>
      <SafeHtml
        html={html}
        className="relative grid max-w-2xl gap-2 [&_a]:underline [&_h1]:font-semibold [&_h1]:text-2xl [&_h2]:font-semibold [&_h2]:text-xl [&_h2]:leading-tight [&_h2]:tracking-tight sm:[&_h2]:text-2xl [&_p]:text-brand-offwhite/85 [&_p]:text-sm sm:[&_p]:text-base [&_strong]:text-brand-yellow"
      />
    </section>
  );
}

/** The storefront's footer (StorefrontConfig.footerHtml) under the products. */
export function ShopFooter({ html, className }: { html: string | null | undefined; className?: string }) {
  if (!html?.trim()) return null;
  return (
    <aside
      aria-label="Shop information"
      className={cn("rounded-lg border bg-card px-5 py-4 text-muted-foreground text-sm", className)}
    >
      <SafeHtml
        html={html}
        className="grid gap-1.5 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_strong]:text-foreground"
      />
    </aside>
  );
}
