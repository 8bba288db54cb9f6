import { PlusIcon } from "lucide-react";
import { FormAlert, submitHandler, useUnsavedChangesWarning, useZodForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/format";
import { useAddLeadNote, useLeadNotes } from "./api";
import { noteSchema } from "./schema";

/** The lead's notes, newest first, and (for whoever works leads) a note to add. */
export function LeadNotesCard({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  const notes = useLeadNotes(leadId);
  const add = useAddLeadNote();
  const form = useZodForm(noteSchema, { text: "" });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesWarning(isDirty);
  const submit = submitHandler(
    form,
    async ({ text }) => {
      await add.mutateQuietly({ leadId, text });
      form.reset({ text: "" });
    },
    { refusalField: "text" },
  );
  const list = notes.data?.leadNotes;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Notes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canEdit ? (
          <form onSubmit={submit} noValidate aria-label="Add a note" className="grid gap-2">
            <FormField label="New note" error={errors.text?.message}>
              <Textarea rows={2} placeholder="What happened, what was agreed…" {...form.register("text")} />
            </FormField>
            <FormAlert form={form} />
            <Button type="submit" size="sm" className="justify-self-end" disabled={isSubmitting}>
              {isSubmitting ? <Spinner size="sm" /> : <PlusIcon aria-hidden="true" />}
              Add note
            </Button>
          </form>
        ) : null}
        {!list ? (
          <Skeleton className="h-16" />
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">No notes yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Notes">
            {list.map((n) => (
              <li key={n.id} className="grid gap-1 border-l-2 pl-3">
                <p className="whitespace-pre-wrap break-words text-sm">{n.text}</p>
                <p className="text-muted-foreground text-xs">
                  {n.personName ?? "Someone"} · {formatDateTime(n.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
