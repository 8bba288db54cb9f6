import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { EMAIL_PATTERN, messages } from "./messages";

// Sign-in validation without zod: the sign-in form (the sign-in page's first load, plain React state)
// and the shop's sign-in dialog (react-hook-form, through the resolvers below) check with these. Same
// rules and messages as the zod schemas in schema.ts; values come back as zod would give them (email
// trimmed). Only types come from react-hook-form.

export type LoginValues = { username: string; password: string; keepSignedIn: boolean };
export type EmailOnlyValues = { email: string };
type FieldError = { type: string; message: string };
export type LoginErrors = { username?: FieldError; password?: FieldError };

function emailError(value: string): FieldError | undefined {
  return EMAIL_PATTERN.test(value.trim()) ? undefined : { type: "pattern", message: messages.invalidEmail };
}

/** Email: trimmed, must look like an email ('invalid email'); password: required ('password required'). */
export function loginErrors(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const username = emailError(values.username);
  if (username) errors.username = username;
  if (!values.password) errors.password = { type: "required", message: messages.passwordRequired };
  return errors;
}

function result<T extends FieldValues>(values: T, errors: FieldErrors<T>) {
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
}

export const loginResolver: Resolver<LoginValues> = async (values) =>
  result({ ...values, username: values.username.trim() }, loginErrors(values) as FieldErrors<LoginValues>);

/** One email field: trimmed, must look like an email ('invalid email'). */
export const emailOnlyResolver: Resolver<EmailOnlyValues> = async (values) => {
  const error = emailError(values.email);
  return result({ email: values.email.trim() }, error ? { email: error } : {});
};
