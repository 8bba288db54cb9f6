import { z } from "zod";
import { FormDialog, useZodForm } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type PortalBanner, useSetPortalBannerAsTemplate } from "../api";

// Save a banner as a template: later banners start from its text, colour and portal. The server's
// refusal (a name already taken...) lands on the name.

const templateSchema = z.object({
  templateName: z
    .string()
    .trim()
    .min(1, "Template name is required.")
    .max(80, "Template name must be at most 80 characters."),
});

export function SaveAsTemplateDialog({ banner, onClose }: { banner: PortalBanner; onClose: () => void }) {
  const save = useSetPortalBannerAsTemplate();
  const form = useZodForm(templateSchema, { templateName: "" });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      title="Save as template"
      description="Start later banners from this one's text, colour and portal."
      submitLabel="Save template"
      className="sm:max-w-md"
      refusalField="templateName"
      pending={save.isPending}
      onSubmit={(v) => save.mutateQuietly({ bannerId: banner.id, templateName: v.templateName })}
    >
      <FormField label="Template name" error={form.formState.errors.templateName?.message} required>
        <Input maxLength={80} autoFocus {...form.register("templateName")} />
      </FormField>
    </FormDialog>
  );
}
