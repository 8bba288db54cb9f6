import { cn } from "@/lib/utils";

/** The person's photo, or their initials on a tinted disc. Decorative: the name is always beside it. */
export function PersonAvatar({
  name,
  photoUrl,
  className,
}: {
  name: string;
  photoUrl?: string | null;
  className?: string;
}) {
  const frame = cn("flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full", className);
  if (photoUrl) return <img src={photoUrl} alt="" className={cn(frame, "bg-muted object-cover")} />;
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  return (
    <span aria-hidden="true" className={cn(frame, "bg-primary/10 font-medium text-primary text-sm")}>
      {letters || "?"}
    </span>
  );
}
