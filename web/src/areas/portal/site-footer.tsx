import { linkPhoneNumbers } from "@shared/phone-links.ts";
import { SafeHtml } from "@/components/safe-html";
import type { BranchBranding } from "@/lib/branding";

/** The branch's footer HTML (its phone numbers callable); without it, the branch's name and phone. */
export function SiteFooter({ branding }: { branding: BranchBranding | null }) {
  const html = branding?.websiteFooterHtml?.trim();
  return (
    <footer className="mt-auto border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-3 px-4 py-6 text-muted-foreground text-sm">
        {html ? (
          <SafeHtml
            html={linkPhoneNumbers(html)}
            className="grid gap-1 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2"
          />
        ) : branding ? (
          <p>
            {branding.name}
            {branding.phone ? (
              <>
                {" · "}
                <a href={`tel:${branding.phone.replace(/[^\d+]/g, "")}`} className="hover:underline">
                  {branding.phone}
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
