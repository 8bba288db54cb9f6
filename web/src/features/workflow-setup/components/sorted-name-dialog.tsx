import { SaveIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormDialog } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type RefusalRules, withRefusalRules } from "../refusals";

/** What a sorted, named entry's form holds (a milestone's, a priority's), plus its own fields. */
export type SortedNameValues = { name: string; sortOrder: string };

/**
 * The dialog of an entry that has a name and a place in its list (a milestone, a priority), new or
 * edited: it starts from the entry's values each time it opens, a refusal that names another entry of
 * that name lands on Name, and below the name and sort order come the entry's own fields.
 */
export function SortedNameDialog<T extends SortedNameValues>({
  open,
  onOpenChange,
  form,
  noun,
  editing,
  startValues,
  description,
  namePlaceholder,
  labels,
  pending,
  onSave,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: UseFormReturn<T>;
  /** "milestone", "priority": in the title, the buttons and the refusal a duplicate name gets. */
  noun: string;
  /** The entry being edited; null for a new one. */
  editing: { id: string; name: string } | null;
  startValues: T;
  description: ReactNode;
  namePlaceholder: string;
  labels: Record<string, string>;
  pending: boolean;
  onSave: (values: T) => Promise<unknown>;
  children: ReactNode;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the entry each time the dialog opens
  useEffect(() => {
    if (open) form.reset(startValues);
  }, [open, editing?.id]);

  const rules = [[new RegExp(`${noun} named`, "i"), "name"]] as RefusalRules<T>;
  const save = withRefusalRules(form, rules, onSave);
  const errors = form.formState.errors as Partial<Record<keyof SortedNameValues, { message?: string }>>;
  const register = form.register as unknown as UseFormReturn<SortedNameValues>["register"];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title={editing ? `Edit ${editing.name}` : `New ${noun}`}
      description={description}
      formLabel={editing ? `Edit ${noun}` : `New ${noun}`}
      submitLabel={editing ? `Save ${noun}` : `Add ${noun}`}
      submitIcon={<SaveIcon aria-hidden="true" />}
      pending={pending}
      labels={labels}
      onSubmit={save}
      className="sm:max-w-md"
    >
      <div className="grid grid-cols-[1fr_7rem] gap-4">
        <FormField label="Name" error={errors.name?.message} required>
          <Input placeholder={namePlaceholder} {...register("name")} />
        </FormField>
        <FormField label="Sort order" error={errors.sortOrder?.message} required>
          <Input inputMode="numeric" className="tabular-nums" {...register("sortOrder")} />
        </FormField>
      </div>
      {children}
    </FormDialog>
  );
}
