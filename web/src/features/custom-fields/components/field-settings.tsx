import type { ReactNode } from "react";
import { type Control, type UseFormReturn, useWatch } from "react-hook-form";
import {
  CustomFieldInput,
  type CustomFieldType,
  NumberTextField,
  optionsOf,
  SelectField,
  SwitchField,
  TextField,
} from "@/components/form";
import type { SwitchSetting } from "@/components/switch-fields";
import { Separator } from "@/components/ui/separator";
import type { CustomFieldRow } from "../api";
import { SELECTION_TABLE_LABELS, TABLE_LABELS, TYPE_LABELS } from "../labels";
import { type FieldValues, optionLines } from "../schema";

// A custom field's settings, by its type: a text's length and option list, a number's decimal
// places, a record field's table; the default value as an input of the field's own type; when it is
// shown (another field of the same table and the value it must have); required, read only, pinned,
// inactive; sort order and macro name.

const tableOptions = optionsOf(TABLE_LABELS as Record<string, string>);
const typeOptions = optionsOf(TYPE_LABELS);
const selectionOptions = optionsOf(SELECTION_TABLE_LABELS as Record<string, string>);

type SettingsProps = {
  form: UseFormReturn<FieldValues>;
  /** Every field of the branch: the condition can name one of the same table. */
  fields: readonly CustomFieldRow[];
  /** The field being edited (left out of the conditions it can name); null for a new field. */
  selfId: string | null;
  disabled?: boolean;
};

type TypeSettingsProps = { control: Control<FieldValues>; disabled?: boolean };

/** A text's length and option list (its options once the list is on). */
function TextSettings({ control, disabled }: TypeSettingsProps) {
  const useOptionList = useWatch({ control, name: "useOptionList" });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <NumberTextField
        control={control}
        name="length"
        label="Length"
        description="Longest value (255 when empty)."
        disabled={disabled}
      />
      <SwitchField
        control={control}
        name="useOptionList"
        label="Option list"
        description="The value is picked from a list."
        disabled={disabled}
        className="sm:col-span-2 sm:self-center"
      />
      {useOptionList ? (
        <TextField
          control={control}
          name="options"
          label="Options"
          description="One option a line."
          className="sm:col-span-3"
          multiline
          rows={4}
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}

/** The settings of a field's own type; a type left out has none. */
const TYPE_SETTINGS: Partial<Record<CustomFieldType, (props: TypeSettingsProps) => ReactNode>> = {
  TEXT: TextSettings,
  NUMERIC: (props) => <NumberTextField {...props} name="decimals" label="Decimal places" className="sm:max-w-48" />,
  TABLE_RECORD: (props) => (
    <SelectField
      {...props}
      name="selectionTableId"
      label="Record table"
      placeholder="Choose a table"
      options={selectionOptions}
      className="sm:max-w-72"
    />
  ),
};

/** The field's switches: when a record must have it, who sets it, where it shows. */
const SWITCHES: readonly SwitchSetting<FieldValues>[] = [
  { name: "required", label: "Required", description: "A record cannot be saved without it." },
  { name: "readOnly", label: "Read only", description: "Shown, but only its default or an integration sets it." },
  { name: "pinned", label: "Pinned", description: "Shown in the record's header." },
  { name: "inactive", label: "Inactive", description: "Hidden from forms; values are kept." },
];

export function FieldSettings({
  basic,
  ...props
}: SettingsProps & {
  /** Only name, table, type and the type's own settings (a new field; the rest on its page). */
  basic?: boolean;
}) {
  const { form, selfId, disabled } = props;
  const { control } = form;
  const v = useWatch({ control });
  const type = (v.type ?? "TEXT") as CustomFieldType;
  const TypeSettings = TYPE_SETTINGS[type];
  const asDefined = {
    name: "Default value",
    type,
    required: false,
    readOnly: false,
    useOptionList: type === "TEXT" && !!v.useOptionList,
    optionList: optionLines(v.options ?? ""),
    length: v.length ? Number(v.length) : null,
    decimals: v.decimals ? Number(v.decimals) : null,
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField control={control} name="name" label="Name" required autoComplete="off" disabled={disabled} />
        <SelectField
          control={control}
          name="tableId"
          label="Table"
          options={tableOptions}
          disabled={disabled || !!selfId}
          description={selfId ? "A field stays on its table." : undefined}
        />
        <SelectField control={control} name="type" label="Type" options={typeOptions} disabled={disabled} />
      </div>

      {TypeSettings ? <TypeSettings control={control} disabled={disabled} /> : null}
      {type === "TABLE_RECORD" || basic ? null : (
        <CustomFieldInput
          control={control}
          name="defaultValue"
          field={asDefined}
          label="Default value"
          description="What a record without a value starts with."
          disabled={disabled}
          className="sm:max-w-md"
        />
      )}

      {basic ? null : <MoreSettings {...props} />}
    </div>
  );
}

/** When the field is shown, its switches, sort order and macro name. */
function MoreSettings({ form, fields, selfId, disabled }: SettingsProps) {
  const { control } = form;
  const v = useWatch({ control });
  const parent = fields.find((f) => f.id === v.displayIfFieldId);
  const conditionOptions = fields
    .filter((f) => f.tableId === v.tableId && f.id !== selfId)
    .map((f) => ({ value: f.id, label: f.inactive ? `${f.name} (inactive)` : f.name }));
  return (
    <>
      <Separator />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="displayIfFieldId"
          label="Show only when"
          emptyLabel="Always shown"
          options={conditionOptions}
          disabled={disabled}
          description="Another field of the same table."
        />
        {parent ? (
          <CustomFieldInput
            key={parent.id}
            control={control}
            name="displayIfFieldValue"
            field={{ ...parent, required: false, readOnly: false }}
            label={`${parent.name} is`}
            disabled={disabled}
            className={parent.type === "TRUE_FALSE" ? "sm:mt-7" : undefined}
          />
        ) : null}
      </div>

      <Separator />
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {SWITCHES.map((s) => (
          <SwitchField key={s.name} control={control} {...s} disabled={disabled} />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberTextField
          control={control}
          name="sortOrder"
          label="Sort order"
          description="Lower comes first."
          disabled={disabled}
        />
        <TextField
          control={control}
          name="macroName"
          label="Macro name"
          description="For message templates."
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
        />
      </div>
    </>
  );
}
