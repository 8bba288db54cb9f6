import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Controller, type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { optionsOf, SelectField, SwitchField, TextField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { hasOptions, type LeadFormValues, newElement, QUESTION_TYPE_LABELS } from "./forms-schema";
import { NATIVE_FIELD_LABELS } from "./native-fields";

// The builder's questions, in order: add, remove, and reorder by dragging the handle or with the Move
// up / Move down buttons (the keyboard's way). Each says what its answer fills (a lead field or a lead
// custom field), its type, options for a choice, and whether it shows only for an earlier answer.

type CustomField = { id: string; name: string };

function Question({
  form,
  index,
  count,
  fillOptions,
  onMove,
  onRemove,
  dragging,
  dragProps,
}: {
  form: UseFormReturn<LeadFormValues>;
  index: number;
  count: number;
  fillOptions: { value: string; label: string }[];
  onMove: (to: number) => void;
  onRemove: () => void;
  dragging: boolean;
  dragProps: React.LiHTMLAttributes<HTMLLIElement>;
}) {
  const elements = useWatch({ control: form.control, name: "elements" });
  const e = elements[index];
  const name = `elements.${index}` as const;
  const earlier = elements
    .slice(0, index)
    .map((p, i) => ({ value: p.key, label: p.questionText || `Question ${i + 1}` }));
  const title = e?.questionText || `Question ${index + 1}`;
  return (
    <li
      {...dragProps}
      aria-label={`Question ${index + 1}: ${title}`}
      className={cn("grid gap-3 rounded-lg border bg-card p-3 sm:p-4", dragging && "opacity-50")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          draggable
          title="Drag to reorder"
          className="flex size-9 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </span>
        <span className="mr-auto font-medium text-sm">Question {index + 1}</span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={index === 0}
          aria-label={`Move up: ${title}`}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUpIcon aria-hidden="true" />
          <span className="max-sm:sr-only">Move up</span>
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={index === count - 1}
          aria-label={`Move down: ${title}`}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDownIcon aria-hidden="true" />
          <span className="max-sm:sr-only">Move down</span>
        </Button>
        <Button type="button" variant="ghost" size="sm" aria-label={`Remove: ${title}`} onClick={onRemove}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          control={form.control}
          name={`${name}.questionText`}
          label="Question text"
          required
          className="sm:col-span-2"
        />
        <SelectField
          control={form.control}
          name={`${name}.questionType`}
          label="Type"
          options={optionsOf(QUESTION_TYPE_LABELS)}
        />
        <SelectField
          control={form.control}
          name={`${name}.fills`}
          label="Answer fills"
          placeholder="Choose a field"
          options={fillOptions}
        />
        {e && hasOptions(e.questionType) ? (
          <TextField
            control={form.control}
            name={`${name}.options`}
            label="Options"
            multiline
            description="One per line."
            className="sm:col-span-2"
          />
        ) : null}
        <SelectField
          control={form.control}
          name={`${name}.parentKey`}
          label="Show only if"
          emptyLabel="Always shown"
          options={earlier}
        />
        {e?.parentKey ? (
          <TextField control={form.control} name={`${name}.showIfParentEquals`} label="…is answered" required />
        ) : null}
        <SwitchField control={form.control} name={`${name}.isRequired`} label="Required" className="sm:col-span-2" />
      </div>
    </li>
  );
}

export function LeadFormElements({
  form,
  customFields,
}: {
  form: UseFormReturn<LeadFormValues>;
  customFields: CustomField[];
}) {
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: "elements", keyName: "rowId" });
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announce, setAnnounce] = useState("");
  const fillOptions = [
    ...Object.entries(NATIVE_FIELD_LABELS).map(([id, label]) => ({ value: `native:${id}`, label: `Lead: ${label}` })),
    ...customFields.map((f) => ({ value: `custom:${f.id}`, label: `Custom: ${f.name}` })),
  ];
  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    move(from, to);
    setAnnounce(`Question moved to position ${to + 1} of ${fields.length}.`);
    // Keep the keyboard on the moved question's button.
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>(
        `[data-question-list] > li:nth-child(${to + 1}) button`,
      );
      const target = [...buttons].find(
        (b) => !b.disabled && /^Move (up|down)/.test(b.getAttribute("aria-label") ?? ""),
      );
      target?.focus();
    });
  };
  return (
    <section aria-labelledby="questions-heading" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="questions-heading" className="font-semibold">
          Questions
        </h3>
        <Controller
          control={form.control}
          name="elements"
          render={({ fieldState }) => <span className="text-destructive text-sm">{fieldState.error?.message}</span>}
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      <ol data-question-list className="grid gap-3">
        {fields.map((f, i) => (
          <Question
            key={f.rowId}
            form={form}
            index={i}
            count={fields.length}
            fillOptions={fillOptions}
            onMove={(to) => moveTo(i, to)}
            onRemove={() => remove(i)}
            dragging={dragFrom === i}
            dragProps={{
              onDragStart: (ev) => {
                ev.dataTransfer.setData("text/plain", String(i));
                setDragFrom(i);
              },
              onDragEnd: () => setDragFrom(null),
              onDragOver: (ev) => ev.preventDefault(),
              onDrop: (ev) => {
                ev.preventDefault();
                if (dragFrom !== null) moveTo(dragFrom, i);
                setDragFrom(null);
              },
            }}
          />
        ))}
      </ol>
      <Button type="button" variant="outline" className="w-fit" onClick={() => append(newElement())}>
        <PlusIcon aria-hidden="true" />
        Add question
      </Button>
    </section>
  );
}
