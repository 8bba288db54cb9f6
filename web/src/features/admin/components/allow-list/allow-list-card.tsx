import { useEffect, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { z } from "zod";
import { FormCard, showServerError, useZodForm } from "@/components/form";
import { AddRowButton, RemoveRowButton } from "@/components/form/row-buttons";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type BranchIpWhitelist, useUpdateDatabaseFirewall } from "../../api";
import { addressInRanges, looksLikeAddress } from "./ip-ranges";

// One branch's IP allow-list. Rules the form states before anything is sent:
// - an entry needs an address; a row left wholly empty is dropped;
// - a comment that looks like an address (typed in the wrong field) is refused on that field;
// - a list that leaves out the admin's own current address is saved only after a confirmation that
//   names the address, since employees signing in from it are refused at once.

const schema = z.object({
  entries: z.array(z.object({ cidr: z.string().trim(), comment: z.string().trim() })).superRefine((entries, ctx) => {
    entries.forEach((e, i) => {
      if (e.cidr || !e.comment) return;
      if (looksLikeAddress(e.comment))
        ctx.addIssue({
          code: "custom",
          path: [i, "comment"],
          message: `"${e.comment}" is an address: type it in the Address field; the comment is a note (like "North office").`,
        });
      else
        ctx.addIssue({
          code: "custom",
          path: [i, "cidr"],
          message: "An entry needs an address (like 203.0.113.7 or 10.1.0.0/16).",
        });
    });
  }),
});
type Values = z.infer<typeof schema>;

const valuesOf = (branch: BranchIpWhitelist): Values => ({
  entries: branch.entries.map((e) => ({ cidr: e.cidr, comment: e.comment })),
});

/** The entries that will be saved: rows with an address (an empty row is dropped). */
const kept = (v: Values) => v.entries.filter((e) => e.cidr !== "");

export function AllowListCard({
  branch,
  yourAddress,
  title = branch.company,
}: {
  branch: BranchIpWhitelist;
  yourAddress: string;
  /** The card's heading: the branch's company unless given (on the branch page, "IP allow-list"). */
  title?: string;
}) {
  const update = useUpdateDatabaseFirewall({ successToast: `Allow-list of ${branch.company} saved.` });
  const form = useZodForm(schema, valuesOf(branch));
  const rows = useFieldArray({ control: form.control, name: "entries" });
  const [confirming, setConfirming] = useState<Values | null>(null);
  const { errors, isDirty } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved list changes
  useEffect(() => {
    if (!isDirty) form.reset(valuesOf(branch));
  }, [branch.entries]);

  const save = async (v: Values) => {
    const entries = kept(v);
    await update.mutateQuietly({ branchId: branch.branchId, entries });
    form.reset({ entries });
  };
  const shutsOut = (v: Values) => {
    const ranges = kept(v).map((e) => e.cidr);
    return ranges.length > 0 && !addressInRanges(yourAddress, ranges);
  };
  const typed = form.watch("entries");
  const warn = isDirty && shutsOut({ entries: typed.map((e) => ({ cidr: e.cidr.trim(), comment: e.comment })) });
  const warning = `Your address ${yourAddress} is not on the list: employees signing in from it will be refused.`;
  const n = branch.entries.length;

  return (
    <FormCard
      form={form}
      title={title}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono">
            #{branch.branchNumber} · {branch.host}
          </span>
          {n ? <Badge variant="warning">{n} allowed</Badge> : <Badge variant="secondary">Every address</Badge>}
          <span>
            {n
              ? "Employee sign-in, API keys and telemetry are accepted only from these addresses."
              : "The list is empty: every address is allowed."}
          </span>
        </span>
      }
      submitLabel="Save list"
      pending={update.isPending}
      onSubmit={async (v) => {
        if (shutsOut(v)) {
          setConfirming(v);
          return false; // saved once confirmed
        }
        await save(v);
      }}
    >
      {rows.fields.map((row, i) => (
        <div key={row.id} className="grid gap-2 sm:grid-cols-[14rem_1fr_auto] sm:items-start">
          <FormField
            label={
              <>
                Address<span className="sr-only"> {i + 1}</span>
              </>
            }
            error={errors.entries?.[i]?.cidr?.message}
          >
            <Input
              placeholder="203.0.113.7 or 10.1.0.0/16"
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              {...form.register(`entries.${i}.cidr`)}
            />
          </FormField>
          <FormField
            label={
              <>
                Comment<span className="sr-only"> {i + 1}</span>
              </>
            }
            error={errors.entries?.[i]?.comment?.message}
          >
            <Input placeholder="Office, owner's home…" autoComplete="off" {...form.register(`entries.${i}.comment`)} />
          </FormField>
          <RemoveRowButton
            className="sm:mt-6"
            label={`Remove ${typed[i]?.cidr || `address ${i + 1}`}`}
            onClick={() => rows.remove(i)}
          />
        </div>
      ))}
      <AddRowButton onClick={() => rows.append({ cidr: "", comment: "" })}>Add address</AddRowButton>
      {warn ? (
        <Alert variant="warning">
          <AlertTitle>This list leaves out your address</AlertTitle>
          <AlertDescription>{warning}</AlertDescription>
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Save a list without your address?"
        description={warning}
        confirmLabel="Save anyway"
        destructive
        onConfirm={async () => {
          if (!confirming) return;
          try {
            await save(confirming);
          } catch (error) {
            showServerError(form, error);
          }
          setConfirming(null);
        }}
      />
    </FormCard>
  );
}
