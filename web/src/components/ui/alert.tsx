import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

const alertVariants = cva(
  "relative flex w-full flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border px-4 py-3 text-sm [&>[data-slot=alert-icon]>svg]:size-4",
  {
    variants: {
      variant: {
        default: "bg-card text-card-foreground [&>[data-slot=alert-icon]]:text-foreground",
        destructive:
          "border-destructive/45 bg-destructive/8 text-foreground [&>[data-slot=alert-icon]]:text-destructive [&_[data-slot=alert-title]]:text-destructive",
        success:
          "border-success/45 bg-success/8 text-foreground [&>[data-slot=alert-icon]]:text-success [&_[data-slot=alert-title]]:text-success",
        info: "border-info/40 bg-info/8 text-foreground [&>[data-slot=alert-icon]]:text-info [&_[data-slot=alert-title]]:text-info",
        warning:
          "border-warning/50 bg-warning/10 text-foreground [&>[data-slot=alert-icon]]:text-warning [&_[data-slot=alert-title]]:text-warning",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

const defaultIcons = {
  default: InfoIcon,
  destructive: CircleAlertIcon,
  success: CircleCheckIcon,
  info: InfoIcon,
  warning: TriangleAlertIcon,
} as const;

export type AlertProps = React.ComponentProps<"div"> &
  VariantProps<typeof alertVariants> & {
    /** Icon at the left; defaults to one per variant, `null` hides it. */
    icon?: React.ReactNode;
    /** Right-hand slot, e.g. a "Link account instead" button. */
    action?: React.ReactNode;
  };

/**
 * Message box. role="alert" for destructive (announced), role="status" otherwise; override with `role`.
 * Children: <AlertTitle> and/or <AlertDescription>.
 */
export function Alert({ className, variant, icon, action, role, children, ...props }: AlertProps) {
  const v = variant ?? "default";
  const Icon = defaultIcons[v];
  const iconNode = icon === undefined ? <Icon aria-hidden="true" /> : icon;
  return (
    <div
      data-slot="alert"
      data-variant={v}
      role={role ?? (v === "destructive" ? "alert" : "status")}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      {iconNode !== null && iconNode !== false ? (
        <span data-slot="alert-icon" className="flex h-5 shrink-0 items-center">
          {iconNode}
        </span>
      ) : null}
      <div data-slot="alert-body" className="grid min-w-48 flex-1 gap-0.5">
        {children}
      </div>
      {action ? (
        <div data-slot="alert-action" className="ml-auto flex shrink-0 items-center gap-2 self-center">
          {action}
        </div>
      ) : null}
    </div>
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-title" className={cn("font-medium leading-5", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-description"
      className={cn("text-muted-foreground text-sm [&_p]:leading-relaxed", className)}
      {...props}
    />
  );
}
