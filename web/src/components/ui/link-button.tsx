import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import { Button, type ButtonProps } from "./button";

/** A link to another page of the app that looks like a button, with an optional icon before its text. */
export function LinkButton({
  href,
  icon: Icon,
  variant,
  size,
  className,
  children,
}: Pick<ButtonProps, "variant" | "size" | "className"> & {
  href: string;
  icon?: LucideIcon;
  children: React.ReactNode;
}) {
  return (
    <Button variant={variant} size={size} className={className} asChild>
      <Link href={href}>
        {Icon ? <Icon aria-hidden="true" /> : null}
        {children}
      </Link>
    </Button>
  );
}
