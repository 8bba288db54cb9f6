import { XIcon } from "lucide-react";
import { z } from "zod";
import { HtmlField, optionsOf, SelectField, useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { ImageUploadButton } from "@/components/image-upload-button";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { fromDateTimeInput, toDateTimeInput } from "@/lib/format";
import { fileToBase64, imageFileProblem } from "@/lib/media";
import {
  AUDIENCE_LABELS,
  EMPHASIS_LABELS,
  useCreateWhatsNewPost,
  useUpdateWhatsNewPost,
  useUploadWhatsNewImage,
  type WhatsNewPost,
} from "../api";

const MAX_IMAGES = 12;
const AUDIENCE_OPTIONS = optionsOf(AUDIENCE_LABELS);
const EMPHASIS_OPTIONS = optionsOf(EMPHASIS_LABELS);

const schema = z.object({
  title: z.string().trim().min(1, "Title is required.").max(200, "Title must be at most 200 characters."),
  bodyHtml: z.string().max(50_000, "The post must be at most 50,000 characters."),
  audience: z.enum(["ADMIN", "ALL", "CUSTOMER", "EMPLOYEE", "EMPLOYEE_AND_CUSTOMER"]),
  emphasis: z.enum(["HEADER", "IMPORTANT", "NORMAL", "SUBTLE"]),
  publishedAt: z.string().min(1, "Published date is required."),
  imageUrls: z.array(z.string()).max(MAX_IMAGES, `A post can have at most ${MAX_IMAGES} images.`),
});
type Values = z.infer<typeof schema>;

/** The form's values: the post's, or a blank one published now. */
const valuesFor = (post: WhatsNewPost | null): Values =>
  post
    ? {
        title: post.title,
        bodyHtml: post.bodyHtml,
        audience: post.audience,
        emphasis: post.emphasis,
        publishedAt: toDateTimeInput(post.publishedAt),
        imageUrls: [...post.imageUrls],
      }
    : {
        title: "",
        bodyHtml: "",
        audience: "ALL",
        emphasis: "NORMAL",
        publishedAt: toDateTimeInput(new Date()),
        imageUrls: [],
      };

/**
 * Write or edit a what's-new post: title, HTML body with preview, images, audience, emphasis, date.
 * Mounted when it opens, so its form starts from the post it edits.
 */
export function PostDialog({ post, onClose }: { post: WhatsNewPost | null; onClose: () => void }) {
  const create = useCreateWhatsNewPost();
  const update = useUpdateWhatsNewPost();
  const upload = useUploadWhatsNewImage();
  const form = useZodForm(schema, valuesFor(post));
  const { errors } = form.formState;
  const images = form.watch("imageUrls");

  async function addImage(file: File) {
    const problem = imageFileProblem(file);
    if (problem) return form.setError("imageUrls", { message: problem });
    if (images.length >= MAX_IMAGES) return form.setError("imageUrls", { message: `At most ${MAX_IMAGES} images.` });
    // a refused or failed upload is shown by the mutation hook
    const r = await upload.run({ input: { fileName: file.name, dataBase64: await fileToBase64(file) } });
    if (!r) return;
    form.setValue("imageUrls", [...form.getValues("imageUrls"), r.uploadWhatsNewImage.url], { shouldDirty: true });
    form.clearErrors("imageUrls");
  }

  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title={post ? "Edit post" : "New post"}
      description="Shown on the What's new page to the audience you choose."
      formLabel={post ? "Edit post" : "New post"}
      submitLabel={post ? "Save post" : "Publish post"}
      className="max-h-[92dvh] overflow-y-auto sm:max-w-4xl"
      labels={{ bodyHtml: "the post", publishedAt: "published date" }}
      onSubmit={(v) => {
        const input = { ...v, publishedAt: fromDateTimeInput(v.publishedAt) ?? "" };
        return post ? update.mutateQuietly({ input: { postId: post.id, ...input } }) : create.mutateQuietly({ input });
      }}
    >
      <FormField label="Title" error={errors.title?.message} required>
        <Input {...form.register("title")} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField control={form.control} name="audience" label="Audience" options={AUDIENCE_OPTIONS} />
        <SelectField control={form.control} name="emphasis" label="Emphasis" options={EMPHASIS_OPTIONS} />
        <FormField label="Published" error={errors.publishedAt?.message} description="A later time schedules the post.">
          <Input type="datetime-local" {...form.register("publishedAt")} />
        </FormField>
      </div>
      <HtmlField
        control={form.control}
        name="bodyHtml"
        label="Body"
        description="HTML: paragraphs, lists, links, images. Scripts and styles are removed."
        rows={8}
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium text-sm">Images</span>
          <ImageUploadButton size="sm" inputLabel="Upload image" pending={upload.isPending} onFile={addImage}>
            Add image
          </ImageUploadButton>
        </div>
        {errors.imageUrls?.message ? (
          <p role="alert" className="text-destructive text-sm">
            {errors.imageUrls.message}
          </p>
        ) : null}
        {images.length ? (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {images.map((url) => (
              <li key={url} className="relative">
                <img src={url} alt="" className="aspect-square w-full rounded-md border object-cover" />
                <Button
                  type="button"
                  size="icon"
                  variant="secondary"
                  className="absolute top-1 right-1 size-6"
                  aria-label="Remove image"
                  onClick={() =>
                    form.setValue(
                      "imageUrls",
                      form.getValues("imageUrls").filter((u) => u !== url),
                      { shouldDirty: true },
                    )
                  }
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-xs">PNG, JPEG, WebP or GIF up to 5 MB; shown under the text.</p>
        )}
      </div>
    </MountedFormDialog>
  );
}
