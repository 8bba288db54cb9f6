import { EyeIcon, EyeOffIcon } from "lucide-react";
import * as React from "react";
import { Input, type InputProps } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type PasswordInputProps = Omit<InputProps, "type"> & { containerClassName?: string };

/** Password field with a show/hide toggle button labelled "Show password" / "Hide password". */
export function PasswordInput({ className, containerClassName, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = React.useState(false);
  return (
    <div data-slot="password-input" className={cn("relative w-full", containerClassName)}>
      <Input
        type={visible ? "text" : "password"}
        autoComplete="current-password"
        spellCheck={false}
        autoCapitalize="off"
        disabled={disabled}
        className={cn("pr-9", className)}
        {...props}
      />
      <button
        type="button"
        aria-label={visible ? "Hide password" : "Show password"}
        aria-controls={props.id}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 my-auto mr-0.5 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50"
      >
        {visible ? (
          <EyeOffIcon aria-hidden="true" className="size-4" />
        ) : (
          <EyeIcon aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
