// Branch-branded mail: one layout for every message, as HTML and as plain text (the text part carries
// the same links, so a reader without HTML, or the log of the embedded default, has everything).

export type MailBranding = {
  name: string;
  phone?: string;
  logoUrl?: string;
  brandWebsiteUrl?: string;
};

export type BrandedMail = {
  /** Short heading at the top of the message. */
  heading: string;
  greeting?: string;
  /** Paragraphs before the button. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print after the button (e.g. "This link expires in an hour."). */
  footnotes?: string[];
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const isHttpUrl = (s: string | undefined): s is string => !!s && /^https?:\/\//i.test(s);

export function renderBrandedMail(branding: MailBranding, mail: BrandedMail): { html: string; text: string } {
  const textParts = [
    mail.greeting,
    ...mail.paragraphs,
    mail.action ? `${mail.action.label}: ${mail.action.url}` : undefined,
    ...(mail.footnotes ?? []),
    "--",
    [branding.name, branding.phone].filter(Boolean).join(" · "),
    isHttpUrl(branding.brandWebsiteUrl) ? branding.brandWebsiteUrl : undefined,
  ].filter((p): p is string => !!p);
  const text = `${textParts.join("\n\n")}\n`;

  const name = escapeHtml(branding.name);
  const logo = isHttpUrl(branding.logoUrl)
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${name}" height="40" style="display:block;height:40px;max-width:200px;border:0">`
    : `<span style="font-size:20px;font-weight:700;color:#F8FAFC">${name}</span>`;
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#0F172A">${escapeHtml(s)}</p>`;
  const button = mail.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:#1E3A8A">
<a href="${escapeHtml(mail.action.url)}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(mail.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569">If the button doesn't work, copy this address into your browser:<br>
<a href="${escapeHtml(mail.action.url)}" style="color:#1E3A8A;word-break:break-all">${escapeHtml(mail.action.url)}</a></p>`
    : "";
  const notes = (mail.footnotes ?? [])
    .map((n) => `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#475569">${escapeHtml(n)}</p>`)
    .join("");
  const footer = [
    name,
    branding.phone ? escapeHtml(branding.phone) : "",
    isHttpUrl(branding.brandWebsiteUrl)
      ? `<a href="${escapeHtml(branding.brandWebsiteUrl)}" style="color:#475569">${escapeHtml(branding.brandWebsiteUrl.replace(/^https?:\/\//, ""))}</a>`
      : "",
  ]
    .filter(Boolean)
    .join(" &middot; ");

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(mail.heading)}</title></head>
<body style="margin:0;padding:0;background:#F1F5F9;font-family:Roboto,'Helvetica Neue',Arial,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#F1F5F9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #E2E8F0">
<tr><td style="background:#0F172A;padding:18px 28px;border-bottom:4px solid #FACC15">${logo}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 18px;font-size:22px;line-height:1.3;color:#0F172A">${escapeHtml(mail.heading)}</h1>
${mail.greeting ? p(mail.greeting) : ""}${mail.paragraphs.map(p).join("")}${button}${notes}
</td></tr>
<tr><td style="padding:16px 28px;background:#F8FAFC;border-top:1px solid #E2E8F0;font-size:12px;color:#475569">${footer}</td></tr>
</table></td></tr></table></body></html>`;
  return { html, text };
}
