import { useEffect } from "react";
import { Controller, useFieldArray } from "react-hook-form";
import { z } from "zod";
import { FormCard, useZodForm } from "@/components/form";
import { AddRowButton, RemoveRowButton } from "@/components/form/row-buttons";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { type AdminBranch, useUpdateBranch } from "../../api";
import { enumLabel } from "../../format";

const SEVERITIES = ["NORMAL", "IMPORTANT", "HEADER", "SUBTLE"] as const;
const MAX_NOTICES = 20;
const schema = z.object({
  notices: z
    .array(z.object({ severity: z.enum(SEVERITIES), message: z.string().trim().min(1, "Write the notice's message.") }))
    .max(MAX_NOTICES, `A branch can have at most ${MAX_NOTICES} notices.`),
});
type Values = z.infer<typeof schema>;

const valuesOf = (branch: AdminBranch): Values => ({
  notices: branch.notices.map((n) => ({
    severity: n.severity as Values["notices"][number]["severity"],
    message: n.message,
  })),
});

/** Messages shown to the branch's users, by severity: edited together, saved together. */
export function NoticesCard({ branch }: { branch: AdminBranch }) {
  const update = useUpdateBranch({ successToast: "Notices saved." });
  const form = useZodForm(schema, valuesOf(branch));
  const notices = useFieldArray({ control: form.control, name: "notices" });
  const { errors, isDirty } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved notices change
  useEffect(() => {
    if (!isDirty) form.reset(valuesOf(branch));
  }, [branch.notices]);
  return (
    <FormCard
      form={form}
      title="Notices"
      description="Messages shown to the branch's users, by severity."
      submitLabel="Save notices"
      pending={update.isPending}
      onSubmit={(v) => update.mutateQuietly({ input: { branchId: branch.id, notices: v.notices } })}
    >
      {notices.fields.length === 0 ? <p className="text-muted-foreground text-sm">No notices.</p> : null}
      {notices.fields.map((n, i) => (
        <div key={n.id} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
          <Controller
            control={form.control}
            name={`notices.${i}.severity`}
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger aria-label={`Notice ${i + 1} severity`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SEVERITIES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {enumLabel(s)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <div className="grid gap-1">
            <Textarea
              aria-label={`Notice ${i + 1} message`}
              aria-invalid={errors.notices?.[i]?.message ? true : undefined}
              rows={2}
              {...form.register(`notices.${i}.message`)}
            />
            {errors.notices?.[i]?.message ? (
              <p className="text-destructive text-sm">{errors.notices[i]?.message?.message}</p>
            ) : null}
          </div>
          <RemoveRowButton size="icon-sm" label={`Remove notice ${i + 1}`} onClick={() => notices.remove(i)} />
        </div>
      ))}
      <AddRowButton
        onClick={() => notices.append({ severity: "NORMAL", message: "" })}
        disabled={notices.fields.length >= MAX_NOTICES}
      >
        Add notice
      </AddRowButton>
    </FormCard>
  );
}
