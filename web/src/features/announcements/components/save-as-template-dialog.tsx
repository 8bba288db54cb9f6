import { z } from "zod";
import { TextField, useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
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
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title="Save as template"
      description="Start later banners from this one's text, colour and portal."
      submitLabel="Save template"
      className="sm:max-w-md"
      refusalField="templateName"
      pending={save.isPending}
      onSubmit={(v) => save.mutateQuietly({ bannerId: banner.id, templateName: v.templateName })}
    >
      <TextField control={form.control} name="templateName" label="Template name" required maxLength={80} autoFocus />
    </MountedFormDialog>
  );
}
