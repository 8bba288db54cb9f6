import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useLocation } from "wouter";
import { FormAlert, submitHandler } from "@/components/form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { CurrentPasswordField } from "@/features/account/components/password-fields";
import {
  type EmailOnlyValues,
  emailOnlyResolver,
  type LoginValues,
  loginResolver,
} from "@/features/account/sign-in-resolvers";
import { useLogin, useRefreshAfterLogin, useSendForgotPasswordEmail } from "@/lib/session";

export type View = "login" | "forgot" | "create";

const linkClass = "font-medium text-primary text-sm underline-offset-4 hover:underline";

/** The shop's sign-in dialog: sign in, forgot password, create an account (see ShopLoginDialog). */
export default function ShopLoginViews({
  open,
  onOpenChange,
  view,
  onView,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  view: View;
  onView(v: View): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {view === "login" ? (
          <LoginView onDone={() => onOpenChange(false)} onView={onView} />
        ) : view === "forgot" ? (
          <ForgotView onView={onView} />
        ) : (
          <CreateView onView={onView} onClose={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function LoginView({ onDone, onView }: { onDone(): void; onView(v: View): void }) {
  const login = useLogin();
  const refresh = useRefreshAfterLogin();
  const [, navigate] = useLocation();
  const form = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { username: "", password: "", keepSignedIn: true },
  });
  const { errors, isSubmitting } = form.formState;
  // A refused sign-in shows the server's words in the form's alert; a failure is shown there by the
  // form kit (what was typed stays either way).
  const onSubmit = submitHandler(form, async (v) => {
    const r = await login.mutateAsync({ username: v.username.trim(), password: v.password, autoLogout: false });
    if (!r.login.isSuccess) {
      form.setError("root", { type: "server", message: r.login.message });
      return;
    }
    const user = await refresh().catch(() => null);
    onDone();
    if (r.login.employeePersonId || user?.employeePersonId) navigate("/team");
    else toast.success(`Signed in${user?.firstName ? ` as ${user.firstName}` : ""}.`);
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Sign in</DialogTitle>
        <DialogDescription>Sign in to check out, see your orders and use your saved cards.</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
        <FormAlert form={form} />
        <FormField label="Email" error={errors.username?.message}>
          <Input type="email" autoComplete="username" autoFocus className="h-10" {...form.register("username")} />
        </FormField>
        <CurrentPasswordField error={errors.password?.message} {...form.register("password")} />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-current" label="Signing in" /> : null}
          Sign in
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className={linkClass} onClick={() => onView("create")}>
            Create an account
          </button>
          <button
            type="button"
            className="text-muted-foreground text-sm underline-offset-4 hover:underline"
            onClick={() => onView("forgot")}
          >
            Forgot password?
          </button>
        </div>
      </form>
    </>
  );
}

function ForgotView({ onView }: { onView(v: View): void }) {
  const send = useSendForgotPasswordEmail();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<EmailOnlyValues>({ resolver: emailOnlyResolver, defaultValues: { email: "" } });
  // The server's answer: a confirmation above the field, or a refusal (or failure) in the form's alert.
  const onSubmit = submitHandler(form, async (v) => {
    setSent(null);
    const r = await send.mutateAsync({ email: v.email.trim() });
    if (r.sendForgotPasswordEmail.isSuccess) setSent(r.sendForgotPasswordEmail.message);
    else form.setError("root", { type: "server", message: r.sendForgotPasswordEmail.message });
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset your password</DialogTitle>
        <DialogDescription>We'll email you a link to choose a new password.</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset your password">
        {sent ? (
          <Alert variant="success">
            <AlertDescription className="text-foreground">{sent}</AlertDescription>
          </Alert>
        ) : null}
        <FormAlert form={form} />
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus className="h-10" {...form.register("email")} />
        </FormField>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner className="text-current" label="Sending" /> : null}
          Send reset email
        </Button>
        <button type="button" className={linkClass} onClick={() => onView("login")}>
          Sign in instead
        </button>
      </form>
    </>
  );
}

function CreateView({ onView, onClose }: { onView(v: View): void; onClose(): void }) {
  const [, navigate] = useLocation();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Create an account</DialogTitle>
        <DialogDescription>
          Already a customer? Link your account with your account number and security code from your statement. New
          here? Start with your email address.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3">
        <Button
          size="lg"
          onClick={() => {
            onClose();
            navigate("/v2/account/new/email");
          }}
        >
          Create an account
        </Button>
        <button type="button" className={linkClass} onClick={() => onView("login")}>
          Sign in instead
        </button>
      </div>
    </>
  );
}
