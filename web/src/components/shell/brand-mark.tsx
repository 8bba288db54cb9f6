import { DropletIcon } from "lucide-react";
import { useState } from "react";
import type { BranchBranding } from "@/lib/branding";
import { newTabProps } from "@/lib/links";
import { cn } from "@/lib/utils";

type BrandMarkProps = {
  branding: Pick<BranchBranding, "name" | "logoUrl" | "brandWebsiteUrl"> | null | undefined;
  className?: string;
  /** Link the mark to the brand's website (new tab). */
  linkToWebsite?: boolean;
  /** Tailwind height class for the logo image. */
  logoClassName?: string;
};

/** The branch's logo (logoUrl), else its name; a neutral mark while the branding is unknown. */
export function BrandMark({ branding, className, linkToWebsite, logoClassName }: BrandMarkProps) {
  const [logoFailed, setLogoFailed] = useState(false);
  const name = branding?.name || "Route Water";
  const showLogo = !!branding?.logoUrl && !logoFailed;
  const content = showLogo ? (
    <img
      src={branding.logoUrl}
      alt={name}
      className={cn("h-9 w-auto max-w-48 object-contain", logoClassName)}
      onError={() => setLogoFailed(true)}
    />
  ) : (
    <span className="flex min-w-0 items-center gap-2">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-yellow text-brand-dark">
        <DropletIcon aria-hidden="true" className="size-4.5" />
      </span>
      <span className="truncate font-semibold text-base tracking-tight">{name}</span>
    </span>
  );
  const website = branding?.brandWebsiteUrl;
  if (linkToWebsite && website) {
    return (
      <a
        href={website}
        {...newTabProps}
        className={cn("flex min-w-0 items-center rounded-md", className)}
        aria-label={`${name} website (opens in a new tab)`}
      >
        {content}
      </a>
    );
  }
  return <span className={cn("flex min-w-0 items-center", className)}>{content}</span>;
}
