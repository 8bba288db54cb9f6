import { SafeHtml } from "@/components/safe-html";
import { Badge } from "@/components/ui/badge";
import { formatInstantDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { WhatsNewPost } from "../api";

/** One what's-new post as readers see it; its emphasis sets how loud it is. */
export function WhatsNewPostView({ post, className }: { post: WhatsNewPost; className?: string }) {
  const e = post.emphasis;
  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className={cn(
        "grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs md:p-6",
        e === "HEADER" && "border-t-4 border-t-brand-yellow",
        e === "IMPORTANT" && "border-l-4 border-l-destructive",
        e === "SUBTLE" && "bg-muted/40 shadow-none",
        className,
      )}
    >
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
          <time dateTime={post.publishedAt}>{formatInstantDate(post.publishedAt, null, "long")}</time>
          {e === "IMPORTANT" ? <Badge variant="destructive">Important</Badge> : null}
        </div>
        <h2
          id={`post-${post.id}`}
          className={cn(
            "font-semibold tracking-tight",
            e === "HEADER" ? "text-2xl" : e === "SUBTLE" ? "text-base text-muted-foreground" : "text-lg",
          )}
        >
          {post.title}
        </h2>
      </header>
      <SafeHtml
        html={post.bodyHtml}
        className={cn(
          "grid gap-2 text-sm leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_img]:max-w-full [&_img]:rounded-md [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc",
          e === "SUBTLE" && "text-muted-foreground",
        )}
      />
      {post.imageUrls.length ? (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {post.imageUrls.map((url) => (
            <img
              key={url}
              src={url}
              alt=""
              loading="lazy"
              className="aspect-video w-full rounded-md border object-cover"
            />
          ))}
        </div>
      ) : null}
    </article>
  );
}
