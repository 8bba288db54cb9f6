import type { ReactNode } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** The centred card every sign-in and create-account screen sits in (like the login page). */
export function AccountCard({
  title,
  description,
  children,
  footer,
  width = "narrow",
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: "narrow" | "wide";
}) {
  return (
    <div className={cn("mx-auto w-full", width === "wide" ? "max-w-2xl" : "max-w-md")}>
      <DocumentTitle title={title} />
      <Card className="gap-6 py-6 shadow-md">
        <CardHeader className="px-5 sm:px-6">
          <CardTitle asChild className="text-2xl tracking-tight">
            <h1>{title}</h1>
          </CardTitle>
          {description ? <CardDescription className="text-pretty">{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="px-5 sm:px-6">{children}</CardContent>
        {footer ? (
          <CardFooter className="flex-wrap justify-between gap-x-4 gap-y-2 border-t px-5 pt-5 text-sm sm:px-6">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
