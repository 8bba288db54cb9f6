import { SafeHtml } from "@/components/safe-html";
import type { BranchBranding } from "@/lib/branding";

// A North American phone number written in text: "(512) 555-0100", "512-555-0100", "512.555.0100".
const PHONE = /(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]\d{4}/g;

/**
 * The footer HTML with each phone number in its text a tel: link (a phone can call it). Only text
 * between tags is read, never an attribute, and nothing already inside a link.
 */
export function linkPhoneNumbers(html: string): string {
  return html
    .split(/(<a\b[\s\S]*?<\/a>)/i)
    .map((part, i) =>
      i % 2
        ? part
        : part.replace(
            /(^|>)([^<]+)/g,
            (_, start: string, text: string) =>
              `${start}${text.replace(PHONE, (phone) => `<a href="tel:${phone.replace(/[^\d+]/g, "")}">${phone}</a>`)}`,
          ),
    )
    .join("");
}

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
