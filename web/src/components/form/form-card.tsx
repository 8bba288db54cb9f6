import { SaveIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { FormAlert } from "./form-alert";
import { submitHandler } from "./submit";
import { useUnsavedChangesWarning } from "./use-unsaved-changes-warning";
import type { ServerErrorOptions } from "./use-zod-form";

export type FormCardProps<T extends FieldValues> = ServerErrorOptions<T> & {
  form: UseFormReturn<T>;
  /** The card's heading (an h2) and the form's accessible name. */
  title: string;
  description?: ReactNode;
  /**
   * Saves the values; a thrown refusal or failure is shown on its field or in the card's alert. Returns
   * false when nothing was saved yet (e.g. it waits for a confirmation): the form then stays as typed.
   */
  onSubmit: (values: T) => unknown;
  submitLabel?: ReactNode;
  pending?: boolean;
  /** The fields' grid (default: one column, gap-4); e.g. "max-w-2xl gap-4" for a narrow form. */
  contentClassName?: string;
  /** False: the fields show, read-only is up to them, and there is no footer. */
  canEdit?: boolean;
  /** Shown above the fields (e.g. why they cannot be changed). */
  notice?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * A card holding one form that edits something already there: once something changed an "Unsaved
 * changes" badge shows and Save and "Discard changes" act; leaving with unsaved changes asks first; a
 * failed save keeps what was typed, and a save makes what was saved the form's new starting point
 * (useStoredValues then follows the stored values).
 */
export function FormCard<T extends FieldValues>({
  form,
  title,
  description,
  onSubmit,
  submitLabel = "Save",
  labels,
  refusalField,
  pending,
  canEdit = true,
  notice,
  className,
  contentClassName,
  children,
}: FormCardProps<T>) {
  const { isDirty, isSubmitting } = form.formState;
  const busy = pending || isSubmitting;
  useUnsavedChangesWarning(isDirty);
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <form
        onSubmit={submitHandler(form, onSubmit, { labels, refusalField }, (saved) => {
          // Not when onSubmit waits for a confirmation (false) or put a refusal on a field itself.
          if (saved !== false && Object.keys(form.formState.errors).length === 0) form.reset(form.getValues());
        })}
        noValidate
        aria-label={title}
        className="contents"
      >
        <CardContent className={cn("grid grid-cols-1 gap-4", contentClassName)}>
          {notice}
          {children}
          <FormAlert form={form} />
        </CardContent>
        {canEdit ? (
          <CardFooter className="flex-wrap justify-end gap-2 border-t">
            {isDirty ? (
              <Badge variant="warning" className="mr-auto">
                Unsaved changes
              </Badge>
            ) : null}
            <Button type="button" variant="ghost" disabled={!isDirty || busy} onClick={() => form.reset()}>
              Discard changes
            </Button>
            <Button type="submit" disabled={!isDirty || busy}>
              {busy ? <Spinner size="sm" className="text-current" /> : <SaveIcon aria-hidden="true" />}
              {submitLabel}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
