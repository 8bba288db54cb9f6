import { z } from "zod";
import { optionsOf, SelectField, useZodForm } from "@/components/form";
import { MountedFormDialog } from "@/components/form/mounted-form-dialog";
import { SafeHtml } from "@/components/safe-html";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { fromDateTimeInput, toDateTimeInput } from "@/lib/format";
import {
  type BranchChoice,
  type PortalBanner,
  TARGET_LABELS,
  textColorFor,
  useCreatePortalBanner,
  useUpdatePortalBanner,
} from "../api";

const EVERY_BRANCH = "every";
const TARGET_OPTIONS = optionsOf(TARGET_LABELS);
const HOUR = 3_600_000;

const schema = z
  .object({
    branchId: z.string(),
    bodyHtml: z
      .string()
      .trim()
      .min(1, "The banner needs some text.")
      .max(5_000, "The banner must be at most 5,000 characters."),
    backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour like #FACC15."),
    startTime: z.string().min(1, "Start time is required."),
    endTime: z.string().min(1, "End time is required."),
    targetPortal: z.enum(["CUSTOMER_PORTAL", "SHOP", "TEAM"]),
  })
  .refine((v) => !v.startTime || !v.endTime || new Date(v.endTime) > new Date(v.startTime), {
    message: "The banner must end after it starts.",
    path: ["endTime"],
  });
type Values = z.infer<typeof schema>;

/** The form's values for a new banner, optionally started from a template (its window length kept). */
function valuesFor(source: PortalBanner | null, keepWindow: boolean): Values {
  const now = Date.now();
  const length = source ? new Date(source.endTime).getTime() - new Date(source.startTime).getTime() : 7 * 24 * HOUR;
  return {
    branchId: source?.branchId ?? EVERY_BRANCH,
    bodyHtml: source?.bodyHtml ?? "",
    backgroundColor: source?.backgroundColor ?? "#FACC15",
    startTime: toDateTimeInput(keepWindow && source ? source.startTime : new Date(now).toISOString()),
    endTime: toDateTimeInput(keepWindow && source ? source.endTime : new Date(now + length).toISOString()),
    targetPortal: source?.targetPortal ?? "CUSTOMER_PORTAL",
  };
}

/**
 * Create a banner (blank or from a template) or edit one: HTML, colour, window, portal and branch.
 * Mounted when it opens, so its form starts from the banner or template.
 */
export function BannerDialog({
  banner,
  template,
  branches,
  onClose,
}: {
  /** The banner to edit; null for a new one. */
  banner: PortalBanner | null;
  /** A template to start a new banner from. */
  template: PortalBanner | null;
  branches: BranchChoice[];
  onClose: () => void;
}) {
  const create = useCreatePortalBanner();
  const update = useUpdatePortalBanner();
  const form = useZodForm(schema, banner ? valuesFor(banner, true) : valuesFor(template, false));
  const { errors } = form.formState;
  const color = form.watch("backgroundColor");
  const body = form.watch("bodyHtml");
  const validColor = /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#FACC15";

  return (
    <MountedFormDialog
      onClose={onClose}
      form={form}
      title={banner ? "Edit banner" : template ? `New banner from "${template.templateName}"` : "New banner"}
      description="Shown across the top of the portal you choose, between the start and end times."
      formLabel={banner ? "Edit banner" : "New banner"}
      submitLabel={banner ? "Save banner" : "Create banner"}
      className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
      labels={{ bodyHtml: "the banner", backgroundColor: "colour", startTime: "start time", endTime: "end time" }}
      onSubmit={(v) => {
        const input = {
          ...v,
          branchId: v.branchId === EVERY_BRANCH ? null : v.branchId,
          startTime: fromDateTimeInput(v.startTime) ?? "",
          endTime: fromDateTimeInput(v.endTime) ?? "",
        };
        return banner
          ? update.mutateQuietly({ input: { bannerId: banner.id, ...input } })
          : create.mutateQuietly({ input });
      }}
    >
      <FormField
        label="Banner text"
        error={errors.bodyHtml?.message}
        description="HTML: a line or two, links allowed. Scripts and styles are removed."
        required
      >
        <Textarea rows={3} spellCheck={false} className="font-mono text-xs" {...form.register("bodyHtml")} />
      </FormField>
      <div className="grid gap-1.5">
        <span className="font-medium text-muted-foreground text-sm">Preview</span>
        <div
          className="rounded-md px-4 py-2.5 text-sm [&_a]:font-medium [&_a]:underline [&_p]:my-0.5"
          style={{ backgroundColor: validColor, color: textColorFor(validColor) }}
          data-testid="banner-preview"
        >
          {body.trim() ? <SafeHtml html={body} /> : <span className="opacity-70">Nothing to show yet.</span>}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="targetPortal" label="Portal" options={TARGET_OPTIONS} />
        <SelectField
          control={form.control}
          name="branchId"
          label="Branch"
          options={[
            { value: EVERY_BRANCH, label: "Every branch" },
            ...branches.map((b) => ({ value: b.id, label: `${b.company} (${b.host})` })),
          ]}
        />
        <FormField label="Starts" error={errors.startTime?.message} required>
          <Input type="datetime-local" {...form.register("startTime")} />
        </FormField>
        <FormField label="Ends" error={errors.endTime?.message} required>
          <Input type="datetime-local" {...form.register("endTime")} />
        </FormField>
        <FormField
          label="Colour"
          error={errors.backgroundColor?.message}
          description="Text turns black or white to stay readable."
        >
          {(control) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick a colour"
                value={validColor.toLowerCase()}
                onChange={(e) => form.setValue("backgroundColor", e.target.value.toUpperCase(), { shouldDirty: true })}
                className="h-9 w-12 cursor-pointer rounded-md border bg-card p-1"
              />
              <Input {...control} className="font-mono" {...form.register("backgroundColor")} />
            </div>
          )}
        </FormField>
      </div>
      <p className="text-muted-foreground text-xs">
        Times are in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
      </p>
    </MountedFormDialog>
  );
}
