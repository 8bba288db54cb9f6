import { MinusIcon, PlusIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type QuantityStepperProps = {
  value: number;
  onChange(quantity: number): void;
  /** Largest allowed quantity (the stock). */
  max: number;
  /** The decrease control is disabled at 1. */
  min?: number;
  disabled?: boolean;
  /** Names the controls, e.g. "Quantity of 5 Gallon Spring Water". */
  label?: string;
  size?: "sm" | "md";
  className?: string;
};

/** − [n] + ; typing a number commits on blur or Enter, clamped to min..max. */
export function QuantityStepper({
  value,
  onChange,
  max,
  min = 1,
  disabled,
  label = "Quantity",
  size = "md",
  className,
}: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  const id = useId();
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = Number.parseInt(text, 10);
    if (!Number.isFinite(n)) return setText(String(value));
    const clamped = Math.max(min, Math.min(max, n));
    setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };
  const h = size === "sm" ? "h-8" : "h-10";
  return (
    <fieldset
      className={cn("inline-flex items-center rounded-md border border-input bg-card p-0 shadow-xs", h, className)}
      aria-label={label}
    >
      <Button
        variant="ghost"
        size="icon"
        className={cn("rounded-r-none", h, size === "sm" ? "w-8" : "w-10")}
        aria-label="Decrease quantity"
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <MinusIcon aria-hidden="true" />
      </Button>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value.replace(/[^0-9]/g, "").slice(0, 3))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
        className={cn(
          "w-11 border-input border-x bg-transparent text-center font-medium text-sm tabular-nums outline-none focus-visible:bg-muted disabled:opacity-50",
          h,
        )}
      />
      <Button
        variant="ghost"
        size="icon"
        className={cn("rounded-l-none", h, size === "sm" ? "w-8" : "w-10")}
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <PlusIcon aria-hidden="true" />
      </Button>
    </fieldset>
  );
}
