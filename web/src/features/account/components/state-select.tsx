import { CANADIAN_PROVINCES, NOT_APPLICABLE, US_STATES } from "@shared/states.ts";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

// Radix Select items can't have an empty value, so N/A travels as this token inside the control.
const NA_TOKEN = "__na__";

/** The state selector. `value` undefined: nothing chosen yet; "" is N/A. */
export function StateSelect({
  value,
  onChange,
  onBlur,
  id,
  ...aria
}: {
  value: string | undefined;
  onChange: (code: string) => void;
  onBlur?: () => void;
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}) {
  return (
    <Select
      value={value === undefined ? undefined : value === "" ? NA_TOKEN : value}
      onValueChange={(v) => onChange(v === NA_TOKEN ? "" : v)}
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
    >
      <SelectTrigger id={id} className="data-[size=default]:h-10" {...aria}>
        <SelectValue placeholder="Choose a state" />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        <SelectItem value={NA_TOKEN}>{NOT_APPLICABLE.name}</SelectItem>
        <SelectGroup>
          <SelectLabel>United States</SelectLabel>
          {US_STATES.map((s) => (
            <SelectItem key={s.code} value={s.code}>
              {s.name}
            </SelectItem>
          ))}
        </SelectGroup>
        <SelectGroup>
          <SelectLabel>Canada</SelectLabel>
          {CANADIAN_PROVINCES.map((s) => (
            <SelectItem key={s.code} value={s.code}>
              {s.name}
            </SelectItem>
          ))}
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}
