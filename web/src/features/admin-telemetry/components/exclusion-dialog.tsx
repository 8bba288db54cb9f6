import { z } from "zod";
import { useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { fromDateTimeInput, toDateTimeInput } from "@/lib/format";
import { useAddErrorAlertExclusion } from "../api";

// A new exclusion: errors that match (message contains, program and line equal, where given) count for
// no alert during its period. At least one of them must be given: the server says so.

const exclusionSchema = z.object({
  message: z.string().trim().max(2000, "Message must be at most 2000 characters."),
  program: z.string().trim().max(200, "Program must be at most 200 characters."),
  lineNum: z
    .string()
    .trim()
    .regex(/^(\d+)?$/, "Line must be a whole number."),
  start: z.string().refine((v) => !!fromDateTimeInput(v), "Start is required."),
  end: z.string(),
  comment: z.string().trim().max(500, "Comment must be at most 500 characters."),
});

const DAY = 86_400_000;

export function ExclusionDialog({ onClose }: { onClose: () => void }) {
  const add = useAddErrorAlertExclusion();
  const form = useZodForm(exclusionSchema, {
    message: "",
    program: "",
    lineNum: "",
    start: toDateTimeInput(new Date()),
    end: toDateTimeInput(new Date(Date.now() + 30 * DAY)),
    comment: "",
  });
  const { errors } = form.formState;
  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title="New exclusion"
      description="Errors that match (message contains, program and line equal, where given) count for no alert during the period. They are still listed under Wtd Errors."
      submitLabel="Add exclusion"
      formLabel="New exclusion"
      labels={{ lineNum: "line", end: "the end" }}
      pending={add.isPending}
      onSubmit={(v) =>
        add.mutateQuietly({
          input: {
            message: v.message,
            program: v.program,
            lineNum: v.lineNum ? Number(v.lineNum) : null,
            start: fromDateTimeInput(v.start) ?? "",
            end: fromDateTimeInput(v.end),
            comment: v.comment,
          },
        })
      }
    >
      <FormField label="Message contains" error={errors.message?.message}>
        <Input maxLength={2000} {...form.register("message")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Program" error={errors.program?.message}>
          <Input maxLength={200} {...form.register("program")} />
        </FormField>
        <FormField label="Line" error={errors.lineNum?.message}>
          <Input inputMode="numeric" {...form.register("lineNum")} />
        </FormField>
        <FormField label="Start" required error={errors.start?.message}>
          <Input type="datetime-local" {...form.register("start")} />
        </FormField>
        <FormField label="End" description="Empty: until removed." error={errors.end?.message}>
          <Input type="datetime-local" {...form.register("end")} />
        </FormField>
      </div>
      <FormField label="Comment" error={errors.comment?.message}>
        <Textarea maxLength={500} rows={2} {...form.register("comment")} />
      </FormField>
    </MountedFormDialog>
  );
}
