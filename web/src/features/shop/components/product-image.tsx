import { PackageIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";

type ProductImageProps = {
  /** The photo's URL (`${baseUrl}.${extension}`); a placeholder shows without one or when it fails. */
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Photos load at once (small SVGs, and full-page screenshots see them); false: when scrolled to. */
  eager?: boolean;
  /**
   * true: among the first photos in view, fetched before the page's scripts (the largest thing on a
   * phone's screen); false: after those. Unset: the browser decides.
   */
  priority?: boolean;
};

/** A product photo in a square frame, with a neutral placeholder when there is none. */
export function ProductImage({ src, alt, className, eager, priority }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn("relative aspect-square overflow-hidden rounded-md bg-muted", className)}>
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          loading={eager === false ? "lazy" : "eager"}
          fetchPriority={priority === undefined ? undefined : priority ? "high" : "low"}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground" role="img" aria-label={alt}>
          <PackageIcon aria-hidden="true" className="size-1/3 max-w-16 opacity-60" />
        </div>
      )}
    </div>
  );
}
