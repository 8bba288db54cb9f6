import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { describeRequestError } from "@/lib/query-client";
import { safeReturnUrl } from "@/lib/router";
import { cn } from "@/lib/utils";
import { homePathFor, useLogin, useRefreshAfterLogin } from "../api";
import { type LoginValues, loginSchema } from "../schema";

type LoginFormProps = {
  /** "team" hides the customer-only Create an account link. */
  variant?: "customer" | "team";
  className?: string;
};

/**
 * Username/email, password (show/hide), Keep me signed in, Sign in (SPEC sections 2, 4, 5). After a
 * successful sign-in the cached queries are refreshed and the user goes to ReturnUrl, else their home.
 */
export function LoginForm({ variant = "customer", className }: LoginFormProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useLogin();
  const refreshAfterLogin = useRefreshAfterLogin();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    // 'invalid email' shows once editing is done (blur after a change), not when an untouched field
    // loses focus; after that, and after a submit, fields re-validate as they change.
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { username: "", password: "", keepSignedIn: false },
  });
  const { errors } = form.formState;
  const usernameField = form.register("username", {
    onBlur: () => {
      if (form.getFieldState("username").isDirty) void form.trigger("username");
    },
    onChange: () => {
      if (form.getFieldState("username").invalid) void form.trigger("username");
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
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
      form.setFocus("password");
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
  });

  const busy = form.formState.isSubmitting || redirecting;

  return (
    <form noValidate onSubmit={onSubmit} className={cn("grid gap-4", className)} aria-label="Sign in">
      {serverMessage ? (
        <Alert variant="destructive">
          <AlertDescription className="text-foreground">{serverMessage}</AlertDescription>
        </Alert>
      ) : null}

      <FormField label="Email" error={errors.username?.message}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          className="h-10"
          {...usernameField}
        />
      </FormField>

      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" className="h-10" {...form.register("password")} />
        )}
      </FormField>

      <Controller
        control={form.control}
        name="keepSignedIn"
        render={({ field }) => (
          <FormField label="Keep me signed in" orientation="horizontal" labelClassName="font-normal">
            <Checkbox
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          </FormField>
        )}
      />

      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <Spinner className="text-current" label="Signing in" /> : null}
        Sign in
      </Button>

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
