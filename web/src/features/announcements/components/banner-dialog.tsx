import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { SafeHtml } from "@/components/safe-html";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { describeRequestError } from "@/lib/query-client";
import {
  type BannerTargetPortal,
  type BranchChoice,
  type PortalBanner,
  TARGET_LABELS,
  textColorFor,
  useCreatePortalBanner,
  useRefreshAnnouncements,
  useUpdatePortalBanner,
} from "../api";
import { fromLocalInput, toLocalInput } from "./datetime";

const EVERY_BRANCH = "every";
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
    startTime: toLocalInput(keepWindow && source ? source.startTime : new Date(now).toISOString()),
    endTime: toLocalInput(keepWindow && source ? source.endTime : new Date(now + length).toISOString()),
    targetPortal: source?.targetPortal ?? "CUSTOMER_PORTAL",
  };
}

/** Create a banner (blank or from a template) or edit one: HTML, colour, window, portal and branch. */
export function BannerDialog({
  open,
  onOpenChange,
  banner,
  template,
  branches,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The banner to edit; null for a new one. */
  banner: PortalBanner | null;
  /** A template to start a new banner from. */
  template: PortalBanner | null;
  branches: BranchChoice[];
}) {
  const create = useCreatePortalBanner();
  const update = useUpdatePortalBanner();
  const refresh = useRefreshAnnouncements();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesFor(null, false) });
  const { errors, isSubmitting } = form.formState;
  const color = form.watch("backgroundColor");
  const body = form.watch("bodyHtml");

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (open) form.reset(banner ? valuesFor(banner, true) : valuesFor(template, false));
  }, [open, banner, template]);

  const onSubmit = form.handleSubmit(async (v) => {
    const input = {
      ...v,
      branchId: v.branchId === EVERY_BRANCH ? null : v.branchId,
      startTime: fromLocalInput(v.startTime),
      endTime: fromLocalInput(v.endTime),
    };
    try {
      if (banner) await update.mutateAsync({ input: { bannerId: banner.id, ...input } });
      else await create.mutateAsync({ input });
      toast.success(banner ? "Banner saved." : "Banner created.");
      await refresh();
      onOpenChange(false);
    } catch (error) {
      form.setError("root", { message: describeRequestError(error) });
    }
  });

  const validColor = /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#FACC15";

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {banner ? "Edit banner" : template ? `New banner from "${template.templateName}"` : "New banner"}
          </DialogTitle>
          <DialogDescription>
            Shown across the top of the portal you choose, between the start and end times.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={banner ? "Edit banner" : "New banner"} className="grid gap-4">
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
            <FormField label="Portal">
              {(control) => (
                <Controller
                  control={form.control}
                  name="targetPortal"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={(v) => field.onChange(v as BannerTargetPortal)}>
                      <SelectTrigger {...control} className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {(Object.keys(TARGET_LABELS) as BannerTargetPortal[]).map((t) => (
                          <SelectItem key={t} value={t}>
                            {TARGET_LABELS[t]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField label="Branch">
              {(control) => (
                <Controller
                  control={form.control}
                  name="branchId"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger {...control} className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={EVERY_BRANCH}>Every branch</SelectItem>
                        {branches.map((b) => (
                          <SelectItem key={b.id} value={b.id}>
                            {b.company} ({b.host})
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
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
                    onChange={(e) =>
                      form.setValue("backgroundColor", e.target.value.toUpperCase(), { shouldDirty: true })
                    }
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
          {errors.root?.message ? (
            <Alert variant="destructive">
              <AlertDescription>{errors.root.message}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner size="sm" /> : null}
              {banner ? "Save banner" : "Create banner"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
