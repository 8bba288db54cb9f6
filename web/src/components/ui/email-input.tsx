import { Input, type InputProps } from "./input";

/**
 * An email address field: the email keyboard, no capitals and no spelling fixes. Autofill offers the
 * person's email unless told otherwise (autoComplete="username" on sign-in forms).
 */
export function EmailInput(props: Omit<InputProps, "type">) {
  return (
    <Input type="email" autoComplete="email" inputMode="email" autoCapitalize="off" spellCheck={false} {...props} />
  );
}
