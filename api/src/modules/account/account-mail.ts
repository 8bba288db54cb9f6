import { type BrandedMail, renderBrandedMail } from "../../integrations/mail/template.ts";
import { log } from "../../log.ts";
import type { Context } from "../../runtime.ts";

// The account messages (verification, password reset, change notices), branded with the branch and
// linking to <PUBLIC_URL>/v2/account/...?token=...&host=<branch>.

export function accountLink(ctx: Context, path: string, token: string) {
  const base = ctx.runtime.config.PUBLIC_URL.replace(/\/$/, "");
  const params = new URLSearchParams({ token, host: ctx.branch.host });
  return `${base}${path}?${params}`;
}

/** j***@example.com: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Sends without holding up the request: the mailer records every message (and any failure) in the
 * outbox; an error here is logged, never shown to the visitor.
 */
export function sendAccountMail(
  ctx: Context,
  to: string,
  subject: string,
  mail: BrandedMail,
  secrets: string[] = [],
): Promise<void> {
  const b = ctx.branch;
  const { html, text } = renderBrandedMail(
    { name: b.company, phone: b.phone, logoUrl: b.logoUrl, brandWebsiteUrl: b.brandWebsiteUrl },
    mail,
  );
  return ctx.runtime.mailer
    .send({ branchId: b.id, to, subject, text, html, fromName: b.company, secrets })
    .catch((error) => log.error("account mail failed", { to, subject, error }));
}

export function verificationMail(
  ctx: Context,
  input: { to: string; firstName: string; token: string; change: boolean },
) {
  const url = accountLink(ctx, "/v2/account/verify-email", input.token);
  const name = ctx.branch.company;
  return sendAccountMail(
    ctx,
    input.to,
    input.change ? `Confirm your new email address for ${name}` : `Verify your email for ${name}`,
    {
      heading: input.change ? "Confirm your new email address" : "Confirm your email address",
      greeting: input.firstName ? `Hello ${input.firstName},` : undefined,
      paragraphs: input.change
        ? [`You asked to use this address to sign in to your ${name} account. Confirm it to finish the change.`]
        : [`Thanks for creating your ${name} account. Please confirm that this is your email address.`],
      action: { label: "Verify email", url },
      footnotes: [
        "This link expires in 48 hours and can be used once.",
        input.change
          ? "If you didn't ask for this, ignore this email: your account keeps its current address."
          : "If you didn't create an account, you can ignore this email.",
      ],
    },
    [input.token],
  );
}

export function resetPasswordMail(ctx: Context, input: { to: string; firstName: string; token: string }) {
  const url = accountLink(ctx, "/v2/account/reset-password", input.token);
  return sendAccountMail(
    ctx,
    input.to,
    `Reset your password for ${ctx.branch.company}`,
    {
      heading: "Reset your password",
      greeting: input.firstName ? `Hello ${input.firstName},` : undefined,
      paragraphs: [
        `We received a request to reset the password of your ${ctx.branch.company} account. Choose a new password with the button below.`,
      ],
      action: { label: "Choose a new password", url },
      footnotes: [
        "This link expires in 1 hour and can be used once.",
        "If you didn't ask for this, you can ignore this email: your password stays the same.",
      ],
    },
    [input.token],
  );
}

export function emailChangeNoticeMail(ctx: Context, input: { to: string; firstName: string; newEmail: string }) {
  return sendAccountMail(ctx, input.to, `Your ${ctx.branch.company} email address is changing`, {
    heading: "Your email address is changing",
    greeting: input.firstName ? `Hello ${input.firstName},` : undefined,
    paragraphs: [
      `Someone signed in to your account asked to sign in with ${maskEmail(input.newEmail)} from now on. The change happens once that address is confirmed.`,
      `If this wasn't you, reset your password and call us${ctx.branch.phone ? ` at ${ctx.branch.phone}` : ""}.`,
    ],
  });
}

export function passwordChangedMail(ctx: Context, input: { to: string; firstName: string }) {
  return sendAccountMail(ctx, input.to, `Your ${ctx.branch.company} password was changed`, {
    heading: "Your password was changed",
    greeting: input.firstName ? `Hello ${input.firstName},` : undefined,
    paragraphs: [
      "The password of your account was just changed, and other devices were signed out.",
      `If this wasn't you, reset your password now and call us${ctx.branch.phone ? ` at ${ctx.branch.phone}` : ""}.`,
    ],
  });
}
