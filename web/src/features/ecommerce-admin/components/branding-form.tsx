import { ImageIcon, WorkflowIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { FormCard, HtmlField, SelectField, TextField, useStoredForm } from "@/components/form";
import { ImageUploadButton } from "@/components/image-upload-button";
import { sanitizeHtml } from "@/components/sanitize-html";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Separator } from "@/components/ui/separator";
import { fileToBase64, imageFileProblem, useUploadMedia } from "@/lib/media";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { type StorefrontSetup, useSetBranchBranding, useSetSaleWorkflow } from "../api";
import { type BrandingValues, brandingSchema, saleWorkflowSchema } from "../schema";

/** Branch branding: the name, phone, logo, header and footer every portal page shows, and the brand website. */
export function BrandingForm({ setup }: { setup: StorefrontSetup }) {
  const save = useSetBranchBranding();
  const uploadMedia = useUploadMedia();
  const b = setup.branchBranding;
  const stored: BrandingValues = {
    name: b.name,
    phone: b.phone,
    logoUrl: b.logoUrl,
    brandWebsiteUrl: b.brandWebsiteUrl,
    websiteHeaderHtml: b.websiteHeaderHtml,
    websiteFooterHtml: b.websiteFooterHtml,
  };
  const form = useStoredForm(brandingSchema, stored);
  const logoUrl = form.watch("logoUrl");
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const logoBroken = brokenLogo === logoUrl;

  async function uploadLogo(file: File) {
    const problem = imageFileProblem(file);
    if (problem) {
      form.setError("logoUrl", { message: problem });
      return;
    }
    try {
      const r = await uploadMedia.mutateAsync({ input: { fileName: file.name, dataBase64: await fileToBase64(file) } });
      form.setValue("logoUrl", r.uploadMedia.url, { shouldDirty: true, shouldValidate: true });
      toast.success("Logo uploaded. Save branding to use it.");
    } catch (error) {
      // A failed upload is about the logo, whatever it says.
      form.setError("logoUrl", { message: describeMutationError(error) });
    }
  }

  return (
    <FormCard
      form={form}
      title="Branch branding"
      description="Shown on every customer page: sign-in, billing, deliveries and the shop."
      submitLabel="Save branding"
      pending={save.isPending}
      contentClassName="gap-5"
      onSubmit={(v) =>
        save.mutateQuietly({
          input: {
            ...v,
            websiteHeaderHtml: sanitizeHtml(v.websiteHeaderHtml),
            websiteFooterHtml: sanitizeHtml(v.websiteFooterHtml),
          },
        })
      }
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="name" label="Company name" required />
        <TextField control={form.control} name="phone" label="Phone" type="tel" />
        <TextField
          control={form.control}
          name="brandWebsiteUrl"
          label="Brand website"
          description="The logo and header link here."
          type="url"
          placeholder="https://"
        />
      </div>
      <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-[1fr_auto]">
        <TextField
          control={form.control}
          name="logoUrl"
          label="Logo URL"
          description="An https:// address, or upload an image (PNG, JPEG, WebP or GIF, up to 5 MB)."
          placeholder="https://"
        />
        <div className="flex items-end gap-3 sm:pt-6">
          <ImageUploadButton inputLabel="Upload logo" pending={uploadMedia.isPending} onFile={uploadLogo}>
            Upload logo
          </ImageUploadButton>
          <span className="flex h-12 w-28 items-center justify-center overflow-hidden rounded-md border bg-brand-dark p-1.5">
            {logoUrl && !logoBroken ? (
              <img
                src={logoUrl}
                alt="Logo preview"
                className="max-h-full max-w-full object-contain"
                onError={() => setBrokenLogo(logoUrl)}
              />
            ) : (
              <ImageIcon
                aria-label={logoBroken ? "The logo could not be loaded" : "No logo"}
                className="size-5 text-white/50"
              />
            )}
          </span>
        </div>
      </div>
      <Separator />
      <HtmlField
        control={form.control}
        name="websiteHeaderHtml"
        label="Header HTML"
        description="Under the logo on customer pages, e.g. a slogan or a notice."
        rows={4}
      />
      <HtmlField
        control={form.control}
        name="websiteFooterHtml"
        label="Footer HTML"
        description="At the bottom of customer pages: address, hours, links."
        rows={4}
      />
    </FormCard>
  );
}

/** The workflow shortcut run for each online sale: a pick among the branch's active shortcuts. */
export function SaleWorkflowForm({ setup }: { setup: StorefrontSetup }) {
  const save = useSetSaleWorkflow();
  const shortcuts = setup.saleShortcuts;
  const saved = setup.storefrontConfiguration.saleWorkflowShortcutId ?? "";
  // An id saved before shortcuts existed (or one since made inactive) is not offered: it shows as none.
  const stored = shortcuts.some((s) => s.id === saved) ? saved : "";
  const form = useStoredForm(saleWorkflowSchema, { shortcutId: stored });

  return (
    <FormCard
      form={form}
      title="Sale workflow"
      description="The workflow shortcut your team runs for every online sale, e.g. to schedule a follow-up."
      submitLabel="Save workflow"
      pending={save.isPending}
      canEdit={shortcuts.length > 0}
      contentClassName="max-w-xl"
      labels={{ shortcutId: "Workflow shortcut" }}
      onSubmit={(v) => save.mutateQuietly({ shortcutId: v.shortcutId || null })}
    >
      {shortcuts.length ? (
        <SelectField
          control={form.control}
          name="shortcutId"
          label="Workflow shortcut"
          emptyLabel="No workflow"
          options={shortcuts.map((s) => ({ value: s.id, label: s.name }))}
        />
      ) : (
        <Alert variant="info" icon={<WorkflowIcon aria-hidden="true" />}>
          <AlertDescription>
            <p>
              There are no workflow shortcuts yet. Create one (for example, "Schedule the delivery") on the{" "}
              <Link href="/team/shortcuts" className="font-medium underline underline-offset-4">
                shortcuts page
              </Link>
              , then pick it here.
            </p>
          </AlertDescription>
        </Alert>
      )}
    </FormCard>
  );
}
