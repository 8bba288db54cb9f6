import * as React from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** Props FormField gives its control: spread them on an input/select trigger/checkbox. */
export type FormControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

export type FormFieldProps = {
  label: React.ReactNode;
  /** Control id; generated when omitted. */
  id?: string;
  /** Helper text under the control. */
  description?: React.ReactNode;
  /** Error text (e.g. react-hook-form's errors.x?.message); marks the control aria-invalid. */
  error?: React.ReactNode;
  /** Shows a "*" (hidden from screen readers) and sets aria-required. */
  required?: boolean;
  /** "horizontal" puts the control before the label (checkbox, switch). */
  orientation?: "vertical" | "horizontal";
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  className?: string;
  labelClassName?: string;
  /** One element (cloned with id/aria props) or a render function receiving them. */
  children: React.ReactElement | ((control: FormControlProps) => React.ReactNode);
};

/**
 * Label + control + helper text + error text, wired with htmlFor / aria-describedby / aria-invalid, so
 * tests find the control with getByLabel("Email").
 */
export function FormField({
  label,
  id,
  description,
  error,
  required,
  orientation = "vertical",
  hideLabel,
  className,
  labelClassName,
  children,
}: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? `field${generatedId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";

  const control: FormControlProps = { id: controlId };
  const describedBy = [description ? descriptionId : null, hasError ? errorId : null].filter(Boolean).join(" ");
  if (describedBy) control["aria-describedby"] = describedBy;
  if (hasError) control["aria-invalid"] = true;
  if (required) control["aria-required"] = true;

  let rendered: React.ReactNode;
  if (typeof children === "function") {
    rendered = children(control);
  } else {
    const own = children.props as { "aria-describedby"?: string };
    const merged = [own["aria-describedby"], control["aria-describedby"]].filter(Boolean).join(" ") || undefined;
    rendered = React.cloneElement(children as React.ReactElement<Record<string, unknown>>, {
      ...control,
      "aria-describedby": merged,
    });
  }

  // The "*" sits outside the <label> so the label text (and getByLabel("Email", { exact: true })) stays exact.
  const labelNode = (
    <div className={cn("flex items-center gap-0.5", hideLabel && "sr-only")}>
      <Label htmlFor={controlId} className={cn(hasError && "text-destructive", labelClassName)}>
        {label}
      </Label>
      {required ? (
        <span aria-hidden="true" className="font-medium text-destructive text-sm leading-none">
          *
        </span>
      ) : null}
    </div>
  );

  const messages = (
    <>
      {description ? (
        <p id={descriptionId} data-slot="form-description" className="text-muted-foreground text-xs">
          {description}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} data-slot="form-message" role="alert" className="font-medium text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </>
  );

  if (orientation === "horizontal") {
    return (
      <div
        data-slot="form-field"
        data-invalid={hasError || undefined}
        className={cn("flex items-start gap-2.5", className)}
      >
        <div className="flex h-5 items-center">{rendered}</div>
        <div className="grid gap-1 pt-0.5">
          {labelNode}
          {messages}
        </div>
      </div>
    );
  }

  return (
    <div
      data-slot="form-field"
      data-invalid={hasError || undefined}
      className={cn("grid content-start gap-1.5", className)}
    >
      {labelNode}
      {rendered}
      {messages}
    </div>
  );
}
