// The form kit: react-hook-form + zod, the server's refusal on the field it names or in one alert,
// input kept on a failed save, and a warning before unsaved changes are lost.

export { CreateDialog, type CreateDialogProps, type DialogState } from "./create-dialog";
export { CustomFieldInput, CustomFieldInputs, customFieldLabels } from "./custom-field-inputs";
export {
  type CustomFieldDef,
  type CustomFieldFormValues,
  type CustomFieldType,
  type CustomFieldValue,
  customFieldDefaults,
  customFieldKey,
  customFieldValuesToSave,
  shownCustomFields,
} from "./custom-field-values";
export { FieldShell, type FieldShellBaseProps, type FieldShellProps } from "./field-shell";
export { FormAlert } from "./form-alert";
export { FormCard, type FormCardProps } from "./form-card";
export { FormDialog, type FormDialogProps } from "./form-dialog";
export { HtmlField, type HtmlFieldProps } from "./html-field";
export { RadioGroupField, type RadioGroupFieldProps, type RadioOption } from "./radio-group-field";
export { optionsOf, SelectControl, SelectField, type SelectFieldProps, type SelectOption } from "./select-field";
export { submitHandler } from "./submit";
export { SwitchField, type SwitchFieldProps } from "./switch-field";
export { NumberTextField, TextField, type TextFieldProps } from "./text-field";
export { useStoredForm, useStoredValues } from "./use-stored-values";
export { useUnsavedChangesWarning } from "./use-unsaved-changes-warning";
export { fieldNamedBy, type ServerErrorOptions, showServerError, useZodForm } from "./use-zod-form";
