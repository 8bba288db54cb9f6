import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { NativeCheckbox } from "@/components/ui/native-checkbox";
import { PasswordInput } from "@/components/ui/password-input";
import { homePathFor } from "@/lib/overview";
import { describeRequestError } from "@/lib/query-client";
import { safeReturnUrl } from "@/lib/router";
import { useLogin, useRefreshAfterLogin } from "@/lib/session";
import { cn } from "@/lib/utils";
import { type LoginErrors, type LoginValues, loginErrors } from "../sign-in-resolvers";
import { AccountSubmit } from "./account-submit";

type LoginFormProps = {
  /** "team" hides the customer-only Create an account link. */
  variant?: "customer" | "team";
  className?: string;
};

/**
 * Username/email, password (show/hide), Keep me signed in, Sign in. After a
 * successful sign-in the cached queries are refreshed and the user goes to ReturnUrl, else their home.
 */
export function LoginForm({ variant = "customer", className }: LoginFormProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useLogin();
  const refreshAfterLogin = useRefreshAfterLogin();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  // Plain state, no form library: this form is the sign-in page's first load. It behaves as the
  // react-hook-form forms do (mode onSubmit, re-validate on change): nothing is flagged until a submit,
  // except an email that was edited and left ('invalid email' on blur); a flagged field re-checks as it
  // changes; after a submit every field re-checks as it changes; a failed submit focuses the first bad field.
  const [values, setValues] = useState<LoginValues>({ username: "", password: "", keepSignedIn: false });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const recheck = (field: "username" | "password", next: LoginValues) =>
    setErrors((current) => ({ ...current, [field]: loginErrors(next)[field] }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const found = loginErrors(values);
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await signIn();
    } finally {
      setSubmitting(false);
    }
  };

  const signIn = async () => {
    setServerMessage(null);
    let result: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      result = await login.mutateAsync({
        username: values.username.trim(),
        password: values.password,
        autoLogout: !values.keepSignedIn,
      });
    } catch (error) {
      setServerMessage(describeRequestError(error));
      return;
    }
    if (!result.login.isSuccess) {
      setServerMessage(result.login.message);
      passwordRef.current?.focus();
      return;
    }
    setRedirecting(true);
    let home = result.login.employeePersonId ? "/team" : "/v2/billing";
    try {
      const user = await refreshAfterLogin();
      if (user) home = homePathFor(user);
    } catch {
      // the next page loads the user again and shows any error itself
    }
    const returnUrl = safeReturnUrl(new URLSearchParams(search).get("ReturnUrl"));
    navigate(returnUrl ?? home, { replace: true });
  };

  const busy = submitting || redirecting;

  return (
    <form noValidate onSubmit={onSubmit} className={cn("grid gap-4", className)} aria-label="Sign in">
      {serverMessage ? (
        <Alert variant="destructive">
          <AlertDescription className="text-foreground">{serverMessage}</AlertDescription>
        </Alert>
      ) : null}

      <FormField label="Email" error={errors.username?.message}>
        <EmailInput
          autoComplete="username"
          autoFocus
          className="h-10"
          name="username"
          ref={usernameRef}
          value={values.username}
          onChange={(event) => {
            const next = { ...values, username: event.target.value };
            setValues(next);
            if (submitted || errors.username) recheck("username", next);
          }}
          onBlur={() => {
            if (values.username !== "") recheck("username", values);
          }}
        />
      </FormField>

      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            className="h-10"
            name="password"
            ref={passwordRef}
            value={values.password}
            onChange={(event) => {
              const next = { ...values, password: event.target.value };
              setValues(next);
              if (submitted) recheck("password", next);
            }}
          />
        )}
      </FormField>

      <FormField label="Keep me signed in" orientation="horizontal" labelClassName="font-normal">
        {(control) => (
          <NativeCheckbox
            {...control}
            checked={values.keepSignedIn}
            onChange={(event) => {
              const keepSignedIn = event.target.checked;
              setValues((v) => ({ ...v, keepSignedIn }));
            }}
            name="keepSignedIn"
          />
        )}
      </FormField>

      <AccountSubmit busy={busy} busyLabel="Signing in">
        Sign in
      </AccountSubmit>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        {variant === "customer" ? (
          <Link href="/v2/account/new/email" className="font-medium text-primary underline-offset-4 hover:underline">
            Create an account
          </Link>
        ) : (
          <Link href="/v2/account/login" className="text-muted-foreground underline-offset-4 hover:underline">
            Customer sign in
          </Link>
        )}
        <Link href="/v2/account/forgot-password" className="text-muted-foreground underline-offset-4 hover:underline">
          Reset password
        </Link>
      </div>
    </form>
  );
}
