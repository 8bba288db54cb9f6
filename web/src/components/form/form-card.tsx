import { SaveIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { FormAlert } from "./form-alert";
import { submitHandler } from "./submit";
import { useUnsavedChangesWarning } from "./use-unsaved-changes-warning";
import type { ServerErrorOptions } from "./use-zod-form";

export type FormCardProps<T extends FieldValues> = ServerErrorOptions<T> & {
  form: UseFormReturn<T>;
  /** The card's heading (an h2) and the form's accessible name. */
  title: string;
  description?: ReactNode;
  /** Saves the values; a thrown refusal or failure is shown on its field or in the card's alert. */
  onSubmit: (values: T) => unknown;
  submitLabel?: ReactNode;
  pending?: boolean;
  /** False: the fields show, read-only is up to them, and there is no footer. */
  canEdit?: boolean;
  /** Shown above the fields (e.g. why they cannot be changed). */
  notice?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * A card holding one form that edits something already there: Save and "Discard changes" act once
 * something changed, leaving with unsaved changes asks first, and a failed save keeps what was typed.
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
        onSubmit={submitHandler(form, onSubmit, { labels, refusalField })}
        noValidate
        aria-label={title}
        className="contents"
      >
        <CardContent className="grid grid-cols-1 gap-4">
          {notice}
          {children}
          <FormAlert form={form} />
        </CardContent>
        {canEdit ? (
          <CardFooter className="justify-end gap-2 border-t">
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
