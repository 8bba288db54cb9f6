import { CheckIcon, RotateCcwIcon } from "lucide-react";
import { z } from "zod";
import { FormAlert, submitHandler, useUnsavedChangesWarning, useZodForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { type DesktopErrorDetail, useResolveDesktopError, useUnresolveDesktopError } from "../api";

// One error's status: resolve it (optionally with the build that fixes it) or make it active again. A
// resolved error becomes active again by itself when it is reported again.

const resolveSchema = z.object({
  fixedVersion: z.string().trim().max(50, "Fixed in version must be at most 50 characters."),
});

export function ResolveCard({ errorId, detail }: { errorId: string; detail: DesktopErrorDetail }) {
  const resolve = useResolveDesktopError();
  const unresolve = useUnresolveDesktopError();
  const form = useZodForm(resolveSchema, { fixedVersion: "" });
  useUnsavedChangesWarning(form.formState.isDirty);
  const resolved = detail.status === "RESOLVED";
  const busy = resolve.isPending || form.formState.isSubmitting;
  const submit = submitHandler(
    form,
    async (v) => {
      await resolve.mutateQuietly({ errorId, fixedVersion: v.fixedVersion || null });
      form.reset({ fixedVersion: "" });
    },
    { labels: { fixedVersion: "fixed in version" } },
  );

  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>{resolved ? "Resolved" : "Resolve"}</CardTitle>
        <CardDescription>
          {resolved
            ? `Resolved ${formatDateTime(detail.error.resolvedAt)}. It becomes active again if it is reported again.`
            : "Mark it fixed, with the build that fixes it. It becomes active again if it is reported again."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {resolved ? (
          <Button variant="outline" onClick={() => unresolve.run({ errorId })} disabled={unresolve.isPending}>
            {unresolve.isPending ? <Spinner /> : <RotateCcwIcon aria-hidden="true" />}
            Un-resolve
          </Button>
        ) : (
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <FormField
              label="Fixed in version"
              description="Optional, e.g. 7.5.0110."
              error={form.formState.errors.fixedVersion?.message}
            >
              <Input maxLength={50} {...form.register("fixedVersion")} />
            </FormField>
            <FormAlert form={form} />
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : <CheckIcon aria-hidden="true" />}
              Resolve
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
