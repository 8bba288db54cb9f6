import { ArrowLeftIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";

/** The small "← List" link above a record's page, back to the list it was opened from. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link href={href} className="flex w-fit items-center gap-1 text-muted-foreground text-sm hover:underline">
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
